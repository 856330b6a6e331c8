/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The warning a clinic gets when a card issuer reports that one of its payments may be fraudulent (an
 * early fraud warning, docs/decisions/0086-disputes.md), offering the one-click full refund.
 */
import { ClinicPayLayout } from '../../../mail/templates/clinicpay-layout.js';
import { ActionButton, LinkText, Paragraph } from '../../../mail/templates/layout.js';

export interface FraudWarningEmailProps {
  patientName: string;
  paymentReference: string;
  /** What is left to refund, formatted from pence ('£45.00'). */
  amount: string;
  /** The clinic's dashboard, absolute. */
  url: string;
}

/** The fraud warning: which payment, why refunding helps, and the button to the dashboard. */
export function FraudWarningEmail({ patientName, paymentReference, amount, url }: FraudWarningEmailProps) {
  return (
    <ClinicPayLayout
      heading="A payment may be fraudulent"
      preview={`The card issuer has warned about the payment ${paymentReference}.`}
    >
      <Paragraph>
        The card issuer has warned that the payment {paymentReference} from {patientName} ({amount}) may have
        been made with a stolen or misused card.
      </Paragraph>
      <Paragraph>
        Refunding it in full now usually prevents a dispute and its fee. You can refund it with one click from
        your dashboard.
      </Paragraph>
      <ActionButton href={url}>Open your dashboard</ActionButton>
      <LinkText href={url} />
    </ClinicPayLayout>
  );
}
