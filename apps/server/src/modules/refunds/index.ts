/**
 * Refunds: full and partial, made in ClinicPay or at the provider (docs/product.md#states-refund,
 * docs/product.md#validation; docs/decisions/0014-refunds.md), and the automatic refund of a request's second
 * payment (decision 0020). Other modules use only what is exported here.
 */
import { z } from 'zod';
import { defineJob, type JobQueue } from '../../jobs/index.js';
import {
  RESUME_STALE_REFUNDS_CRON,
  resumeStaleRefundsHandler,
  resumeStaleRefundsJob,
} from './resume-stale-job.js';
import { type RefundDeps, refundSecondPayment } from './service.js';

export { onRefundEvent } from './events.js';
export { refundRoutes } from './routes.js';
export { createRefund, type RefundDeps, refundSecondPayment } from './service.js';

/**
 * refunds.refund-second-payment: refunds in full a payment recorded as its request's second payment
 * (decision 0020). Sent in the transaction that records that payment, so it exists exactly when the
 * payment does. Idempotent (refundSecondPayment); an unknown outcome fails the attempt and it is retried.
 */
export const refundSecondPaymentJob = defineJob({
  name: 'refunds.refund-second-payment',
  schema: z.object({ paymentId: z.uuid() }),
  retryLimit: 10,
  retryDelaySeconds: 15,
});

/**
 * Registers the every-minute sweep of refunds left in flight (decision 0014) and the automatic refund
 * of a request's second payment (decision 0020) on the job queue.
 */
export function registerRefundJobs(jobs: JobQueue, deps: RefundDeps): void {
  jobs.register(resumeStaleRefundsJob, resumeStaleRefundsHandler(deps), { cron: RESUME_STALE_REFUNDS_CRON });
  jobs.register(refundSecondPaymentJob, async ({ paymentId }) => {
    const outcome = await refundSecondPayment(deps, paymentId);
    // Recorded failed and audited; said here too, as a patient stays charged twice until someone acts.
    if (outcome === 'refused')
      deps.onError(new Error(`The provider refused the automatic refund of payment ${paymentId}`));
  });
}
