/**
 * Contact messages: stored, then emailed to the support address through the mailer
 * (docs/decisions/0006-contact-form-submit.md). The row is written first so a message is never lost
 * when the mail transport fails; the sender then gets an error and may try again.
 */
import type { ContactRequest } from '@clinicpay/shared';
import type { Db } from '../../db/client.js';
import { contactMessages } from '../../db/schema/index.js';
import type { Mailer } from '../../mail/mailer.js';

interface SubmitContactMessageOptions {
  db: Db;
  mailer: Mailer;
  supportEmail: string;
  input: ContactRequest;
}

/** Stores the message and emails support; returns the stored message id. Rejects if mail fails. */
export async function submitContactMessage(options: SubmitContactMessageOptions): Promise<string> {
  const { db, mailer, supportEmail, input } = options;
  const [stored] = await db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  if (!stored) throw new Error('contact message was not stored');

  await mailer.send({
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
  });
  return stored.id;
}
