/**
 * Payments: recording them from provider events, and the clinic's history, dashboard figures,
 * payment details and CSV report (docs/product.md#clinic-dashboard, docs/product.md#payment-history,
 * docs/product.md#display-payment, docs/product.md#stats, docs/product.md#constants). Other modules
 * import payments only through this file.
 */

export { onChargeUpdated, onPaymentAttemptFailed, onPaymentIntentSucceeded } from './events.js';
export {
  findPaymentByIntent,
  findPaymentReference,
  findPaymentsByIntents,
  type PaymentRow,
  setPaymentDisputeStatus,
} from './queries.js';
export { penceToPounds } from './report.js';
export { paymentRoutes } from './routes.js';
export { londonToday } from './service.js';
