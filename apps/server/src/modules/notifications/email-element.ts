/**
 * Each notice's email subject and React Email template (the templates beside this file), for
 * render.ts, which loads this module with the first email it renders.
 */
import { createElement, type ReactElement } from 'react';
import type { NoticeView } from './notice-view.js';
import type { NotificationType } from './payload.js';
import { CardSavedEmail } from './templates/card-saved.js';
import { ChargeAuthenticationEmail } from './templates/charge-authentication.js';
import { PaymentReceiptEmail } from './templates/payment-receipt.js';
import { PaymentReceivedEmail } from './templates/payment-received.js';
import { PaymentRequestEmail } from './templates/payment-request.js';
import { RefundNoticeEmail } from './templates/refund-notice.js';

/**
 * The subject (docs/product.md#messages-payments wording, user text not yet collapsed to one line) and
 * element of a notice's email.
 */
export function emailOf(
  view: NoticeView,
  type: NotificationType,
): { subject: string; element: ReactElement } {
  const { clinic } = view;
  switch (type) {
    case 'payment_request':
      return {
        subject: `Payment request from ${clinic.name}`,
        element: createElement(PaymentRequestEmail, view),
      };
    case 'payment_reminder':
      return {
        subject: `Reminder: payment request from ${clinic.name}`,
        element: createElement(PaymentRequestEmail, { ...view, reminder: true }),
      };
    case 'payment_confirmation':
      return {
        subject: `Payment receipt from ${clinic.name}`,
        element: createElement(PaymentReceiptEmail, view),
      };
    case 'payment_received':
      return {
        subject: `Payment received: ${view.amount} from ${view.patient.name}`,
        element: createElement(PaymentReceivedEmail, view),
      };
    case 'refund_confirmation':
      return { subject: `Refund from ${clinic.name}`, element: createElement(RefundNoticeEmail, view) };
    case 'charge_authentication':
      return {
        subject: `Please confirm your payment to ${clinic.name}`,
        element: createElement(ChargeAuthenticationEmail, view),
      };
    case 'card_saved':
      return {
        subject: `Your card is saved with ${clinic.name}`,
        element: createElement(CardSavedEmail, view),
      };
  }
}
