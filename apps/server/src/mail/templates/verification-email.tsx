/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The email that confirms a new clinic account's address (docs/product.md#states-account): a
 * button to the single-use verification link, which lasts 24 hours.
 */
import { ClinicPayLayout } from './clinicpay-layout.js';
import { ActionButton, LinkText, Paragraph } from './layout.js';

export interface VerificationEmailProps {
  /** The verification link, absolute ('https://…/verify-email?token=…&userId=…'). */
  link: string;
}

/** The verification email: why it came, the button to verify, and how long the link lasts. */
export function VerificationEmail({ link }: VerificationEmailProps) {
  return (
    <ClinicPayLayout
      heading="Verify your email address"
      preview="Confirm your email address to finish setting up your ClinicPay account."
    >
      <Paragraph>
        Welcome to ClinicPay. Please confirm your email address to finish setting up your clinic account.
      </Paragraph>
      <ActionButton href={link}>Verify email address</ActionButton>
      <LinkText href={link} />
      <Paragraph>
        This link expires in 24 hours and can be used once. If you did not sign up, ignore this email.
      </Paragraph>
    </ClinicPayLayout>
  );
}
