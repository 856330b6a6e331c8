/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The notice a clinic gets when an admin reactivates its sign-in (decision 0125): its team can sign in
 * again, with a button to the sign-in page.
 */
import { SIGN_IN_SUSPENSION_MESSAGES } from '@clinicpay/shared';
import { ClinicPayLayout } from '../../../mail/templates/clinicpay-layout.js';
import { ActionButton, LinkText, Paragraph } from '../../../mail/templates/layout.js';

export interface SignInReactivatedEmailProps {
  /** The clinic's name, already defaulted when it has none. */
  clinicName: string;
  /** ClinicPay's sign-in page, absolute. */
  signInUrl: string;
}

/** The reactivation notice: the team can sign in again. */
export function SignInReactivatedEmail({ clinicName, signInUrl }: SignInReactivatedEmailProps) {
  return (
    <ClinicPayLayout
      heading={SIGN_IN_SUSPENSION_MESSAGES.reactivatedSubject}
      preview={`Your team at ${clinicName} can sign in to ClinicPay again.`}
    >
      <Paragraph>
        ClinicPay has reactivated sign-in for {clinicName}. Everyone in your team can sign in again with their
        own password.
      </Paragraph>
      <ActionButton href={signInUrl}>Sign in</ActionButton>
      <LinkText href={signInUrl} />
    </ClinicPayLayout>
  );
}
