/**
 * The payments module's provider-event handlers.
 *
 * Recording payments (decision 0051: from payment_intent.succeeded, exactly once).
 * The intent is re-read from the provider, so the amount, application fee, metadata and card fee are
 * the provider's, not the event payload's. A paid request becomes paid in the same transaction; a
 * request already paid gets no second payment that counts: a later one is recorded as pending and
 * refunded in full automatically (decision 0020). So is a payment confirmed after its request was
 * cancelled or passed its last day to pay, or after its link passed its last day or took its most
 * payments (docs/decisions/0105-request-and-link-lifetimes.md); the clinic is told by email.
 * charge.updated adds a card fee the provider knew only later (decision 0053).
 *
 * Declined attempts to pay (docs/decisions/0101-failed-attempts.md): recorded from
 * payment_intent.payment_failed, one row per event, and listed under the history's Failed filter.
 * They are never payments: no figure, count or report of payments includes them.
 */
import { defaultNoticeMessage, netAmountFor, PAYMENT_TYPES, type PaymentType } from '@clinicpay/shared';
import type { Tx } from '../../db/client.js';
import type { EventDeps, EventHandler } from '../../gateway/event-handler.js';
import type { CardError, PaymentIntent } from '../../gateway/gateway.js';
import type { CardGateway } from '../../gateway/index.js';
import { DeliverAgainLater, readFromProvider } from '../../gateway/provider-reads.js';
import { isUuid } from '../../http/ids.js';
import { queueEmail } from '../../mail/email-job.js';
import { findClinic, findClinicAccountEmail, isOurClinic } from '../clinics/index.js';
import {
  countLinkPayments,
  findClinicLink,
  isClosed,
  lockLinkLifetime,
  requestState,
} from '../links/index.js';
import { queuePaymentNotice } from '../notifications/index.js';
import { recordPatient } from '../patients/index.js';
import { acceptedTermsOf } from '../policies/index.js';
import { refundSecondPaymentJob } from '../refunds/index.js';
import { findClinicRequestRow, lockPaymentRequest, markRequestPaid } from '../requests/index.js';
import { CARD_CHARGE_METADATA_KEY, markCardChargePaid, recordSavedCard } from '../saved-cards/index.js';
import { closedPaymentEmail } from './closed-payment-email.js';
import {
  clinicPaymentId,
  insertFailedAttemptUnlessRecorded,
  insertPaymentUnlessTaken,
  type NewPayment,
  type PaymentRow,
  paymentRecorded,
  setCardFeeIfMissing,
} from './queries.js';
import { newPaymentReference } from './reference.js';

const KNOWN_TYPES = new Set<string>(PAYMENT_TYPES);

/** A whole number of pence given in metadata ('12000'), or null for anything else. */
function penceOf(text: string | undefined): number | null {
  return text && /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null;
}

/**
 * The metadata an event's object carried when the provider made the event (its snapshot), when it is
 * a record of strings as the provider's is; undefined for an object without one.
 */
function metadataOf(object: Record<string, unknown>): Record<string, string> | undefined {
  const metadata = object.metadata;
  if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata)) return undefined;
  const entries = Object.entries(metadata);
  if (!entries.every(([, value]) => typeof value === 'string')) return undefined;
  return Object.fromEntries(entries) as Record<string, string>;
}

/** The value when it is a UUID, else null (metadata is the provider's, and may hold anything). */
const uuidOrNull = (value: string | undefined) => (value && isUuid(value) ? value : null);

/** The link the metadata names when it is one of the clinic's, else null. */
async function linkOfClinic(tx: Tx, clinicId: string, value: string | undefined): Promise<string | null> {
  const linkId = uuidOrNull(value);
  return linkId && (await findClinicLink(tx, clinicId, linkId)) ? linkId : null;
}

/** The request the metadata names when it is one of the clinic's, else null. */
async function requestOfClinic(tx: Tx, clinicId: string, value: string | undefined): Promise<string | null> {
  const requestId = uuidOrNull(value);
  return requestId && (await findClinicRequestRow(tx, clinicId, requestId)) ? requestId : null;
}

export const PROVIDER_NOT_ANSWERING =
  "The card provider's payment could not be read; deliver this event again later";

/**
 * The intent as the provider holds it now, or undefined when the provider does not know it: such an
 * event (correctly signed, but about no intent of this account) is acknowledged with nothing recorded,
 * since delivering it again would never change that. Throws DeliverAgainLater when the provider cannot
 * answer now.
 */
function currentIntent(gateway: CardGateway, paymentIntentId: string): Promise<PaymentIntent | undefined> {
  return readFromProvider(() => gateway.retrievePaymentIntent(paymentIntentId), PROVIDER_NOT_ANSWERING);
}

/**
 * payment_intent.succeeded: records the payment once, queues its notices, marks its request paid and
 * records the card it saved, with the consents given for it.
 * The first payment recorded for a request is the request's; a later one (an intent made before the
 * request was paid, or before decision 0020) is recorded as pending with the job that refunds it.
 */
export const onPaymentIntentSucceeded: EventHandler = async ({ gateway, jobs }, event) => {
  const intent = await currentIntent(gateway, String(event.data.object.id));
  if (!intent) return async () => {};
  // The card the payment saved for later charges (decision 0091), read before the transaction.
  const savedCardId = intent.savesCard && intent.status === 'succeeded' ? intent.paymentMethodId : null;
  const card = savedCardId
    ? await readFromProvider(() => gateway.retrievePaymentMethod(savedCardId), PROVIDER_NOT_ANSWERING)
    : undefined;
  // The payer as the intent held them when it succeeded (the event's snapshot): a Pay Now in another
  // tab can still write its own details onto a paid intent, and must not become the payer.
  const meta = metadataOf(event.data.object) ?? intent.metadata;
  // Ids from an intent ClinicPay did not make may be anything: such an event is taken and records nothing.
  const clinicId = uuidOrNull(meta.clinic_id);
  const requestId = uuidOrNull(meta.payment_request_id);
  return async (tx) => {
    if (!clinicId || intent.status !== 'succeeded' || !(await isOurClinic(tx, clinicId))) return;
    // Locked until the transaction ends, so two payments of one request are recorded one after the other.
    // Only the clinic's own request or link counts: the metadata of an intent made elsewhere may name any.
    const locked = requestId ? await lockPaymentRequest(tx, requestId) : undefined;
    const request = locked?.clinicId === clinicId ? locked : undefined;
    const linkId = await linkOfClinic(tx, clinicId, meta.payment_link_id);
    // When the patient confirmed: the event's time, not this (perhaps much later) delivery's.
    const confirmedAt = new Date(event.created * 1000);
    const closedBy = request
      ? closedRequest(request, confirmedAt)
      : await closedLink(tx, linkId ?? undefined, confirmedAt);
    const second = request?.status === 'paid' || closedBy !== null;
    const type = KNOWN_TYPES.has(meta.payment_type ?? '') ? (meta.payment_type as PaymentType) : 'other';
    // Paid when the patient confirmed, not when the event reached us: a retried event delivered after
    // midnight still counts on the day it was paid (the daily totals, the reports and the history). The
    // provider's time is in whole seconds: an event arriving within its second keeps the millisecond of
    // its arrival, so payments of one second stay in the order they were made.
    const paidAt = new Date(Math.min(Date.now(), event.created * 1000 + 999));
    const patient = {
      name: meta.patient_name ?? 'Unknown Patient',
      email: meta.patient_email ?? '',
      phone: meta.patient_phone || null,
    };
    const values: NewPayment = {
      clinicId,
      patientId: await recordPatient(tx, clinicId, patient, 'payer'),
      paymentLinkId: linkId,
      paymentRequestId: request?.id ?? null,
      patientName: meta.patient_name ?? 'Unknown Patient',
      patientEmail: meta.patient_email ?? '',
      patientPhone: meta.patient_phone ?? null,
      payerIp: meta.payer_ip ?? null,
      ...(await acceptedTermsColumns(tx, clinicId, intent.id, meta.terms_id)),
      cardBrand: intent.card?.brand ?? null,
      cardLast4: intent.card?.last4 ?? null,
      threeDSecure: intent.card?.threeDSecure ?? null,
      amountPaid: intent.amount,
      platformFee: intent.applicationFeeAmount,
      stripeFee: intent.cardFee,
      netAmount: netAmountFor(intent.amount, intent.applicationFeeAmount),
      status: second ? 'pending' : 'paid',
      type,
      title: meta.title ?? 'Payment',
      clinicReference: meta.clinic_reference || null,
      // A second payment of a request is refunded automatically: it is no deposit with a balance.
      treatmentTotal: second ? null : penceOf(meta.treatment_total),
      // Only one of the clinic's own payments: the metadata never ties a payment to another clinic's. A
      // second payment, refunded automatically, pays no deposit's balance.
      originalPaymentId:
        !second && meta.original_payment_id && isUuid(meta.original_payment_id)
          ? await clinicPaymentId(tx, clinicId, meta.original_payment_id)
          : null,
      stripePaymentId: intent.id,
      paidAt,
    };
    const payment = await insertWithFreshReference(tx, values);
    if (!payment) return;
    if (second) {
      // No receipt or clinic notice for money that goes straight back: the refund notice tells the patient.
      await jobs.send(refundSecondPaymentJob, { paymentId: payment.id }, { tx });
      if (closedBy) await tellClinicOfClosedPayment(tx, jobs, payment, closedBy);
      return;
    }
    await queuePaymentNotices(tx, jobs, payment);
    if (request) await markRequestPaid(tx, request.id, paidAt);
    if (card) await recordSavedCard(tx, { paymentIntentId: intent.id, paymentId: payment.id, card });
    const chargeId = meta[CARD_CHARGE_METADATA_KEY];
    if (chargeId) await markCardChargePaid(tx, chargeId, payment.id);
  };
};

/** Why a payment came to a page that no longer took one (0105). */
export type ClosedBy = 'cancelled' | 'expired' | 'used_up';

/** A request's payment confirmed once it was cancelled or expired (requestState at that time): why; null when it stands. */
function closedRequest(
  request: NonNullable<Awaited<ReturnType<typeof lockPaymentRequest>>>,
  confirmedAt: Date,
): ClosedBy | null {
  const state = requestState(request, confirmedAt);
  return state === 'cancelled' || state === 'expired' ? state : null;
}

/**
 * A link's payment confirmed after its last day, or beyond its most payments (counted with the link
 * locked, so two payments at once are counted one after the other): why; null when it stands.
 */
async function closedLink(tx: Tx, linkId: string | undefined, confirmedAt: Date): Promise<ClosedBy | null> {
  if (!linkId || !isUuid(linkId)) return null;
  const link = await lockLinkLifetime(tx, linkId);
  if (!link) return null;
  if (isClosed(link.expiresAt, confirmedAt)) return 'expired';
  if (link.maxPayments !== null && (await countLinkPayments(tx, linkId)) >= link.maxPayments)
    return 'used_up';
  return null;
}

/** Emails the clinic that a payment to a closed page is being refunded in full, and why. */
async function tellClinicOfClosedPayment(
  tx: Tx,
  jobs: EventDeps['jobs'],
  payment: PaymentRow,
  why: ClosedBy,
) {
  const clinic = await findClinic(tx, payment.clinicId);
  const to = clinic?.email ?? (await findClinicAccountEmail(tx, payment.clinicId));
  if (!to) return;
  await queueEmail(jobs, await closedPaymentEmail({ to, payment, why }), { tx });
}

/** The payment's record of the clinic's terms its payer accepted at Pay Now (docs/decisions/0107-payment-terms.md). */
async function acceptedTermsColumns(
  tx: Tx,
  clinicId: string,
  paymentIntentId: string,
  termsId: string | undefined,
) {
  const accepted = await acceptedTermsOf(tx, clinicId, paymentIntentId, termsId);
  return accepted ? { termsId: accepted.termsId, termsAcceptedAt: accepted.acceptedAt } : {};
}

const REFERENCE_ATTEMPTS = 5;

/**
 * Inserts the payment under a new reference. Either unique column may conflict: the intent's (the
 * payment is already recorded: undefined) or, very rarely, the reference's (another one is drawn).
 */
async function insertWithFreshReference(tx: Tx, values: NewPayment): Promise<PaymentRow | undefined> {
  for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt++) {
    const payment = await insertPaymentUnlessTaken(tx, values, newPaymentReference());
    if (payment) return payment;
    if (await paymentRecorded(tx, values.stripePaymentId)) return undefined;
  }
  throw new Error(`No free payment reference after ${REFERENCE_ATTEMPTS} attempts`);
}

/**
 * Queues the patient's confirmation and the clinic's notice (docs/product.md#notification-payload) in the
 * transaction that records the payment, so a recorded payment always has its notices waiting.
 */
async function queuePaymentNotices(tx: Tx, jobs: EventDeps['jobs'], payment: PaymentRow) {
  const notice = { refundAmount: payment.refundAmount, message: defaultNoticeMessage(payment.title) };
  await queuePaymentNotice(tx, jobs, payment, {
    ...notice,
    type: 'payment_confirmation',
    recipientType: 'patient',
  });
  await queuePaymentNotice(tx, jobs, payment, {
    ...notice,
    type: 'payment_received',
    recipientType: 'clinic',
  });
}

/**
 * charge.updated: the balance transaction (and so the card fee) may only now be known. When it
 * overtakes payment_intent.succeeded (the payment is not recorded yet), it is refused with a 503 so
 * the provider delivers it again later, rather than the fee being lost.
 */
export const onChargeUpdated: EventHandler = async ({ gateway }, event) => {
  const paymentIntentId = event.data.object.payment_intent;
  if (typeof paymentIntentId !== 'string') return async () => {};
  const intent = await currentIntent(gateway, paymentIntentId);
  if (!intent) return async () => {};
  return async (tx) => {
    if (intent.cardFee === null) return;
    const updated = await setCardFeeIfMissing(tx, intent.id, intent.cardFee);
    if (updated || intent.status !== 'succeeded' || !(await isOurClinic(tx, intent.metadata.clinic_id)))
      return;
    if (!(await paymentRecorded(tx, intent.id))) throw new DeliverAgainLater(PAYMENT_NOT_RECORDED_YET);
  };
};

export const PAYMENT_NOT_RECORDED_YET = 'The payment is not recorded yet; deliver this event again later';

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
  return async (tx) => {
    if (!(await isOurClinic(tx, clinicId))) return;
    await insertFailedAttemptUnlessRecorded(tx, {
      clinicId,
      providerEventId: event.id,
      paymentIntentId: intent.id,
      paymentLinkId: await linkOfClinic(tx, clinicId, meta.payment_link_id),
      paymentRequestId: await requestOfClinic(tx, clinicId, meta.payment_request_id),
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
