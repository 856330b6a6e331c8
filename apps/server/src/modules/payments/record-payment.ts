/**
 * Recording payments from provider events (design.md: from payment_intent.succeeded, exactly once).
 * The intent is re-read from the provider, so the amount, application fee, metadata and card fee are
 * the provider's, not the event payload's. A paid request becomes paid in the same transaction.
 */
import { and, eq } from 'drizzle-orm';
import { paymentRequests, payments } from '../../db/schema/index.js';
import type { EventHandler } from '../webhooks/handler.js';
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
    await tx
      .insert(payments)
      .values({
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
        status: 'paid',
        type,
        title: meta.title ?? 'Payment',
        paymentRef: newPaymentReference(),
        stripePaymentId: intent.id,
        paidAt,
      })
      .onConflictDoNothing({ target: payments.stripePaymentId });
    if (requestId) {
      await tx
        .update(paymentRequests)
        .set({ status: 'paid', paidAt })
        .where(and(eq(paymentRequests.id, requestId), eq(paymentRequests.status, 'sent')));
    }
  };
};

/** charge.updated: the balance transaction (and so the card fee) may only now be known. */
export const onChargeUpdated: EventHandler = async ({ gateway }, event) => {
  const paymentIntentId = event.data.object.payment_intent;
  if (typeof paymentIntentId !== 'string') return async () => {};
  const intent = await gateway.retrievePaymentIntent(paymentIntentId);
  return async (tx) => {
    if (intent.cardFee !== null) await setCardFeeIfMissing(tx, intent.id, intent.cardFee);
  };
};
