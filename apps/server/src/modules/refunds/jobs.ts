/**
 * The refunds module's jobs (decision 0014, decision 0020): the every-minute sweep of refunds left in
 * flight, and the automatic refund of a request's second payment. index.ts registers their handlers.
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/index.js';

/**
 * refunds.resume-stale, run every minute by the job queue's schedule (decision 0014): refunds left
 * pending for STALE_REFUND_MS (the process died between the gateway call and recording it, and no
 * provider event came) are reconciled from the provider's list, then made once with their own
 * idempotency key. Idempotent by construction: each run reads what is still pending.
 */
export const resumeStaleRefundsJob = defineJob({
  name: 'refunds.resume-stale',
  schema: z.object({}),
  // The next minute's run does the same work, so a failed run is not retried.
  retryLimit: 0,
  expireInSeconds: 5 * 60,
});

export const RESUME_STALE_REFUNDS_CRON = '* * * * *';

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
