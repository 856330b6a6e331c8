/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The invitation a clinic's owner sends a new team member (decision 0121): who invited them, to which
 * clinic and role, and a button to the Join page, through a single-use link that lasts 7 days.
 */
import { ClinicPayLayout } from '../../../mail/templates/clinicpay-layout.js';
import { ActionButton, LinkText, Paragraph } from '../../../mail/templates/layout.js';

export interface TeamInvitationEmailProps {
  clinicName: string;
  /** The role's label: 'Manager' or 'Reception'. */
  roleLabel: string;
  /** The Join page's link, absolute ('https://…/join?token=…'). */
  link: string;
}

/** The team invitation: the clinic, the role, the button and how long it lasts. */
export function TeamInvitationEmail({ clinicName, roleLabel, link }: TeamInvitationEmailProps) {
  return (
    <ClinicPayLayout
      heading={`Join ${clinicName} on ClinicPay`}
      preview={`${clinicName} has invited you to its team on ClinicPay as ${roleLabel}.`}
    >
      <Paragraph>
        {clinicName} has invited you to its team on ClinicPay, with the role {roleLabel}.
      </Paragraph>
      <ActionButton href={link}>Join the team</ActionButton>
      <LinkText href={link} />
      <Paragraph>This link expires in 7 days and can be used once.</Paragraph>
    </ClinicPayLayout>
  );
}
