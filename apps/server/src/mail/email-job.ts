/**
 * The notifications.send-email job: one ready-made email (an account email, a contact message, an
 * invitation, a notice to the clinic) sent by the worker, not inside the HTTP request that asked for
 * it (decision 0019: sign-up, resend-verification, forgot-password and contact answer alike whether or
 * not a message goes out). A temporary failure is retried with back-off; an SMTP 5xx refusal is final.
 * It sits in mail/, below the modules, so auth and every other module queue an email without importing
 * one another; the notifications module registers its handler.
 */
import { emailField } from '@clinicpay/shared';
import { z } from 'zod';
import type { Tx } from '../db/client.js';
import { defineJob, type JobHandler, type JobQueue } from '../jobs/index.js';
import { isPermanentMailFailure, type Mail, type Mailer } from './mailer.js';

/** An address as every form reads one (decision 0118). */
const address = emailField({ missing: 'An address is required', invalid: 'Not an email address' });

export const sendEmail = defineJob({
  name: 'notifications.send-email',
  schema: z.object({
    to: address,
    subject: z.string().min(1).max(500),
    text: z.string().min(1),
    html: z.string().optional(),
    replyTo: z.optional(address),
  }),
  retryLimit: 5,
  retryDelaySeconds: 10,
  expireInSeconds: 60,
  // Each delivery is its own message: five go out side by side from each process.
  concurrency: 5,
});

/**
 * Queues `mail` for sending (in `tx` when given). `urgent` is for a message a person is waiting for on
 * screen (a password reset, an email check): it goes ahead of the queue's other emails, so a burst of
 * notices cannot hold it back. Throws a ZodError for a malformed address.
 */
export async function queueEmail(
  jobs: Pick<JobQueue, 'send'>,
  mail: Mail,
  options: { tx?: Tx; urgent?: boolean } = {},
) {
  await jobs.send(
    sendEmail,
    {
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    },
    { tx: options.tx, priority: options.urgent ? URGENT_EMAIL_PRIORITY : 0 },
  );
}

/** The pg-boss priority of an urgent email; every other email has 0. */
const URGENT_EMAIL_PRIORITY = 10;

export function sendEmailHandler(deps: {
  mailer: Mailer;
  onRefused: (error: unknown) => void;
}): JobHandler<typeof sendEmail> {
  return async (mail, attempt) => {
    try {
      await deps.mailer.send({ ...mail, messageId: `<job-${attempt.jobId}@clinicpay>` });
    } catch (error) {
      // Refused for good: retrying cannot help; the log keeps the reason.
      if (isPermanentMailFailure(error)) return deps.onRefused(error);
      throw error;
    }
  };
}
