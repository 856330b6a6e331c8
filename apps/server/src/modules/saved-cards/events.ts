/**
 * The saved-cards module's provider-event handlers: a card saved with a SetupIntent, and a saved card's
 * charge whose refusal arrives only by event (docs/decisions/0091-saved-cards-on-platform-customers.md).
 */
import type { EventHandler } from '../../gateway/event-handler.js';
import { readFromProvider } from '../../gateway/provider-reads.js';
import { isUuid } from '../../http/ids.js';
import { findClinic } from '../clinics/index.js';
import { queueNotice } from '../notifications/index.js';
import { CARD_CHARGE_METADATA_KEY } from './charges.js';
import { failProcessingCharge } from './queries.js';
import { recordSavedCard } from './service.js';

const PROVIDER_NOT_ANSWERING =
  "The card provider's saved card could not be read; deliver this event again later";

/**
 * setup_intent.succeeded (docs.stripe.com/api/events/types#event_types-setup_intent.succeeded): the card
 * a patient saved on a link that secures an appointment (docs/decisions/0095-secure-your-appointment.md),
 * recorded under their patient with the consents given on the SetupIntent, no payment, and the patient's
 * "card saved" notice queued with it. The SetupIntent and its card are re-read from the provider; one
 * the provider does not know, or not on a Customer ClinicPay made, changes nothing. Throws
 * DeliverAgainLater when the provider cannot answer now.
 */
export const onSetupIntentSucceeded: EventHandler = async ({ db, gateway, jobs }, event) => {
  const setup = await readFromProvider(
    () => gateway.retrieveSetupIntent(String(event.data.object.id)),
    PROVIDER_NOT_ANSWERING,
  );
  const paymentMethodId = setup?.status === 'succeeded' ? setup.paymentMethodId : null;
  if (!setup || !paymentMethodId) return async () => {};
  const card = await readFromProvider(
    () => gateway.retrievePaymentMethod(paymentMethodId),
    PROVIDER_NOT_ANSWERING,
  );
  if (!card) return async () => {};
  const meta = setup.metadata;
  const clinic = meta.clinic_id ? await findClinic(db, meta.clinic_id) : undefined;
  const title = meta.title;
  return async (tx) => {
    const saved = await recordSavedCard(tx, { paymentIntentId: setup.id, paymentId: null, card });
    // Told once, when the consents are first tied to the card; only for the patient it was saved for,
    // at the details they typed (as a receipt is).
    if (!saved?.consentsTied || !clinic || saved.patientId !== meta.patient_id || !meta.patient_email) return;
    await queueNotice(tx, jobs, {
      type: 'card_saved',
      recipientType: 'patient',
      patient: {
        name: meta.patient_name ?? '',
        email: meta.patient_email,
        phone: meta.patient_phone || null,
      },
      payment: {
        id: null,
        paymentRequestId: null,
        reference: null,
        amount: 0,
        refundAmount: null,
        paymentLink: null,
        message: title || 'Your appointment',
      },
      clinic,
      savedCardId: saved.cardId,
    });
  };
};

/**
 * payment_intent.payment_failed: a charge whose answer never reached ClinicPay (the provider timed
 * out) stays 'processing' until its intent's refusal arrives here; it then fails with that refusal,
 * so the fee can be tried again. The intent is re-read from the provider; a charge already settled
 * from its answer is left as it is.
 */
export const onCardChargeFailed: EventHandler = async ({ gateway }, event) => {
  const intent = await readFromProvider(
    () => gateway.retrievePaymentIntent(String(event.data.object.id)),
    "The card provider's payment could not be read; deliver this event again later",
  );
  const chargeId = intent?.metadata[CARD_CHARGE_METADATA_KEY];
  if (!intent || !chargeId || !isUuid(chargeId) || intent.status !== 'requires_payment_method')
    return async () => {};
  const error = intent.lastPaymentError;
  return (tx) =>
    failProcessingCharge(tx, chargeId, {
      paymentIntentId: intent.id,
      failureCode: error?.code ?? 'card_declined',
      declineCode: error?.declineCode ?? null,
      failureMessage: error?.message || 'The card was declined',
    });
};
