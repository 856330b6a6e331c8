/**
 * Contact messages (docs/decisions/0006-contact-form-submit.md): stored, with the email to the support
 * address queued in the same transaction (issue #11), so the message is never lost and the answer
 * does not wait for, or depend on, the mail server.
 */
import type { ContactRequest } from '@clinicpay/shared';
import type { Db } from '../../db/client.js';
import { contactMessages } from '../../db/schema/index.js';
import type { JobQueue } from '../../jobs/index.js';
import { queueEmail } from '../notifications/index.js';

interface SubmitContactMessageOptions {
  db: Db;
  jobs: Pick<JobQueue, 'send'>;
  supportEmail: string;
  input: ContactRequest;
}

/** Stores the message and queues its email to support; returns the stored message id. */
export async function submitContactMessage(options: SubmitContactMessageOptions): Promise<string> {
  const { db, jobs, supportEmail, input } = options;
  return db.transaction(async (tx) => {
    const [stored] = await tx.insert(contactMessages).values(input).returning({ id: contactMessages.id });
    if (!stored) throw new Error('contact message was not stored');
    await queueEmail(
      jobs,
      {
        to: supportEmail,
        replyTo: input.email,
        subject: `Contact form: ${input.subject}`,
        text: [
          `From: ${input.name} <${input.email}>`,
          `Subject: ${input.subject}`,
          '',
          input.message,
          '',
          `Message id: ${stored.id}`,
        ].join('\n'),
      },
      { tx },
    );
    return stored.id;
  });
}
