/**
 * Declined attempts to pay (docs/decisions/0101-failed-attempts.md): recorded from
 * payment_intent.payment_failed, one row per event, and listed under the history's Failed filter.
 * They are never payments: no figure, count or report of payments includes them.
 */
import { PAYMENT_TYPES, type PaymentType } from '@clinicpay/shared';
import type { EventHandler } from '../../gateway/event-handler.js';
import type { CardError } from '../../gateway/gateway.js';
import { readFromProvider } from '../../gateway/provider-reads.js';
import { isUuid } from '../../http/ids.js';
import { CARD_CHARGE_METADATA_KEY } from '../saved-cards/index.js';
import { insertFailedAttemptUnlessRecorded } from './queries.js';
import { PROVIDER_NOT_ANSWERING } from './record-payment.js';

const KNOWN_TYPES = new Set<string>(PAYMENT_TYPES);

/** The event's own refusal (the attempt it reports), as Stripe sends it in last_payment_error. */
function refusalOf(object: Record<string, unknown>): CardError | null {
  const error = object.last_payment_error as
    | { code?: string; decline_code?: string; message?: string }
    | null
    | undefined;
  if (!error) return null;
  return {
    code: error.code ?? 'card_declined',
    declineCode: error.decline_code ?? null,
    message: error.message ?? '',
  };
}

/**
 * payment_intent.payment_failed for a payment page's intent: records the declined attempt with the
 * patient and amount from the intent as the provider holds it, and the refusal the event reports
 * (a later attempt may have cleared the intent's own). Charges of saved cards are left to their own
 * record. Throws DeliverAgainLater when the provider cannot answer.
 */
export const onPaymentAttemptFailed: EventHandler = async ({ gateway }, event) => {
  const intent = await readFromProvider(
    () => gateway.retrievePaymentIntent(String(event.data.object.id)),
    PROVIDER_NOT_ANSWERING,
  );
  const meta = intent?.metadata ?? {};
  const clinicId = meta.clinic_id;
  if (!intent || !clinicId || !isUuid(clinicId) || meta[CARD_CHARGE_METADATA_KEY]) return async () => {};
  const refusal = refusalOf(event.data.object) ?? intent.lastPaymentError;
  const uuidOrNull = (value: string | undefined) => (value && isUuid(value) ? value : null);
  return async (tx) => {
    await insertFailedAttemptUnlessRecorded(tx, {
      clinicId,
      providerEventId: event.id,
      paymentIntentId: intent.id,
      paymentLinkId: uuidOrNull(meta.payment_link_id),
      paymentRequestId: uuidOrNull(meta.payment_request_id),
      patientName: meta.patient_name ?? 'Unknown Patient',
      patientEmail: meta.patient_email ?? '',
      patientPhone: meta.patient_phone || null,
      amount: intent.amount,
      type: KNOWN_TYPES.has(meta.payment_type ?? '') ? (meta.payment_type as PaymentType) : 'other',
      title: meta.title ?? 'Payment',
      failureCode: refusal?.code ?? 'card_declined',
      declineCode: refusal?.declineCode ?? null,
      failureMessage: refusal?.message || 'The card was declined',
    });
  };
};
