/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The notice a clinic gets when an admin suspends its sign-in (decision 0125): that nobody in its team
 * can sign in, the reason the admin gave, and a button to contact ClinicPay.
 */
import { SIGN_IN_SUSPENSION_MESSAGES } from '@clinicpay/shared';
import { ClinicPayLayout } from '../../../mail/templates/clinicpay-layout.js';
import { ActionButton, Detail, LinkText, Paragraph } from '../../../mail/templates/layout.js';

export interface SignInSuspendedEmailProps {
  /** The clinic's name, already defaulted when it has none. */
  clinicName: string;
  /** What the admin wrote, trimmed. */
  reason: string;
  /** ClinicPay's contact page, absolute. */
  contactUrl: string;
}

/** The suspension notice: who cannot sign in, why, and whom to ask. */
export function SignInSuspendedEmail({ clinicName, reason, contactUrl }: SignInSuspendedEmailProps) {
  return (
    <ClinicPayLayout
      heading={SIGN_IN_SUSPENSION_MESSAGES.suspendedSubject}
      preview={`ClinicPay has suspended sign-in for ${clinicName}.`}
    >
      <Paragraph>
        ClinicPay has suspended sign-in for {clinicName}. Nobody in your team can sign in until we reactivate
        it, and everyone who was signed in has been signed out.
      </Paragraph>
      <Detail label="Reason">{reason}</Detail>
      <Paragraph>Please contact us to find out what to do next.</Paragraph>
      <ActionButton href={contactUrl}>Contact ClinicPay</ActionButton>
      <LinkText href={contactUrl} />
    </ClinicPayLayout>
  );
}
