/**
 * Recording payments from provider events (design.md: from payment_intent.succeeded, exactly once).
 * The intent is re-read from the provider, so the amount, application fee, metadata and card fee are
 * the provider's, not the event payload's. A paid request becomes paid in the same transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { clinics, paymentRequests, payments } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { queuePaymentNotice } from '../notifications/index.js';
import type { EventHandler } from '../webhooks/index.js';
import { setCardFeeIfMissing } from './queries.js';
import { newPaymentReference } from './reference.js';

const PAYMENT_TYPES = new Set(['deposit', 'treatment', 'consultation', 'other']);

export const onPaymentIntentSucceeded: EventHandler = async ({ gateway }, event) => {
  const intent = await gateway.retrievePaymentIntent(String(event.data.object.id));
  const meta = intent.metadata;
  const clinicId = meta.clinic_id;
  const requestId = meta.payment_request_id ?? null;
  return async (tx) => {
    if (!clinicId || intent.status !== 'succeeded') return;
    const type = PAYMENT_TYPES.has(meta.payment_type ?? '') ? (meta.payment_type as 'deposit') : 'other';
    const paidAt = new Date();
    const values: NewPayment = {
      clinicId,
      paymentLinkId: meta.payment_link_id ?? null,
      paymentRequestId: requestId,
      patientName: meta.patient_name ?? 'Unknown Patient',
      patientEmail: meta.patient_email ?? '',
      patientPhone: meta.patient_phone ?? null,
      amountPaid: intent.amount,
      platformFee: intent.applicationFeeAmount,
      stripeFee: intent.cardFee,
      netAmount: intent.amount - intent.applicationFeeAmount,
      status: 'paid' as const,
      type,
      title: meta.title ?? 'Payment',
      stripePaymentId: intent.id,
      paidAt,
    };
    const payment = await insertWithFreshReference(tx, values);
    if (!payment) return;
    await queuePaymentNotices(tx, payment);
    if (requestId) {
      await tx
        .update(paymentRequests)
        .set({ status: 'paid', paidAt })
        .where(and(eq(paymentRequests.id, requestId), eq(paymentRequests.status, 'sent')));
    }
  };
};

type PaymentRow = typeof payments.$inferSelect;
type NewPayment = Omit<typeof payments.$inferInsert, 'paymentRef'>;

const REFERENCE_ATTEMPTS = 5;

/**
 * Inserts the payment under a new reference. Either unique column may conflict: the intent's (the
 * payment is already recorded: undefined) or, very rarely, the reference's (another one is drawn).
 */
async function insertWithFreshReference(tx: Tx, values: NewPayment): Promise<PaymentRow | undefined> {
  for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt++) {
    const [payment] = await tx
      .insert(payments)
      .values({ ...values, paymentRef: newPaymentReference() })
      .onConflictDoNothing()
      .returning();
    if (payment) return payment;
    const [recorded] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.stripePaymentId, values.stripePaymentId));
    if (recorded) return undefined;
  }
  throw new Error(`No free payment reference after ${REFERENCE_ATTEMPTS} attempts`);
}

/**
 * Queues the patient's confirmation and the clinic's notice (spec §3 notification payload) in the
 * transaction that records the payment, so a recorded payment always has its notices waiting.
 */
async function queuePaymentNotices(tx: Tx, payment: PaymentRow) {
  const [clinic] = await tx.select().from(clinics).where(eq(clinics.id, payment.clinicId));
  if (!clinic) return;
  const notice = {
    patient: { name: payment.patientName, email: payment.patientEmail, phone: payment.patientPhone },
    payment: {
      id: payment.id,
      paymentRequestId: payment.paymentRequestId,
      reference: payment.paymentRef,
      amount: payment.amountPaid,
      refundAmount: payment.refundAmount,
      paymentLink: payment.paymentLinkId,
      message: `Payment for ${payment.title}`,
    },
    clinic,
  };
  await queuePaymentNotice(tx, { ...notice, type: 'payment_confirmation', recipientType: 'patient' });
  await queuePaymentNotice(tx, { ...notice, type: 'payment_received', recipientType: 'clinic' });
}

/**
 * charge.updated: the balance transaction (and so the card fee) may only now be known. When it
 * overtakes payment_intent.succeeded (the payment is not recorded yet), it is refused with a 503 so
 * the provider delivers it again later, rather than the fee being lost.
 */
export const onChargeUpdated: EventHandler = async ({ gateway }, event) => {
  const paymentIntentId = event.data.object.payment_intent;
  if (typeof paymentIntentId !== 'string') return async () => {};
  const intent = await gateway.retrievePaymentIntent(paymentIntentId);
  return async (tx) => {
    if (intent.cardFee === null) return;
    const updated = await setCardFeeIfMissing(tx, intent.id, intent.cardFee).returning({ id: payments.id });
    if (updated.length || intent.status !== 'succeeded' || !intent.metadata.clinic_id) return;
    const [recorded] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.stripePaymentId, intent.id));
    if (!recorded) throw new AppError('SERVICE_UNAVAILABLE', PAYMENT_NOT_RECORDED_YET);
  };
};

export const PAYMENT_NOT_RECORDED_YET = 'The payment is not recorded yet; deliver this event again later';
