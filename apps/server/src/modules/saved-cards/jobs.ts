/**
 * The saved cards module's job (docs/decisions/0137-card-charges-asked-again.md): the every-minute
 * sweep of charges the provider never answered. index.ts registers its handler.
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/index.js';

/**
 * saved-cards.resume-stale-charges, run every minute by the job queue's schedule: charges still
 * processing with no payment intent STALE_CARD_CHARGE_MS after they started are asked again under
 * their own idempotency key (resumeStaleCardCharges). Idempotent by construction: each run reads what
 * is still unanswered.
 */
export const resumeStaleCardChargesJob = defineJob({
  name: 'saved-cards.resume-stale-charges',
  schema: z.object({}),
  // The next minute's run does the same work, so a failed run is not retried.
  retryLimit: 0,
  expireInSeconds: 5 * 60,
});

export const RESUME_STALE_CARD_CHARGES_CRON = '* * * * *';
