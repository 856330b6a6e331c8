/**
 * The notifications.deliver job (decision 0019): sends one notifications row on its channel (email, SMS
 * or webhook) and records the outcome on the row.
 *
 * Idempotent: a row already sent (or given up on) is left alone, so a retried or duplicated job sends
 * nothing twice once the send is recorded. The one gap is a process killed after the mail server took
 * the message and before the row was marked: that message goes again on the retry, with the same
 * Message-ID (`<notification id@host>`) so mail clients show it once.
 *
 * A temporary failure (a refused connection, a timeout, SMTP 4xx, HTTP 5xx) leaves the row pending and
 * fails the attempt, so the queue retries with back-off; after the last attempt the row is failed with
 * the reason. A permanent one (SMTP 5xx such as an unknown mailbox, a number the SMS provider refuses,
 * a webhook URL refused as unsafe) fails the row at once. The payment or request is never touched.
 */
import {
  type ConsentKind,
  CUSTOM_REQUEST_TITLE,
  cardStatementText,
  statementSuffix,
  termsPath,
  toE164,
} from '@clinicpay/shared';
import type { Db } from '../../db/client.js';
import type { JobHandler } from '../../jobs/index.js';
import { isPermanentMailFailure, type Mailer } from '../../mail/mailer.js';
import { PermanentSmsFailure, type SmsSender } from '../../mail/sms.js';
import { type WebhookSender, WebhookUrlRefused } from '../../mail/webhook-sender.js';
import type { deliverNotification } from './jobs.js';
import type { NotificationPayload } from './payload.js';
import {
  findNoticeContext,
  findNotification,
  findPaymentForNotice,
  markNotificationSent,
  type NotificationRow,
  recordNotificationFailure,
  selectConsents,
} from './queries.js';
import { type NoticeContent, renderNoticeEmail, renderNoticeSms } from './render.js';
import { TEXT_STATUS_PATH } from './text-status.js';

export interface DeliveryDeps {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  webhooks: WebhookSender;
  /** The installation's webhook signing secret. */
  webhookSecret: () => Promise<string>;
  /** e.g. 'https://pay.example.com', for absolute links and the Message-ID. */
  publicUrl: string;
}

export function deliverNotificationHandler(deps: DeliveryDeps): JobHandler<typeof deliverNotification> {
  return async ({ notificationId }, attempt) => {
    const row = await findNotification(deps.db, notificationId);
    if (row?.status !== 'pending') return;
    let providerMessageId: string | null = null;
    try {
      providerMessageId = await send(deps, row);
    } catch (error) {
      const permanent = isPermanent(error);
      await recordNotificationFailure(deps.db, row.id, reasonOf(error), permanent || attempt.isLastAttempt);
      if (permanent) return;
      throw error;
    }
    await markNotificationSent(deps.db, row.id, providerMessageId);
  };
}

/**
 * Sends the notice on its channel. Resolves to the provider's id of a text (for its delivery reports,
 * docs/decisions/0109-text-delivery-reports.md), else null.
 */
async function send(deps: DeliveryDeps, row: NotificationRow): Promise<string | null> {
  const payload = row.payload as NotificationPayload;
  if (row.channel === 'webhook') {
    if (!row.recipient) throw new UnsendableNotice('No webhook URL was recorded');
    await deps.webhooks.post(row.recipient, JSON.stringify(payload), await deps.webhookSecret());
    return null;
  }
  const content = await contentOf(deps, row, payload);
  if (row.channel === 'sms') {
    const to = toE164(row.recipient ?? '');
    if (!to) throw new PermanentSmsFailure(`'${row.recipient ?? ''}' is not a phone number a text can go to`);
    const sent = await deps.sms.send(
      to,
      rendered(() => renderNoticeSms(content)),
      deps.sms.transport === 'twilio' ? { statusCallback: `${deps.publicUrl}${TEXT_STATUS_PATH}` } : {},
    );
    return sent.providerMessageId;
  }
  if (!row.recipient) throw new UnsendableNotice('No email address was recorded');
  const email = await renderNoticeEmail(content).catch((error: unknown) =>
    rendered(() => {
      throw error;
    }),
  );
  await deps.mailer.send({
    to: row.recipient,
    ...email,
    messageId: `<notification-${row.id}@${new URL(deps.publicUrl).hostname}>`,
  });
  return null;
}

/**
 * What a notice says it is for, and the clinic's own message: the title the clinic gave the link or
 * request (so the patient and clinic see which one), with the message beside it. A custom request has
 * no title of its own: its message, else the payload's default, says what it is for.
 */
export function noticeAbout(
  subject: { title: string | null; message: string | null },
  payloadMessage: string,
): { description: string; message: string | null } {
  const title = subject.title && subject.title !== CUSTOM_REQUEST_TITLE ? subject.title : null;
  if (!title) return { description: subject.message ?? payloadMessage, message: null };
  return { description: title, message: subject.message };
}

/** What a template needs: the payload, plus the clinic's logo, the date and the dashboard link. */
async function contentOf(
  deps: DeliveryDeps,
  row: NotificationRow,
  payload: NotificationPayload,
): Promise<NoticeContent> {
  // The clinic and the subject in one read; the payment's details only for a notice about one.
  const subject = await findNoticeContext(deps.db, row);
  const { clinic } = subject;
  const payment = row.paymentId ? await findPaymentForNotice(deps.db, row.paymentId) : undefined;
  const about = noticeAbout(subject, payload.payment.message);
  // A request, or a charge the patient must confirm: a link to act on, and no payment date yet.
  const isRequest =
    row.type === 'payment_request' || row.type === 'payment_reminder' || row.type === 'charge_authentication';
  return {
    type: row.type as NoticeContent['type'],
    recipient: row.recipientType,
    clinic: {
      name: clinic?.clinicName ?? null,
      email: payload.clinic.email,
      phone: payload.clinic.phone,
      address: payload.clinic.address || null,
      logoUrl: absoluteUrl(deps.publicUrl, clinic?.logoUrl ?? null),
    },
    patient: payload.patient,
    amount: payload.payment.amount,
    refundAmount: payload.payment.refund_amount,
    reference: payload.payment.reference,
    description: about.description,
    message: about.message,
    clinicReference: subject.clinicReference,
    paymentUrl: isRequest ? payload.payment.payment_link : null,
    date: isRequest
      ? null
      : row.type === 'refund_confirmation'
        ? row.createdAt
        : (payment?.paidAt ?? row.createdAt),
    // The payment's own page in the dashboard, when the notice is about one; else the dashboard.
    dashboardUrl:
      row.recipientType !== 'clinic'
        ? null
        : row.paymentId
          ? `${deps.publicUrl}/dashboard/payments/${row.paymentId}`
          : `${deps.publicUrl}/dashboard`,
    statementText: clinic ? cardStatementText(statementSuffix(clinic)) : null,
    cardOnFile:
      row.type === 'payment_confirmation' && payment
        ? await cardOnFileOf(deps.db, { paymentId: payment.id })
        : row.type === 'card_saved' && row.savedCardId
          ? await cardOnFileOf(deps.db, { savedCardId: row.savedCardId })
          : null,
    // The receipt links to the terms the payer accepted (docs/decisions/0107-payment-terms.md).
    termsAccepted:
      row.type === 'payment_confirmation' &&
      payment?.termsId &&
      payment.termsAcceptedAt &&
      payment.termsVersion
        ? {
            version: payment.termsVersion,
            acceptedAt: payment.termsAcceptedAt,
            url: `${deps.publicUrl}${termsPath(payment.termsId)}`,
          }
        : null,
    // A deposit's receipt says what is left to pay (docs/decisions/0094-deposits-and-balances.md).
    balanceDue:
      row.type === 'payment_confirmation' && payment?.treatmentTotal
        ? payment.treatmentTotal - payment.amountPaid
        : null,
  };
}

/**
 * The card a payment saved (or the card itself) and what the patient agreed to, for the receipt or the
 * card saved notice; null when none was saved.
 */
async function cardOnFileOf(
  db: Db,
  of: Parameters<typeof selectConsents>[1],
): Promise<NoticeContent['cardOnFile']> {
  const consents = await selectConsents(db, of);
  const [first] = consents;
  if (!first) return null;
  return {
    brand: first.brand,
    last4: first.last4,
    consents: consents.map((consent) => ({
      kind: consent.policyKind as ConsentKind,
      text: consent.policyText,
      maximumAmount: consent.maximumAmount,
      consentedAt: consent.consentedAt,
    })),
  };
}

function absoluteUrl(base: string, url: string | null): string | null {
  if (!url) return null;
  return url.startsWith('/') ? `${base}${url}` : url;
}

/** A notice that can never be sent as recorded (no address, a payload a template refuses). */
class UnsendableNotice extends Error {}

/** The message a template makes; a template that refuses the notice makes it unsendable. */
function rendered<T>(render: () => T): T {
  try {
    return render();
  } catch (error) {
    throw new UnsendableNotice(error instanceof Error ? error.message : String(error));
  }
}

function isPermanent(error: unknown): boolean {
  return (
    isPermanentMailFailure(error) ||
    error instanceof PermanentSmsFailure ||
    error instanceof WebhookUrlRefused ||
    error instanceof UnsendableNotice
  );
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
