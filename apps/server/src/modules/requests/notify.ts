/**
 * Telling the patient about a payment request (spec §3 notification payload): one notifications row
 * per channel the clinic has switched on (notifications/channels.ts), then the email (and the SMS when a
 * phone was given) is sent and its row marked sent or failed. A failure never undoes the request; the caller shows the spec's
 * 'delivery might be delayed' warning.
 */
import { formatPence } from '@clinicpay/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { escapeHtml } from '../../mail/html.js';
import type { Mailer } from '../../mail/mailer.js';
import type { SmsSender } from '../../mail/sms.js';
import type { ClinicRow } from '../clinics/index.js';
import { clinicForNotification } from '../clinics/index.js';
import { type Channel, channelsOf, type NotificationMethod } from '../notifications/index.js';

export interface RequestNotice {
  clinic: ClinicRow;
  requestId: string;
  patient: { name: string; email: string; phone: string | null };
  amount: number;
  title: string;
  message: string | null;
  paymentUrl: string;
}

export interface NotifyDeps {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  onError: (error: unknown) => void;
}

function payloadOf(notice: RequestNotice, method: NotificationMethod) {
  const { clinic } = notice;
  return {
    notification_type: 'payment_request',
    notification_method: method,
    patient: notice.patient,
    payment: {
      reference: null,
      amount: notice.amount,
      refund_amount: null,
      payment_link: notice.paymentUrl,
      message: notice.message ?? `Payment for ${notice.title}`,
    },
    clinic: clinicForNotification(clinic),
    clinic_id: clinic.id,
  };
}

async function deliver(
  deps: NotifyDeps,
  notificationId: string,
  send: () => Promise<void>,
): Promise<boolean> {
  try {
    await send();
    await deps.db
      .update(notifications)
      .set({ status: 'sent', attempts: 1, sentAt: new Date() })
      .where(eq(notifications.id, notificationId));
    return true;
  } catch (error) {
    deps.onError(error);
    await deps.db
      .update(notifications)
      .set({
        status: 'failed',
        attempts: 1,
        lastError: error instanceof Error ? error.message : String(error),
      })
      .where(eq(notifications.id, notificationId))
      .catch(deps.onError);
    return false;
  }
}

/** Resolves to true when every switched-on channel was delivered. */
export async function notifyPatientOfRequest(deps: NotifyDeps, notice: RequestNotice): Promise<boolean> {
  const channels = channelsOf({
    email: notice.clinic.emailNotifications,
    sms: notice.clinic.smsNotifications && notice.patient.phone !== null,
  });
  const clinicName = notice.clinic.clinicName ?? 'Your healthcare provider';
  const amount = formatPence(notice.amount);
  const line = notice.message ?? `Payment for ${notice.title}`;
  const senders: Record<Channel, () => Promise<void>> = {
    email: () =>
      deps.mailer.send({
        to: notice.patient.email,
        subject: `Payment request from ${clinicName}`,
        text: `Dear ${notice.patient.name},\n\n${clinicName} has asked you to pay ${amount}.\n${line}\n\nPay securely: ${notice.paymentUrl}\n\nClinicPay`,
        html: `<p>Dear ${escapeHtml(notice.patient.name)},</p><p>${escapeHtml(clinicName)} has asked you to pay <strong>${escapeHtml(amount)}</strong>.<br>${escapeHtml(line)}</p><p><a href="${escapeHtml(notice.paymentUrl)}">Pay securely</a></p><p>ClinicPay</p>`,
      }),
    sms: () =>
      deps.sms.send(
        notice.patient.phone ?? '',
        `${clinicName}: please pay ${amount} (${line}) at ${notice.paymentUrl}`,
      ),
  };

  const results: boolean[] = [];
  for (const { channel, method } of channels) {
    try {
      const [row] = await deps.db
        .insert(notifications)
        .values({
          clinicId: notice.clinic.id,
          type: 'payment_request',
          recipientType: 'patient',
          paymentRequestId: notice.requestId,
          payload: payloadOf(notice, method),
        })
        .returning({ id: notifications.id });
      results.push(row ? await deliver(deps, row.id, senders[channel]) : false);
    } catch (error) {
      deps.onError(error);
      results.push(false);
    }
  }
  return results.every(Boolean);
}
