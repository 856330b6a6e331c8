/**
 * The auth module's job (decision 0124): the emails that resend-verification and forgot-password ask
 * for. The routes queue this job whether or not the address has an account, so the request does the
 * same work either way and its timing tells nothing; the worker looks the account up and queues the
 * email if there is one. index.ts registers the handler.
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/index.js';

export const accountEmailJob = defineJob({
  name: 'auth.account-email',
  schema: z.object({
    kind: z.enum(['verification', 'password-reset']),
    /** Lower-cased, as typed. */
    email: z.string().max(254),
    /** Where the link points: the origin the request came to (http/link-origin.ts). */
    origin: z.string().max(200),
  }),
  retryLimit: 5,
  retryDelaySeconds: 10,
});

/** The priority of this job: as urgent as the email it leads to (mail/email-job.ts). */
export const ACCOUNT_EMAIL_PRIORITY = 10;
