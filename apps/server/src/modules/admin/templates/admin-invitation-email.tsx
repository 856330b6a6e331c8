/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The invitation an admin gets from another admin (decision 0125): a button to set a password, through
 * a single-use link that lasts 7 days, and the two-factor sign-in they must set up next (decision 0122).
 */
import { ClinicPayLayout } from '../../../mail/templates/clinicpay-layout.js';
import { ActionButton, LinkText, Paragraph } from '../../../mail/templates/layout.js';

export interface AdminInvitationEmailProps {
  /** The set-password link, absolute ('https://…/reset-password?token=…&userId=…'). */
  link: string;
}

/** The admin's invitation: what it is for, the button to set a password, how long it lasts. */
export function AdminInvitationEmail({ link }: AdminInvitationEmailProps) {
  return (
    <ClinicPayLayout
      heading="You are invited to administer ClinicPay"
      preview="You have been made a ClinicPay administrator. Choose a password to sign in."
    >
      <Paragraph>
        You have been made an administrator of ClinicPay. Choose a password to sign in to the admin console.
      </Paragraph>
      <ActionButton href={link}>Set your password</ActionButton>
      <LinkText href={link} />
      <Paragraph>This link expires in 7 days and can be used once.</Paragraph>
      <Paragraph>
        When you first sign in you will be asked to set up two-factor sign-in with an authenticator app: the
        console opens once it is on.
      </Paragraph>
    </ClinicPayLayout>
  );
}
