/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The facts of a dispute that its notice and its reminders both give (docs/decisions/0086-disputes.md):
 * whose payment, the bank's reason, what happened to the money, and the deadline.
 */
import { Paragraph } from '../../../mail/templates/layout.js';

/** A dispute as its emails show it; every value is a display string (emails.ts formats pence and dates). */
export interface DisputeFactsProps {
  patientName: string;
  paymentReference: string;
  /** The disputed amount, formatted from pence ('£45.00'). */
  amount: string;
  /** The bank's reason in words ('The patient says they did not make this payment (fraud)'). */
  reason: string;
  /** An inquiry: the bank has asked, no money has been taken yet. */
  inquiry: boolean;
  /** The sentence on the provider's dispute fee. */
  feeNote: string;
  /** The evidence deadline in London time ('Friday 11 December 2026 at 23:59'), or null without one. */
  deadline: string | null;
  /** The dispute's page in ClinicPay, absolute. */
  url: string;
}

/** The dispute's facts, one paragraph each. */
export function DisputeFacts({
  patientName,
  paymentReference,
  amount,
  reason,
  inquiry,
  feeNote,
  deadline,
}: DisputeFactsProps) {
  return (
    <>
      <Paragraph>
        Patient: {patientName}. Payment {paymentReference}, {amount}.
      </Paragraph>
      <Paragraph>The bank's reason: {reason}.</Paragraph>
      <Paragraph>
        {inquiry
          ? 'This is an inquiry: no money has been taken yet, but it may become a dispute.'
          : `The bank has taken ${amount} back from ClinicPay, so ClinicPay takes what you received for this payment back from your balance while the bank decides. ${feeNote}`}
      </Paragraph>
      <Paragraph>
        {deadline
          ? `Respond by ${deadline}. Without a response the bank decides against you.`
          : 'Respond as soon as you can.'}
      </Paragraph>
    </>
  );
}
