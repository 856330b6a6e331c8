/** @jsxRuntime automatic */
/** @jsxImportSource react */
/** The patient's refund notice (notice refund_confirmation): this refund, the original payment and its reference. */
import { Detail, EmailLayout, type LayoutClinic, Paragraph } from '../../../mail/templates/layout.js';

export interface RefundNoticeEmailProps {
  clinic: LayoutClinic;
  greeting: string;
  /** Display strings: amounts are formatted from pence, the date in Europe/London time. */
  refundAmount: string;
  amount: string;
  description: string;
  reference: string | null;
  date: string | null;
}

/** The refund email; every prop is a display string (render.ts formats pence, dates and fallbacks). */
export function RefundNoticeEmail(props: RefundNoticeEmailProps) {
  const { clinic, refundAmount, amount, reference, date } = props;
  return (
    <EmailLayout
      clinic={clinic}
      heading="Refund issued"
      preview={`${clinic.name} has refunded ${refundAmount}`}
    >
      <Paragraph>{props.greeting}</Paragraph>
      <Paragraph>
        {clinic.name} has refunded {refundAmount} of your payment of {amount}. The refund goes back to the
        card you paid with; your card provider decides how soon it shows on your statement.
      </Paragraph>
      <Detail label="Amount refunded">{refundAmount}</Detail>
      <Detail label="Original payment">{amount}</Detail>
      {reference ? <Detail label="Reference">{reference}</Detail> : null}
      {date ? <Detail label="Refunded on">{date}</Detail> : null}
      <Detail label="For">{props.description}</Detail>
    </EmailLayout>
  );
}
