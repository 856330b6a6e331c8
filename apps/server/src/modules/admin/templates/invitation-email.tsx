/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The invitation a clinic an admin added gets (decision 0017): a button to set its password, through a
 * single-use link that lasts 7 days.
 */
import { ClinicPayLayout } from '../../../mail/templates/clinicpay-layout.js';
import { ActionButton, LinkText, Paragraph } from '../../../mail/templates/layout.js';

export interface InvitationEmailProps {
  /** The clinic's name as the admin typed it (trimmed). */
  clinicName: string;
  /** The set-password link, absolute ('https://…/reset-password?token=…&userId=…'). */
  link: string;
}

/** The invitation email: the clinic is set up, the button to set a password, how long it lasts. */
export function InvitationEmail({ clinicName, link }: InvitationEmailProps) {
  return (
    <ClinicPayLayout
      heading="You are invited to ClinicPay"
      preview={`${clinicName} has been set up on ClinicPay. Choose a password to sign in.`}
    >
      <Paragraph>
        {clinicName} has been set up on ClinicPay. Choose a password to sign in and start taking payments.
      </Paragraph>
      <ActionButton href={link}>Set your password</ActionButton>
      <LinkText href={link} />
      <Paragraph>This link expires in 7 days and can be used once.</Paragraph>
    </ClinicPayLayout>
  );
}
