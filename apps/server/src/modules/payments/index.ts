/**
 * Payments: recording them from provider events, and the clinic's history, dashboard figures,
 * payment details and CSV report (spec §2, §3 "Display payment", "Stats", §9). Other modules import
 * payments only through this file.
 */

export { onPaymentAttemptFailed } from './failed-attempts.js';
export {
  findPaymentByIntent,
  findPaymentReference,
  findPaymentsByIntents,
  type PaymentRow,
  setCardFeeIfMissing,
  setPaymentDisputeStatus,
} from './queries.js';
export { onChargeUpdated, onPaymentIntentSucceeded, PAYMENT_NOT_RECORDED_YET } from './record-payment.js';
export { penceToPounds } from './report.js';
export { paymentRoutes } from './routes.js';
export { londonDayStart, londonToday } from './service.js';
