/**
 * The notification payload (spec §3 "Notification payload"): notification_type, notification_method,
 * patient, payment, clinic and clinic_id. Every notice ClinicPay queues (payment confirmations, the
 * clinic's payment notice, refund notices) is built here, so all share the one shape.
 * Amounts are integer pence.
 */
import type { Tx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { type ClinicRow, clinicForNotification } from '../clinics/index.js';
import { channelsOf, type NotificationMethod } from './channels.js';

export type NotificationType =
  | 'payment_request'
  | 'payment_confirmation'
  | 'payment_received'
  | 'refund_confirmation';

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
  /** Pence refunded: for a refund notice the amount of that refund; null for a request. */
  refundAmount: number | null;
  /** The payment link (id or URL) the payment came from, or null. */
  paymentLink: string | null;
  message: string;
}

/** The spec §3 payload of one notice on one channel. */
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

/** The channels a patient notice goes out on: what the clinic switched on, SMS only with a phone. */
export function patientChannels(clinic: ClinicRow, patientPhone: string | null) {
  return channelsOf({
    email: clinic.emailNotifications,
    sms: clinic.smsNotifications && patientPhone !== null,
  });
}

/**
 * Queues one pending notifications row per channel of a notice about a payment, in `tx` (delivery is
 * the queue's job). The patient's channels follow the clinic's settings; a clinic notice goes by email.
 */
export async function queuePaymentNotice(
  tx: Pick<Tx, 'insert'>,
  notice: {
    type: NotificationType;
    recipientType: 'patient' | 'clinic';
    patient: PayloadPatient;
    payment: PayloadPayment & { id: string; paymentRequestId: string | null };
    clinic: ClinicRow;
  },
): Promise<void> {
  const channels =
    notice.recipientType === 'patient'
      ? patientChannels(notice.clinic, notice.patient.phone)
      : [{ method: { email: true, sms: false } }];
  if (!channels.length) return;
  await tx.insert(notifications).values(
    channels.map(({ method }) => ({
      clinicId: notice.clinic.id,
      type: notice.type,
      recipientType: notice.recipientType,
      paymentId: notice.payment.id,
      paymentRequestId: notice.payment.paymentRequestId,
      payload: buildNotificationPayload({ ...notice, method }),
    })),
  );
}
