/**
 * The clinic's email when a payment reached a page that no longer took one (a cancelled or expired
 * request, an expired or used-up link) and is being refunded in full automatically
 * (docs/decisions/0105-request-and-link-lifetimes.md). Plain text with a simple HTML twin.
 */
import { formatPence } from '@clinicpay/shared';
import { escapeHtml } from '../../mail/html.js';
import type { Mail } from '../../mail/mailer.js';

const WHY = {
  cancelled: 'the payment request had been cancelled',
  expired: 'its last day to pay had passed',
  used_up: 'the payment link had already taken all the payments it was set up for',
} as const;

/** Amounts in pence; `why` is what closed the page. */
export function closedPaymentEmail(input: {
  to: string;
  payment: { paymentRef: string; patientName: string; amountPaid: number; title: string };
  why: keyof typeof WHY;
}): Mail {
  const { payment } = input;
  const paragraphs = [
    `${payment.patientName} paid ${formatPence(payment.amountPaid)} for ${payment.title} (payment ${payment.paymentRef}), but ${WHY[input.why]}.`,
    'ClinicPay is refunding the payment in full automatically, and the patient is told when the refund is made. You do not need to do anything. If you still want to take this payment, send the patient a new request.',
  ];
  return {
    to: input.to,
    subject: `A payment was refunded automatically: ${payment.paymentRef}`,
    text: `${paragraphs.join('\n\n')}\n\nClinicPay`,
    html: `${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('')}<p>ClinicPay</p>`,
  };
}
