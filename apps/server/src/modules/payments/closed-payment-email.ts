/**
 * The clinic's email when a payment reached a page that no longer took one (a cancelled or expired
 * request, an expired or used-up link) and is being refunded in full automatically
 * (docs/decisions/0105-request-and-link-lifetimes.md), built with React Email from templates/. React
 * Email and the template are loaded with the first such email, not at start (decision 0077).
 */
import { formatPence } from '@clinicpay/shared';
import type { Mail } from '../../mail/mailer.js';
import { renderTemplate } from '../../mail/render-email.js';

const WHY = {
  cancelled: 'the payment request had been cancelled',
  expired: 'its last day to pay had passed',
  used_up: 'the payment link had already taken all the payments it was set up for',
} as const;

/** Amounts in pence; `why` is what closed the page. Rejects only when rendering fails. */
export async function closedPaymentEmail(input: {
  to: string;
  payment: { paymentRef: string; patientName: string; amountPaid: number; title: string };
  why: keyof typeof WHY;
}): Promise<Mail> {
  const { payment } = input;
  const props = {
    patientName: payment.patientName,
    amount: formatPence(payment.amountPaid),
    title: payment.title,
    paymentRef: payment.paymentRef,
    why: WHY[input.why],
  };
  return {
    to: input.to,
    subject: `A payment was refunded automatically: ${payment.paymentRef}`,
    ...(await renderTemplate(
      async () => (await import('./templates/closed-payment-email.js')).ClosedPaymentEmail,
      props,
    )),
  };
}
