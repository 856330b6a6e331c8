/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The notice a clinic gets when an admin turns its card payments off (decision 0081): what it means and
 * a button to contact ClinicPay.
 */
import { PROVIDER_ACCOUNT_MESSAGES } from '@clinicpay/shared';
import { ClinicPayLayout } from '../../../mail/templates/clinicpay-layout.js';
import { ActionButton, LinkText, Paragraph } from '../../../mail/templates/layout.js';

export interface PaymentsTurnedOffEmailProps {
  /** The clinic's name, already defaulted when it has none. */
  clinicName: string;
  /** ClinicPay's contact page, absolute. */
  contactUrl: string;
}

/** The turned-off notice: what the clinic and its patients cannot do now, and whom to ask. */
export function PaymentsTurnedOffEmail({ clinicName, contactUrl }: PaymentsTurnedOffEmailProps) {
  return (
    <ClinicPayLayout
      heading={PROVIDER_ACCOUNT_MESSAGES.turnedOffTitle}
      preview={`ClinicPay has turned off card payments for ${clinicName}.`}
    >
      <Paragraph>
        ClinicPay has turned off card payments for {clinicName}. Patients cannot pay you by card through
        ClinicPay until we turn them back on, and you cannot reconnect your Stripe account meanwhile.
      </Paragraph>
      <Paragraph>Please contact us to find out why and what to do next.</Paragraph>
      <ActionButton href={contactUrl}>Contact ClinicPay</ActionButton>
      <LinkText href={contactUrl} />
    </ClinicPayLayout>
  );
}
