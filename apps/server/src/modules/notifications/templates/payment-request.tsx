/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The patient's payment request email (notice payment_request): what is asked for and a pay button. A
 * reminder of an unpaid request (notice payment_reminder, docs/decisions/0106-request-reminders.md) is
 * the same email, saying it is a reminder.
 */
import {
  ActionButton,
  Detail,
  EmailLayout,
  type LayoutClinic,
  LinkText,
  Paragraph,
} from '../../../mail/templates/layout.js';

export interface PaymentRequestEmailProps {
  clinic: LayoutClinic;
  greeting: string;
  /** Display strings: the amount is already formatted from pence. */
  amount: string;
  description: string;
  /** The clinic's own message on the request, shown beside what it is for; null without one. */
  message: string | null;
  /** The clinic's own reference (an invoice or patient number, docs/decisions/0108-clinic-reference.md); null without one. */
  clinicReference: string | null;
  paymentUrl: string;
  /** A reminder of a request sent earlier. */
  reminder?: boolean;
}

/** The request email; every prop is a display string (render.ts formats pence and applies fallbacks). */
export function PaymentRequestEmail({
  clinic,
  greeting,
  amount,
  description,
  message,
  clinicReference,
  paymentUrl,
  reminder = false,
}: PaymentRequestEmailProps) {
  return (
    <EmailLayout
      clinic={clinic}
      heading={reminder ? 'Payment reminder' : 'Payment request'}
      preview={`${reminder ? 'Reminder: ' : ''}${clinic.name} has asked you to pay ${amount}`}
    >
      <Paragraph>{greeting}</Paragraph>
      <Paragraph>
        {reminder ? 'This is a reminder that ' : ''}
        {clinic.name} has asked you to pay {amount}. You can pay securely by card using the button below.
      </Paragraph>
      <ActionButton href={paymentUrl}>Pay {amount} securely</ActionButton>
      <LinkText href={paymentUrl} />
      <Detail label="For">{description}</Detail>
      {message ? <Detail label={`Message from ${clinic.name}`}>{message}</Detail> : null}
      {clinicReference ? <Detail label="Clinic reference">{clinicReference}</Detail> : null}
      <Detail label="Amount">{amount}</Detail>
      <Paragraph>
        If you were not expecting this request, please contact {clinic.name} before paying.
      </Paragraph>
    </EmailLayout>
  );
}
