/**
 * Stripe's failed-refund test card (docs.stripe.com/testing#refunds, 4000 0000 0000 5126): a refund of
 * its payment starts as succeeded and fails some time later, with refund.updated and refund.failed.
 * The sandbox does it with a job sent when the refund is made.
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/index.js';

/** How long a refund of the failing card stays succeeded before it fails. */
export const REFUND_FAILS_AFTER_SECONDS = 5;

export const failSandboxRefund = defineJob({
  name: 'sandbox.fail-refund',
  schema: z.object({ refundId: z.string().min(1).max(100) }),
  retryLimit: 5,
  retryDelaySeconds: 1,
  expireInSeconds: 60,
});
