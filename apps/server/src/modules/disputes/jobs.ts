/**
 * The disputes module's jobs: moving the clinic's money when the provider withdraws or reinstates a
 * dispute's funds, and reminding the clinic before the evidence deadline. Sent in the transaction of
 * the event that makes them necessary.
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/index.js';

/** Reverses the clinic's transfer, or pays it back, for one dispute (service.ts moveFunds). */
export const moveDisputeFunds = defineJob({
  name: 'disputes.move-funds',
  schema: z.object({ disputeId: z.uuid() }),
  // Ten tries over about eight hours: every retry is inside the provider's 24-hour idempotency window
  // (docs.stripe.com/api/idempotent_requests), so a move whose outcome was unknown is never made twice.
  retryLimit: 10,
  retryDelaySeconds: 30,
});

/** Emails the clinic again if its dispute still awaits evidence (service.ts sendReminder). */
export const remindDispute = defineJob({
  name: 'disputes.remind',
  schema: z.object({ disputeId: z.uuid() }),
  retryLimit: 5,
  retryDelaySeconds: 60,
});
