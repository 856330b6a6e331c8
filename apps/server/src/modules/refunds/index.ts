/**
 * Refunds: full and partial, made in ClinicPay or at the provider (docs/product.md#states-refund,
 * docs/product.md#validation; docs/decisions/0014-refunds.md), and the automatic refund of a request's second
 * payment (decision 0020). Other modules use only what is exported here.
 */
import type { JobQueue } from '../../jobs/index.js';
import { RESUME_STALE_REFUNDS_CRON, refundSecondPaymentJob, resumeStaleRefundsJob } from './jobs.js';
import { type RefundDeps, refundSecondPayment, resumeStaleRefunds, STALE_REFUND_MS } from './service.js';

export { onRefundEvent } from './events.js';
export { refundSecondPaymentJob } from './jobs.js';
export { refundRoutes } from './routes.js';
export { createRefund, type RefundDeps, refundSecondPayment } from './service.js';

/**
 * Registers the every-minute sweep of refunds left in flight (decision 0014) and the automatic refund
 * of a request's second payment (decision 0020) on the job queue (before it starts).
 */
export function registerRefundJobs(jobs: JobQueue, deps: RefundDeps): void {
  jobs.register(
    resumeStaleRefundsJob,
    async () => {
      await resumeStaleRefunds(deps, { before: new Date(Date.now() - STALE_REFUND_MS) });
    },
    { cron: RESUME_STALE_REFUNDS_CRON },
  );
  jobs.register(refundSecondPaymentJob, async ({ paymentId }) => {
    const outcome = await refundSecondPayment(deps, paymentId);
    // Recorded failed and audited; said here too, as a patient stays charged twice until someone acts.
    if (outcome === 'refused')
      deps.onError(new Error(`The provider refused the automatic refund of payment ${paymentId}`));
  });
}
