/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The email sent after too many failed sign-ins to an account (decision 0124): the account is not
 * locked, but its next sign-in needs this single-use link, which lasts 1 hour.
 */
import { ClinicPayLayout } from './clinicpay-layout.js';
import { ActionButton, LinkText, Paragraph } from './layout.js';

export interface SignInLinkEmailProps {
  /** The link, absolute ('https://…/sign-in/continue?token=…'). */
  link: string;
}

/** What happened, the button to continue signing in, and what to do if it was not them. */
export function SignInLinkEmail({ link }: SignInLinkEmailProps) {
  return (
    <ClinicPayLayout
      heading="Continue signing in"
      preview="Someone tried to sign in to your ClinicPay account with the wrong password several times."
    >
      <Paragraph>
        Someone tried to sign in to your ClinicPay account with the wrong password several times. To keep it
        safe, your next sign-in needs this link.
      </Paragraph>
      <ActionButton href={link}>Continue signing in</ActionButton>
      <LinkText href={link} />
      <Paragraph>
        This link expires in 1 hour and can be used once. If it was not you, open it anyway and change your
        password in Settings → Security, and turn on two-factor sign-in.
      </Paragraph>
    </ClinicPayLayout>
  );
}
