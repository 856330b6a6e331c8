/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The email with a password reset link (docs/product.md#states-account): a button to the single-use
 * link, which lasts 1 hour.
 */
import { ClinicPayLayout } from './clinicpay-layout.js';
import { ActionButton, LinkText, Paragraph } from './layout.js';

export interface PasswordResetEmailProps {
  /** The reset link, absolute ('https://…/reset-password?token=…&userId=…'). */
  link: string;
}

/** The password reset email: what was asked, the button to set a new password, how long it lasts. */
export function PasswordResetEmail({ link }: PasswordResetEmailProps) {
  return (
    <ClinicPayLayout heading="Reset your password" preview="Set a new password for your ClinicPay account.">
      <Paragraph>We received a request to reset the password of your ClinicPay account.</Paragraph>
      <ActionButton href={link}>Set a new password</ActionButton>
      <LinkText href={link} />
      <Paragraph>
        This link expires in 1 hour and can be used once. If you did not ask for this, ignore this email; your
        password stays the same.
      </Paragraph>
    </ClinicPayLayout>
  );
}
