/**
 * The refunds.resume-stale job, run every minute by the job queue's schedule (decision 0014): refunds
 * left pending for STALE_REFUND_MS (the process died between the gateway call and recording it, and no
 * provider event came) are reconciled from the provider's list, then made once with their own
 * idempotency key. Idempotent by construction: each run reads what is still pending.
 */
import { z } from 'zod';
import { defineJob, type JobHandler } from '../../jobs/index.js';
import { type RefundDeps, resumeStaleRefunds, STALE_REFUND_MS } from './service.js';

export const resumeStaleRefundsJob = defineJob({
  name: 'refunds.resume-stale',
  schema: z.object({}),
  // The next minute's run does the same work, so a failed run is not retried.
  retryLimit: 0,
  expireInSeconds: 5 * 60,
});

export const RESUME_STALE_REFUNDS_CRON = '* * * * *';

export function resumeStaleRefundsHandler(deps: RefundDeps): JobHandler<typeof resumeStaleRefundsJob> {
  return async () => {
    await resumeStaleRefunds(deps, { before: new Date(Date.now() - STALE_REFUND_MS) });
  };
}
