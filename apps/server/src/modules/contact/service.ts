/**
 * Contact messages (docs/decisions/0006-contact-form-submit.md): stored, with the email to the support
 * address queued in the same transaction (decision 0019), so the message is never lost and the answer
 * does not wait for, or depend on, the mail server.
 */
import { CONTACT_MESSAGES, type ContactRequest } from '@clinicpay/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { JobQueue } from '../../jobs/index.js';
import { queueEmail } from '../../mail/email-job.js';
import { insertContactMessage } from './queries.js';

interface SubmitContactMessageOptions {
  db: Db;
  jobs: Pick<JobQueue, 'send'>;
  supportEmail: string;
  input: ContactRequest;
  /** Told why a message could not be stored or queued (the caller logs it). */
  onError: (error: unknown) => void;
}

/**
 * Stores the message and queues its email to support; resolves to the stored message id. Throws
 * AppError MESSAGE_NOT_SENT (503, 'Your message could not be sent. Please try again.', as
 * docs/product.md#public-pages says) when either fails: then nothing is kept.
 */
export async function submitContactMessage(options: SubmitContactMessageOptions): Promise<string> {
  try {
    return await storeAndQueue(options);
  } catch (error) {
    options.onError(error);
    throw new AppError('MESSAGE_NOT_SENT', CONTACT_MESSAGES.failed);
  }
}

async function storeAndQueue({
  db,
  jobs,
  supportEmail,
  input,
}: SubmitContactMessageOptions): Promise<string> {
  return db.transaction(async (tx) => {
    const id = await insertContactMessage(tx, input);
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
          `Message id: ${id}`,
        ].join('\n'),
      },
      { tx },
    );
    return id;
  });
}
