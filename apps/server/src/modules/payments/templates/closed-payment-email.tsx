/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The clinic's email when a payment reached a page that no longer took one and is being refunded in
 * full automatically (docs/decisions/0105-request-and-link-lifetimes.md): who paid what, why the page
 * was closed, and that nothing needs doing.
 */
import { ClinicPayLayout } from '../../../mail/templates/clinicpay-layout.js';
import { Paragraph } from '../../../mail/templates/layout.js';

export interface ClosedPaymentEmailProps {
  /** Display strings: the amount is formatted from pence. */
  patientName: string;
  amount: string;
  title: string;
  paymentRef: string;
  /** Why the page took no payment, as a clause: 'the payment request had been cancelled'. */
  why: string;
}

/** The automatic refund notice to the clinic; every prop is a display string. */
export function ClosedPaymentEmail({ patientName, amount, title, paymentRef, why }: ClosedPaymentEmailProps) {
  return (
    <ClinicPayLayout
      heading="A payment was refunded automatically"
      preview={`${patientName} paid ${amount}, which ClinicPay is refunding in full.`}
    >
      <Paragraph>
        {patientName} paid {amount} for {title} (payment {paymentRef}), but {why}.
      </Paragraph>
      <Paragraph>
        ClinicPay is refunding the payment in full automatically, and the patient is told when the refund is
        made. You do not need to do anything. If you still want to take this payment, send the patient a new
        request.
      </Paragraph>
    </ClinicPayLayout>
  );
}
