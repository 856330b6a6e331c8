/**
 * The public payment page's data and the payment intent behind Pay Now (docs/product.md#payment-flow,
 * docs/product.md#validation). The server decides the amount from the link or request; the platform fee from
 * settings becomes the application fee; the link, request, clinic and patient go into metadata for recording.
 * A link gets one intent per checkout attempt (each of its payers pays); a request has one intent, shared by
 * every tab and attempt (request-intent.ts, decision 0020).
 */
import {
  type CardOnFileTerm,
  CHECKOUT_MESSAGES,
  CHECKOUT_REFUSALS,
  CUSTOM_REQUEST_TITLE,
  canTakePayments,
  cardStatementText,
  DEFAULT_PLATFORM_FEE_BASIS_POINTS,
  type ErrorCode,
  type PublicPaymentData,
  percentTextToBasisPoints,
  platformFeeFor,
  requestTerms,
  statementSuffix,
  TERMS_MESSAGES,
} from '@clinicpay/shared';
import type { Db } from '../../db/client.js';
import type { CardGateway, CreatePaymentIntentInput } from '../../gateway/gateway.js';
import { AppError, fromGatewayError } from '../../http/app-error.js';
import { isUuid } from '../../http/ids.js';
import { clinicAddress } from '../clinics/index.js';
import { countLinkPayments, isClosed, requestState } from '../links/index.js';
import { recordPatient } from '../patients/index.js';
import { recordTermsAcceptance } from '../policies/index.js';
import { cardOnFileTerms, customerForPatient, recordConsents } from '../saved-cards/index.js';
import { intentIdempotencyKey, setupIdempotencyKey } from './idempotency.js';
import { type ClinicRow, findPayablePage, type PayablePageRow } from './queries.js';
import { requestIntent } from './request-intent.js';

interface Payable {
  id: string;
  amount: number;
  title: string;
  type: PublicPaymentData['type'];
  clinic: ClinicRow;
  paymentLinkId: string | null;
  paymentRequestId: string | null;
  /** The request's payment intent once one was made (decision 0020). */
  storedIntentId: string | null;
  patient: { name: string; email: string; phone: string | null } | null;
  /** The request's patient (docs/decisions/0089-patients.md); null for a link. */
  patientId: string | null;
  payability: PublicPaymentData['payability'];
  /** Whether the patient must save their card under the clinic's policies (the link's or the request's). */
  requiresCardOnFile: boolean;
  /** Pence: the treatment's whole price when `amount` is a deposit towards it; else null. */
  treatmentTotal: number | null;
  /** The deposit whose balance this (balance) request asks for; else null. */
  originalPaymentId: string | null;
  /** A link that only saves a card, nothing paid now; `amount` is then the treatment's price. */
  securesAppointment: boolean;
  /** What the clinic wrote: the link's description, and a request's message. */
  description: string | null;
  message: string | null;
  /** The clinic's reference: the request's (which took the link's when sent without one), or the link's (0108). */
  clinicReference: string | null;
  /** The clinic's payment terms in force (docs/decisions/0107-payment-terms.md), read with the page. */
  termsInForce: PayablePageRow['terms'];
  /** The platform fee in force, in basis points, read with the page. */
  feeBasisPoints: number;
}

/**
 * The platform fee from its stored percent text: a missing or unreadable one is the default 3.0%, as
 * getPlatformFeeBasisPoints in the platform-settings module reads it (docs/product.md, decision 0098).
 */
function feeBasisPoints(stored: string | null): number {
  return (stored === null ? null : percentTextToBasisPoints(stored)) ?? DEFAULT_PLATFORM_FEE_BASIS_POINTS;
}

/**
 * Whether the clinic can take a payment now: 'payable' with an account in use that takes charges
 * (connected or action needed, decision 0080); 'unavailable' while its payments are paused (turned off
 * by ClinicPay, or the provider is verifying, has restricted or rejected the account), which is not the
 * clinic's set-up to blame; otherwise 'not_connected' (its 'Payment Unavailable' page).
 */
function clinicPayability(clinic: ClinicRow): 'payable' | 'unavailable' | 'not_connected' {
  const status = clinic.stripeStatus ?? 'not_connected';
  if (clinic.paymentsTurnedOffAt) return 'unavailable';
  if (clinic.stripeAccountId !== null && canTakePayments(status)) return 'payable';
  return status === 'verifying' || status === 'restricted' || status === 'rejected'
    ? 'unavailable'
    : 'not_connected';
}

/**
 * A request's payability: paid, cancelled or past its last day to pay
 * (docs/decisions/0105-request-and-link-lifetimes.md), else as its clinic can take payments.
 */
function requestPayability(
  request: Parameters<typeof requestState>[0],
  clinic: ClinicRow,
): Payable['payability'] {
  const state = requestState(request, new Date());
  return state === 'open' ? clinicPayability(clinic) : state;
}

/**
 * A link's payability: archived, past its last day to pay, or used up (it has taken its most payments,
 * 0105: `paymentsTaken` is its payment count, read only for a link with a most payments), else as its
 * clinic can take payments.
 */
function linkPayability(
  link: { isActive: boolean; expiresAt: Date | null; maxPayments: number | null },
  paymentsTaken: number | null,
  clinic: ClinicRow,
): Payable['payability'] {
  if (!link.isActive) return 'archived';
  if (isClosed(link.expiresAt, new Date())) return 'expired';
  if (link.maxPayments !== null && paymentsTaken !== null && paymentsTaken >= link.maxPayments)
    return 'used_up';
  return clinicPayability(clinic);
}

/** What a closed page says besides the standard text: the clinic's own message (0105). */
const CLOSED = new Set<Payable['payability']>(['cancelled', 'expired', 'used_up']);

/**
 * A request id first, then a link id (docs/product.md#server-calls); anything else is 'Payment link not
 * found'. One round trip (findPayablePage), and a second only for a link with a most payments.
 */
async function findPayable(db: Db, id: string): Promise<Payable> {
  if (!isUuid(id)) throw new AppError('PAYMENT_PAGE_NOT_FOUND', CHECKOUT_REFUSALS.notFound);

  const page = await findPayablePage(db, id);
  if (!page) throw new AppError('PAYMENT_PAGE_NOT_FOUND', CHECKOUT_REFUSALS.notFound);
  const alongside = { termsInForce: page.terms, feeBasisPoints: feeBasisPoints(page.feeText) };
  if (page.request) {
    const request = { request: page.request, link: page.link, clinic: page.clinic };
    const { amount, title, type } = requestTerms(request.request, request.link);
    if (!amount) throw new AppError('PAYMENT_PAGE_NOT_FOUND', CHECKOUT_REFUSALS.notFound);
    return {
      id,
      amount,
      title,
      type,
      clinic: request.clinic,
      paymentLinkId: request.request.paymentLinkId,
      paymentRequestId: request.request.id,
      storedIntentId: request.request.paymentIntentId,
      patient: {
        name: request.request.patientName,
        email: request.request.patientEmail,
        phone: request.request.patientPhone,
      },
      patientId: request.request.patientId,
      payability: requestPayability(request.request, request.clinic),
      requiresCardOnFile: request.request.requiresCardOnFile || (request.link?.requiresCardOnFile ?? false),
      treatmentTotal: request.request.treatmentTotal ?? request.link?.treatmentTotal ?? null,
      originalPaymentId: request.request.originalPaymentId,
      // Such links are never sent as requests; a request from one would still take no payment.
      securesAppointment: request.link?.securesAppointment ?? false,
      description: request.link?.description ?? null,
      message: request.request.message,
      clinicReference: request.request.clinicReference ?? request.link?.clinicReference ?? null,
      ...alongside,
    };
  }

  if (!page.link) throw new AppError('PAYMENT_PAGE_NOT_FOUND', CHECKOUT_REFUSALS.notFound);
  const link = { link: page.link, clinic: page.clinic };
  const paymentsTaken =
    link.link.isActive && link.link.maxPayments !== null ? await countLinkPayments(db, link.link.id) : null;
  return {
    id,
    amount: link.link.amount,
    title: link.link.title,
    type: link.link.type,
    clinic: link.clinic,
    paymentLinkId: link.link.id,
    paymentRequestId: null,
    storedIntentId: null,
    patient: null,
    patientId: null,
    payability: linkPayability(link.link, paymentsTaken, link.clinic),
    requiresCardOnFile: link.link.requiresCardOnFile,
    treatmentTotal: link.link.treatmentTotal,
    originalPaymentId: null,
    securesAppointment: link.link.securesAppointment,
    description: link.link.description,
    message: null,
    clinicReference: link.link.clinicReference,
    ...alongside,
  };
}

/**
 * The policies the patient agrees to on this page, their card being saved (docs/decisions/0092-card-consent.md):
 * only on a page that can be paid and asks for a card on file, and only while the clinic has a policy
 * in force. Null (no statement sent) on any other page.
 */
function termsFor(db: Db, payable: Payable): Promise<CardOnFileTerm[] | null> | null {
  if (!payable.requiresCardOnFile || payable.payability !== 'payable') return null;
  return cardOnFileTerms(db, payable.clinic.id, {
    treatmentPence: payable.treatmentTotal ?? payable.amount,
    balanceDue: payable.treatmentTotal === null ? null : payable.treatmentTotal - payable.amount,
  });
}

/**
 * The clinic's payment terms the patient accepts on this page (docs/decisions/0107-payment-terms.md):
 * on a page that takes a payment now, while the clinic has terms in force; else null.
 */
function paymentTermsFor(payable: Payable) {
  if (payable.payability !== 'payable' || payable.securesAppointment) return null;
  return payable.termsInForce;
}

/**
 * The terms this Pay Now accepts, when the clinic has terms in force: the box must be ticked under the
 * version in force. Throws AppError VALIDATION_FAILED (400) on `termsAccepted` when it is not ticked, or
 * was ticked under a version since replaced (the page then shows the new one). Null without terms.
 */
function termsAccepted(payable: Payable, input: CheckoutInput) {
  const terms = paymentTermsFor(payable);
  if (!terms) return null;
  if (input.termsAccepted !== true)
    throw new AppError('VALIDATION_FAILED', CHECKOUT_MESSAGES.termsRequired, {
      termsAccepted: CHECKOUT_MESSAGES.termsRequired,
    });
  if (input.termsVersion !== terms.version)
    throw new AppError('VALIDATION_FAILED', TERMS_MESSAGES.changed, {
      termsAccepted: TERMS_MESSAGES.changed,
    });
  return terms;
}

/** What the payment page shows (docs/product.md#public-payment-data), amount in pence. */
export async function getPublicPaymentData(db: Db, id: string): Promise<PublicPaymentData> {
  const payable = await findPayable(db, id);
  const cardOnFile = termsFor(db, payable);
  return {
    terms: paymentTermsFor(payable),
    cardOnFile: cardOnFile === null ? null : await cardOnFile,
    deposit:
      payable.treatmentTotal === null
        ? null
        : { treatmentTotal: payable.treatmentTotal, balanceDue: payable.treatmentTotal - payable.amount },
    securesAppointment: payable.securesAppointment,
    closedNote: CLOSED.has(payable.payability) ? payable.clinic.closedPageText : null,
    description: payable.description,
    message: payable.message,
    clinicReference: payable.clinicReference,
    id: payable.id,
    amount: payable.amount,
    // A custom request's placeholder title is the clinic's bookkeeping, not words for the patient: the
    // page says 'Payment', with the clinic's message beside it (decision 0096).
    title: payable.title === CUSTOM_REQUEST_TITLE ? '' : payable.title,
    type: payable.type,
    isRequest: payable.paymentRequestId !== null,
    patientName: payable.patient?.name ?? null,
    patientEmail: payable.patient?.email ?? null,
    patientPhone: payable.patient?.phone ?? null,
    payability: payable.payability,
    clinic: {
      id: payable.clinic.id,
      name: payable.clinic.clinicName ?? 'Unknown Clinic',
      logo: payable.clinic.logoUrl,
      email: payable.clinic.email,
      phone: payable.clinic.phone,
      address: clinicAddress(payable.clinic),
      stripeStatus: payable.clinic.stripeStatus ?? 'not_connected',
      cardStatementText: cardStatementText(statementSuffix(payable.clinic)),
      emailsReceipts: payable.clinic.emailNotifications,
    },
  };
}

const REFUSALS: Record<
  Exclude<PublicPaymentData['payability'], 'payable'>,
  { code: ErrorCode; message: string }
> = {
  not_connected: { code: 'CLINIC_NOT_CONNECTED', message: CHECKOUT_REFUSALS.notConnected },
  unavailable: { code: 'CLINIC_NOT_CONNECTED', message: CHECKOUT_MESSAGES.temporarilyUnavailable },
  archived: { code: 'LINK_ARCHIVED', message: CHECKOUT_MESSAGES.archived },
  paid: { code: 'REQUEST_ALREADY_PAID', message: CHECKOUT_MESSAGES.alreadyPaid },
  cancelled: { code: 'PAYMENT_PAGE_CLOSED', message: CHECKOUT_MESSAGES.cancelled },
  expired: { code: 'PAYMENT_PAGE_CLOSED', message: CHECKOUT_MESSAGES.expired },
  used_up: { code: 'PAYMENT_PAGE_CLOSED', message: CHECKOUT_MESSAGES.usedUp },
};

export interface CheckoutInput {
  name: string;
  email: string;
  phone: string | null;
  attemptId: string;
  /** The IP address Pay Now came from (Fastify's request.ip), kept with the payment as dispute evidence. */
  payerIp?: string;
  /** The browser's User-Agent, kept with a card-on-file consent. */
  userAgent?: string;
  /** The consent box under the clinic's policies, when the page asks for a card on file. */
  cardOnFileConsent?: boolean;
  /** The box under the clinic's payment terms, and the version the page showed (0107). */
  termsAccepted?: boolean;
  termsVersion?: number;
}

/**
 * The page with the connected account its payments go to, when it can take them now. Throws AppError
 * PAYMENT_PAGE_NOT_FOUND (404), or LINK_ARCHIVED, REQUEST_ALREADY_PAID or CLINIC_NOT_CONNECTED (409).
 */
async function payableNow(db: Db, id: string): Promise<{ payable: Payable; destination: string }> {
  const payable = await findPayable(db, id);
  if (payable.payability !== 'payable') {
    const refusal = REFUSALS[payable.payability];
    throw new AppError(refusal.code, refusal.message);
  }
  const destination = payable.clinic.stripeAccountId;
  if (!destination) throw new AppError('CLINIC_NOT_CONNECTED', CHECKOUT_REFUSALS.notConnected);
  return { payable, destination };
}

/**
 * The card to save with this payment, when the page asks for one: the patient must have ticked the
 * consent box (else AppError VALIDATION_FAILED, 400, and nothing is made), and is given a Customer at
 * the card provider. Null when no card is saved.
 */
async function cardToSave(deps: { db: Db; gateway: CardGateway }, payable: Payable, input: CheckoutInput) {
  const terms = await termsFor(deps.db, payable);
  if (!terms) return null;
  if (input.cardOnFileConsent !== true)
    throw new AppError('VALIDATION_FAILED', CHECKOUT_MESSAGES.consentRequired, {
      cardOnFileConsent: CHECKOUT_MESSAGES.consentRequired,
    });
  const patient = payable.patient ?? input;
  const patientId =
    payable.patientId ??
    (await recordPatient(deps.db, payable.clinic.id, { ...patient, phone: input.phone }, 'payer'));
  if (!patientId) return null;
  const customerId = await customerForPatient(deps, {
    id: patientId,
    clinicId: payable.clinic.id,
    email: patient.email,
    name: patient.name,
  });
  return { terms, patientId, customerId };
}

/** Stores the consent given at Pay Now or Save card on `intentId`, with where it came from. */
function consentGiven(
  db: Db,
  payable: Payable,
  card: { patientId: string; terms: CardOnFileTerm[] },
  intentId: string,
  input: CheckoutInput,
) {
  return recordConsents(db, {
    clinicId: payable.clinic.id,
    patientId: card.patientId,
    paymentIntentId: intentId,
    terms: card.terms,
    ipAddress: input.payerIp ?? null,
    userAgent: input.userAgent ?? null,
  });
}

/**
 * The payment intent behind Pay Now, for a link or a request; amounts in pence. A link's payer gets
 * an intent per attempt id (a double-clicked Pay Now gets the same one); a request's payers all get
 * the request's one intent, with this payer's details written onto it. Throws AppError: PAYMENT_PAGE_NOT_FOUND
 * (404) for an unknown id; LINK_ARCHIVED, REQUEST_ALREADY_PAID (also a request whose intent has just
 * been paid), CLINIC_NOT_CONNECTED or LINK_SAVES_CARD_ONLY (a link that secures an appointment) (409);
 * VALIDATION_FAILED (400) for the clinic's terms not accepted, or accepted under a replaced version;
 * PROVIDER_UNAVAILABLE (503) with the provider's message when the card provider refuses or fails.
 */
export async function createCheckoutIntent(
  deps: { db: Db; gateway: CardGateway },
  id: string,
  input: CheckoutInput,
) {
  const { payable, destination } = await payableNow(deps.db, id);
  if (payable.securesAppointment) throw new AppError('LINK_SAVES_CARD_ONLY', CHECKOUT_REFUSALS.savesCardOnly);
  const terms = termsAccepted(payable, input);

  const applicationFeeAmount = platformFeeFor(payable.amount, payable.feeBasisPoints);
  const statementDescriptorSuffix = statementSuffix(payable.clinic);
  const order: Record<string, string> = {
    clinic_id: payable.clinic.id,
    payment_type: payable.type,
    title: payable.title,
    ...(payable.paymentLinkId ? { payment_link_id: payable.paymentLinkId } : {}),
    ...(payable.paymentRequestId ? { payment_request_id: payable.paymentRequestId } : {}),
    ...(payable.treatmentTotal !== null ? { treatment_total: String(payable.treatmentTotal) } : {}),
    ...(payable.originalPaymentId ? { original_payment_id: payable.originalPaymentId } : {}),
    // Kept on the payment, and found by it in the provider's dashboard (0108).
    ...(payable.clinicReference ? { clinic_reference: payable.clinicReference } : {}),
  };
  const payer: Record<string, string> = {
    patient_name: input.name,
    patient_email: input.email,
    patient_phone: input.phone ?? '',
    payer_ip: input.payerIp ?? '',
    // The version accepted: the payment takes it, with the time of this Pay Now (0107).
    terms_id: terms?.id ?? '',
  };
  try {
    const card = await cardToSave(deps, payable, input);
    const saving = card ? { saveCardForCustomerId: card.customerId } : {};
    const intent = payable.paymentRequestId
      ? await requestIntent(
          deps,
          {
            requestId: payable.paymentRequestId,
            storedIntentId: payable.storedIntentId,
            amount: payable.amount,
            applicationFeeAmount,
            destinationAccountId: destination,
            statementDescriptorSuffix,
            metadata: order,
            ...saving,
          },
          { metadata: payer },
        )
      : await linkIntent(deps.gateway, `checkout:${payable.id}:${input.attemptId}`, {
          amount: payable.amount,
          applicationFeeAmount,
          destinationAccountId: destination,
          statementDescriptorSuffix,
          metadata: { ...order, ...withoutEmpty(payer) },
          ...saving,
        });
    if (card) await consentGiven(deps.db, payable, card, intent.id, input);
    if (terms)
      await recordTermsAcceptance(deps.db, {
        paymentIntentId: intent.id,
        termsId: terms.id,
        ipAddress: input.payerIp ?? null,
      });
    return { paymentIntentId: intent.id, clientSecret: intent.clientSecret, amount: intent.amount };
  } catch (error) {
    throw fromGatewayError(error);
  }
}

/**
 * The SetupIntent behind Save card on a link that secures an appointment
 * (docs/decisions/0095-secure-your-appointment.md): the patient's card is saved on their Customer under
 * the clinic's policies, and nothing is paid. One SetupIntent per attempt id, payer and terms, as for a
 * link's payment intent; the consents are stored on it, and tied to the card when the provider's
 * setup_intent.succeeded event records it. Throws AppError: PAYMENT_PAGE_NOT_FOUND (404); LINK_ARCHIVED
 * or CLINIC_NOT_CONNECTED (409); LINK_TAKES_PAYMENT (409) on a page that takes a payment;
 * NO_POLICY_IN_FORCE (409) while the clinic has no policy to save the card under; VALIDATION_FAILED
 * (400) for an unticked consent box; PROVIDER_UNAVAILABLE (503) when the provider refuses or fails.
 */
export async function createCheckoutSetup(
  deps: { db: Db; gateway: CardGateway },
  id: string,
  input: CheckoutInput,
): Promise<{ setupIntentId: string; clientSecret: string }> {
  const { payable } = await payableNow(deps.db, id);
  if (!payable.securesAppointment) throw new AppError('LINK_TAKES_PAYMENT', CHECKOUT_REFUSALS.takesPayment);
  try {
    const card = await cardToSave(deps, payable, input);
    if (!card) throw new AppError('NO_POLICY_IN_FORCE', CHECKOUT_MESSAGES.noPolicyToSecure);
    // The payer's details as typed, as a payment's are: the card saved notice goes to them.
    const metadata = {
      clinic_id: payable.clinic.id,
      patient_id: card.patientId,
      title: payable.title,
      patient_name: input.name,
      patient_email: input.email,
      ...(input.phone ? { patient_phone: input.phone } : {}),
      ...(payable.paymentLinkId ? { payment_link_id: payable.paymentLinkId } : {}),
    };
    const setup = await deps.gateway.createSetupIntent({
      customerId: card.customerId,
      metadata,
      idempotencyKey: setupIdempotencyKey(`setup:${payable.id}:${input.attemptId}`, {
        customerId: card.customerId,
        metadata: { ...metadata, terms: JSON.stringify(card.terms) },
      }),
    });
    await consentGiven(deps.db, payable, card, setup.id, input);
    return { setupIntentId: setup.id, clientSecret: setup.clientSecret };
  } catch (error) {
    throw fromGatewayError(error);
  }
}

/**
 * A link's intent for one attempt: the same attempt with the same payer and terms gets the same intent
 * (a double-clicked Pay Now); other details or terms are another request to the provider, under
 * another key (decision 0083). No receipt_email: ClinicPay sends its own receipt.
 */
function linkIntent(
  gateway: CardGateway,
  base: string,
  terms: Omit<CreatePaymentIntentInput, 'idempotencyKey'>,
) {
  return gateway.createPaymentIntent({ ...terms, idempotencyKey: intentIdempotencyKey(base, terms) });
}

function withoutEmpty(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
}
