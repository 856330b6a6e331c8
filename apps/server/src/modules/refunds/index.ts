/**
 * Refunds: full and partial, made in ClinicPay or at the provider (spec §4 "Refund", §5;
 * docs/decisions/0014-refunds.md). Other modules use only what is exported here.
 */
export { onRefundEvent } from './events.js';
export { refundRoutes } from './routes.js';
export {
  createRefund,
  type RefundDeps,
  reconcileProviderRefunds,
  resumeStaleRefunds,
  STALE_REFUND_MS,
} from './service.js';
