/**
 * Queueing notices (docs/product.md#notification-payload; decision 0019). Every notice ClinicPay
 * sends (a payment request, the patient's receipt, the clinic's payment notice, a refund notice)
 * becomes one notifications row per channel and recipient, each with that payload and a
 * notifications.deliver job, all in the caller's transaction: the notice exists exactly when the
 * payment, request or refund it tells of does, and nothing is sent before that commits.
 * Amounts are integer pence.
 */
import { canTakeTexts } from '@clinicpay/shared';
import type { Tx } from '../../db/client.js';
import type { JobQueue } from '../../jobs/index.js';
import {
  type ClinicRow,
  clinicForNotification,
  findClinic,
  findClinicAccountEmail,
} from '../clinics/index.js';
import { getNotificationWebhooks } from '../platform-settings/index.js';
import { type Channel, channelsOf, type NotificationMethod } from './channels.js';
import { deliverNotification } from './jobs.js';
import { insertNotifications, type NewNotificationRow } from './queries.js';

export type NotificationType =
  | 'payment_request'
  | 'payment_reminder'
  | 'payment_confirmation'
  | 'payment_received'
  | 'refund_confirmation'
  | 'charge_authentication'
  | 'card_saved';

export interface PayloadPatient {
  name: string;
  email: string;
  phone: string | null;
}

export interface PayloadPayment {
  /** The payment reference, or null before a payment exists (a request). */
  reference: string | null;
  /** The amount paid or asked for, in pence. */
  amount: number;
  /** Pence refunded: for a refund notice the amount of that refund; null otherwise. */
  refundAmount: number | null;
  /** A request's payment page URL, or the payment link id a payment came from, or null. */
  paymentLink: string | null;
  /** What it is for: the clinic's message or 'Payment for {title}' (docs/product.md#constants). */
  message: string;
}

/** The payload (docs/product.md#notification-payload) of one notice on one channel. */
export function buildNotificationPayload(input: {
  type: NotificationType;
  method: NotificationMethod;
  patient: PayloadPatient;
  payment: PayloadPayment;
  clinic: ClinicRow;
}) {
  const { payment, clinic } = input;
  return {
    notification_type: input.type,
    notification_method: input.method,
    patient: input.patient,
    payment: {
      reference: payment.reference,
      amount: payment.amount,
      refund_amount: payment.refundAmount,
      payment_link: payment.paymentLink,
      message: payment.message,
    },
    clinic: clinicForNotification(clinic),
    clinic_id: clinic.id,
  };
}

export type NotificationPayload = ReturnType<typeof buildNotificationPayload>;

/** The channels a patient notice goes out on: what the clinic switched on, SMS only with a phone. */
export function patientChannels(clinic: ClinicRow, patientPhone: string | null) {
  return channelsOf({
    email: clinic.emailNotifications,
    sms: clinic.smsNotifications && patientPhone !== null,
  });
}

export interface Notice {
  type: NotificationType;
  recipientType: 'patient' | 'clinic';
  patient: PayloadPatient;
  payment: PayloadPayment & { id: string | null; paymentRequestId: string | null };
  clinic: ClinicRow;
  /**
   * Send to the patient by email, and by SMS when their phone can take a text, whatever the clinic's
   * notification settings: for what the clinic chose to send or the patient must act on themselves (a
   * payment request, confirming a charge their bank holds: decision 0104).
   */
  whateverTheSettings?: boolean;
  /** The card a 'card_saved' notice is about, whose consents its email repeats. */
  savedCardId?: string;
}

/**
 * Queues a notice in `tx`: a row and a delivery job per channel. A patient hears on the channels the
 * clinic switched on (SMS only with a phone), or, for a notice sent whatever the settings, by email and
 * by text to a phone that can take one; the clinic hears on its own switched-on channels, by
 * email at its profile address (or its account's) and by text at its profile phone. When an admin has
 * set the patient or clinic notification webhook, the payload is also posted there. Resolves to the
 * number of rows queued.
 */
export async function queueNotice(tx: Tx, jobs: Pick<JobQueue, 'send'>, notice: Notice): Promise<number> {
  const webhooks = await getNotificationWebhooks(tx);
  const inserted = await insertNotifications(tx, await rowsOfNotice(tx, notice, webhooks));
  for (const { id } of inserted) await jobs.send(deliverNotification, { notificationId: id }, { tx });
  return inserted.length;
}

/**
 * Queues many notices in `tx`, each as queueNotice queues one, in a few statements whatever their
 * number: the webhook settings read once, every row inserted at once, and every delivery job queued at
 * once, each job with its row's id as its own, so a row is never queued for delivery twice. For a
 * sweep that queues thousands (the request reminders, docs/decisions/0129-reminders-at-scale.md).
 * Resolves to the number of rows queued.
 */
export async function queueNotices(
  tx: Tx,
  jobs: Pick<JobQueue, 'sendMany'>,
  notices: readonly Notice[],
): Promise<number> {
  if (!notices.length) return 0;
  const webhooks = await getNotificationWebhooks(tx);
  const rows: NewNotificationRow[] = [];
  for (const notice of notices) rows.push(...(await rowsOfNotice(tx, notice, webhooks)));
  const inserted = await insertNotifications(tx, rows);
  await jobs.sendMany(
    deliverNotification,
    inserted.map(({ id }) => ({ id, payload: { notificationId: id } })),
    { tx },
  );
  return inserted.length;
}

/** A notice's rows: one per channel and recipient, and one for the admin's webhook when set. */
async function rowsOfNotice(
  tx: Tx,
  notice: Notice,
  webhooks: Awaited<ReturnType<typeof getNotificationWebhooks>>,
): Promise<NewNotificationRow[]> {
  const recipients = await recipientsOf(tx, notice);
  const webhookUrl =
    notice.recipientType === 'patient'
      ? webhooks.patientNotificationWebhook
      : webhooks.clinicNotificationWebhook;
  const method: NotificationMethod = {
    email: recipients.some((recipient) => recipient.channel === 'email'),
    sms: recipients.some((recipient) => recipient.channel === 'sms'),
  };
  const rows: NewNotificationRow[] = recipients.map(({ channel, to }) => ({
    ...rowOf(notice, { email: channel === 'email', sms: channel === 'sms' }),
    channel,
    recipient: to,
  }));
  if (webhookUrl) rows.push({ ...rowOf(notice, method), channel: 'webhook', recipient: webhookUrl });
  return rows;
}

function rowOf(notice: Notice, method: NotificationMethod): NewNotificationRow {
  return {
    clinicId: notice.clinic.id,
    type: notice.type,
    recipientType: notice.recipientType,
    paymentId: notice.payment.id,
    paymentRequestId: notice.payment.paymentRequestId,
    savedCardId: notice.savedCardId ?? null,
    payload: buildNotificationPayload({ ...notice, method }),
  };
}

async function recipientsOf(tx: Tx, notice: Notice): Promise<Array<{ channel: Channel; to: string }>> {
  const { clinic } = notice;
  if (notice.recipientType === 'patient' && notice.whateverTheSettings) {
    const channels: Array<{ channel: Channel; to: string }> = [
      { channel: 'email', to: notice.patient.email },
    ];
    if (notice.patient.phone && canTakeTexts(notice.patient.phone))
      channels.push({ channel: 'sms', to: notice.patient.phone });
    return channels;
  }
  if (notice.recipientType === 'patient') {
    return patientChannels(clinic, notice.patient.phone).map(({ channel }) => ({
      channel,
      to: channel === 'email' ? notice.patient.email : (notice.patient.phone ?? ''),
    }));
  }
  const recipients: Array<{ channel: Channel; to: string }> = [];
  if (clinic.emailNotifications) {
    const email = clinic.email ?? (await findClinicAccountEmail(tx, clinic.id));
    if (email) recipients.push({ channel: 'email', to: email });
  }
  // The profile phone is often the front desk's landline: the clinic is texted only on a mobile.
  if (clinic.smsNotifications && clinic.phone && canTakeTexts(clinic.phone))
    recipients.push({ channel: 'sms', to: clinic.phone });
  return recipients;
}

/** The fields of a recorded payment a notice about it reads (a payments row has them all). */
export interface PaymentNoticeSource {
  id: string;
  clinicId: string;
  paymentRequestId: string | null;
  paymentLinkId: string | null;
  paymentRef: string;
  amountPaid: number;
  patientName: string;
  patientEmail: string;
  patientPhone: string | null;
}

/**
 * Queues a notice about a recorded payment (the receipt, the clinic's notice, a refund notice) in
 * `tx`, with the payment's patient, reference and amount (pence); `refundAmount` and `message` are
 * the notice's own. Nothing is queued for a clinic that no longer exists. Resolves to the rows queued.
 */
export async function queuePaymentNotice(
  tx: Tx,
  jobs: Pick<JobQueue, 'send'>,
  payment: PaymentNoticeSource,
  notice: {
    type: NotificationType;
    recipientType: Notice['recipientType'];
    refundAmount: number | null;
    message: string;
  },
): Promise<number> {
  const clinic = await findClinic(tx, payment.clinicId);
  if (!clinic) return 0;
  return queueNotice(tx, jobs, {
    type: notice.type,
    recipientType: notice.recipientType,
    patient: { name: payment.patientName, email: payment.patientEmail, phone: payment.patientPhone },
    payment: {
      id: payment.id,
      paymentRequestId: payment.paymentRequestId,
      reference: payment.paymentRef,
      amount: payment.amountPaid,
      refundAmount: notice.refundAmount,
      paymentLink: payment.paymentLinkId,
      message: notice.message,
    },
    clinic,
  });
}
