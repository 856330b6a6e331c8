/**
 * Charging a saved card without the patient (docs/decisions/0093-charging-saved-cards.md): a no-show
 * fee or a late cancellation fee, at most what the patient agreed to for it, as an off-session
 * destination charge with the platform fee and an idempotency key per charge. One charge of a fee per
 * appointment is under way or paid at a time, whatever the number of clicks. Amounts are integer pence.
 */

import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CARD_CHARGE_LABELS,
  type CardCharge,
  CHARGE_CONFIRMATION_MESSAGES,
  type ChargeConfirmation,
  type ChargeSavedCard,
  CONSENT_FOR_CHARGE,
  canTakePayments,
  cardBrandLabel,
  cardExpired,
  MIN_CHARGE_PENCE,
  platformFeeFor,
  SAVED_CARD_MESSAGES,
  statementSuffix,
} from '@clinicpay/shared';
import type { Db, Tx } from '../../db/client.js';
import {
  CardDeclinedError,
  type CardGateway,
  type ChargeSavedCardInput,
  GatewayError,
  GatewayOutcomeUnknownError,
} from '../../gateway/gateway.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/ids.js';
import type { JobQueue } from '../../jobs/index.js';
import { recordAudit } from '../audit/index.js';
import { claimBalance, refuseWhileBalancePaymentOnItsWay } from '../balances/index.js';
import { findClinic } from '../clinics/index.js';
import { queueNotice } from '../notifications/index.js';
import { findPatientContact } from '../patients/index.js';
import { getPlatformFeeBasisPoints } from '../platform-settings/index.js';
import {
  type CardChargeRow,
  consentsOfCard,
  findCharge,
  findSavedCard,
  findUnansweredCharges,
  insertChargeUnlessTaken,
  markChargePaid,
  type NewCardCharge,
  takeUnansweredCharge,
  updateCharge,
  updateUnansweredCharge,
} from './queries.js';

/** The metadata key under which ClinicPay's charge id travels with the provider's payment intent. */
export const CARD_CHARGE_METADATA_KEY = 'card_charge_id';

/**
 * In the transaction that records a payment: the charge named in its intent's metadata
 * (CARD_CHARGE_METADATA_KEY) is paid, whether it succeeded at once or after the patient authenticated.
 */
export async function markCardChargePaid(tx: Tx, chargeId: string, paymentId: string): Promise<void> {
  if (isUuid(chargeId)) await markChargePaid(tx, chargeId, paymentId);
}

export function toCardCharge(row: CardChargeRow): CardCharge {
  return {
    id: row.id,
    kind: row.kind as CardCharge['kind'],
    amount: row.amount,
    status: row.status as CardCharge['status'],
    failureMessage: row.failureMessage,
    declineCode: row.declineCode,
    paymentId: row.paymentId,
    createdAt: row.createdAt.toISOString(),
  };
}

const fieldError = (field: 'kind' | 'amount', message: string) =>
  new AppError('VALIDATION_FAILED', message, { [field]: message });

/**
 * Charges the patient's saved card `input.kind` for `input.amount` pence, by `member`. Resolves to the
 * charge: 'succeeded' (its payment is recorded from the provider's event), 'requires_authentication'
 * (the bank wants the patient, who is sent a link by email and text to confirm it; the clinic waits
 * for them), 'processing', or 'failed' with the bank's
 * reason (another attempt may then be made). Throws AppError, charging nothing: SAVED_CARD_NOT_FOUND
 * (404) for an unknown card or another clinic's or patient's; CARD_NOT_CHARGEABLE (409) for a removed
 * or expired card or a clinic whose card payments are paused; VALIDATION_FAILED (400) for a fee the
 * patient did not agree to or an amount above what they agreed to; CARD_FEE_ALREADY_CHARGED (409)
 * when the same fee for the same appointment is under way or paid. The charge is audited
 * (`saved_card.charged`, against the clinic, by `member`: the charge's and card's ids, the patient's
 * id, the amount in pence and the kind of fee) in the transaction that starts it, before the provider
 * is asked; a refused charge writes no entry.
 */
export async function chargeSavedCard(
  deps: { db: Db; gateway: CardGateway; jobs: Pick<JobQueue, 'send'>; publicUrl: string },
  member: { clinicId: string; userId: string },
  patientId: string,
  cardId: string,
  input: ChargeSavedCard,
  now = new Date(),
): Promise<CardCharge> {
  const { db } = deps;
  const card =
    isUuid(patientId) && isUuid(cardId)
      ? await findSavedCard(db, member.clinicId, patientId, cardId)
      : undefined;
  if (!card) throw new AppError('SAVED_CARD_NOT_FOUND', SAVED_CARD_MESSAGES.notFound);
  if (card.removedAt) throw new AppError('CARD_NOT_CHARGEABLE', SAVED_CARD_MESSAGES.cardRemoved);
  if (cardExpired(card, now)) throw new AppError('CARD_NOT_CHARGEABLE', SAVED_CARD_MESSAGES.cardExpired);
  const consent = (await consentsOfCard(db, card.id)).find(
    (candidate) => candidate.policyKind === CONSENT_FOR_CHARGE[input.kind],
  );
  if (!consent) throw fieldError('kind', SAVED_CARD_MESSAGES.noConsent);
  if (input.amount > consent.maximumAmount)
    throw fieldError('amount', SAVED_CARD_MESSAGES.overMaximum(consent.maximumAmount));
  // A balance is of the deposit the card was saved with, whose consent it is.
  if (input.kind === 'balance' && consent.paymentId === null)
    throw fieldError('kind', SAVED_CARD_MESSAGES.noConsent);
  const clinic = await findClinic(db, member.clinicId);
  const destination = clinic?.stripeAccountId ?? null;
  if (
    !clinic ||
    !destination ||
    clinic.paymentsTurnedOffAt ||
    !canTakePayments(clinic.stripeStatus ?? 'not_connected')
  )
    throw new AppError('CARD_NOT_CHARGEABLE', SAVED_CARD_MESSAGES.paymentsPaused);
  const patient = await findPatientContact(db, member.clinicId, card.patientId);
  // Everything that can fail before the provider is asked is read before the charge is started, so a
  // failure never leaves a started charge blocking the fee.
  const applicationFeeAmount = platformFeeFor(input.amount, await getPlatformFeeBasisPoints(db));

  const newCharge = {
    clinicId: member.clinicId,
    patientId: card.patientId,
    savedCardId: card.id,
    // A balance is of the deposit its consent was given with; a fee is for the card's appointment.
    originalPaymentId: input.kind === 'balance' ? consent.paymentId : card.paymentId,
    kind: input.kind,
    amount: input.amount,
    createdBy: member.userId,
  };
  if (input.kind === 'balance' && consent.paymentId)
    await refuseWhileBalancePaymentOnItsWay(deps, member.clinicId, consent.paymentId);
  const { charge, title, request } = await db.transaction(async (tx) => {
    const started =
      input.kind === 'balance' && consent.paymentId
        ? await startBalanceCharge(tx, member.clinicId, consent.paymentId, newCharge)
        : { charge: await insertChargeUnlessTaken(tx, newCharge), title: CARD_CHARGE_LABELS[input.kind] };
    if (!started.charge) throw new AppError('CARD_FEE_ALREADY_CHARGED', SAVED_CARD_MESSAGES.alreadyCharged);
    const request: ChargeSavedCardInput = {
      amount: input.amount,
      applicationFeeAmount,
      destinationAccountId: destination,
      customerId: card.providerCustomerId,
      paymentMethodId: card.providerPaymentMethodId,
      metadata: {
        clinic_id: member.clinicId,
        [CARD_CHARGE_METADATA_KEY]: started.charge.id,
        payment_type: input.kind,
        title: started.title,
        patient_name: patient?.name ?? '',
        patient_email: patient?.email ?? '',
        ...(patient?.phone ? { patient_phone: patient.phone } : {}),
        ...(newCharge.originalPaymentId ? { original_payment_id: newCharge.originalPaymentId } : {}),
      },
      statementDescriptorSuffix: statementSuffix(clinic),
      idempotencyKey: `card-charge:${started.charge.id}`,
    };
    // Stored before the provider is asked, so a lost answer can be asked again word for word.
    await updateCharge(tx, started.charge.id, { providerRequest: request });
    await recordAudit(tx, {
      actorUserId: member.userId,
      action: 'saved_card.charged',
      entityType: 'clinic',
      entityId: member.clinicId,
      details: {
        chargeId: started.charge.id,
        cardId: card.id,
        patientId: card.patientId,
        amount: input.amount,
        kind: input.kind,
      },
    });
    return { charge: started.charge, title: started.title, request };
  });
  return askProvider(deps, { charge, title, request, patient, clinic });
}

/** A charge as it is put to the provider, with who and what it is for. */
interface Attempt {
  charge: CardChargeRow;
  title: string;
  request: ChargeSavedCardInput;
  patient: Awaited<ReturnType<typeof findPatientContact>>;
  clinic: NonNullable<Awaited<ReturnType<typeof findClinic>>>;
  /** How the answer is written: the sweep writes only while the charge is still unanswered. */
  write?: typeof updateCharge;
}

/**
 * Asks the provider for the charge (under its idempotency key, so asking again never charges twice)
 * and records the answer: succeeded or processing with its payment intent; declined (failed); the bank
 * wanting the patient (requires_authentication, and the patient is sent the link to confirm it); or,
 * with no answer, still processing (resumeStaleCardCharges asks again).
 */
async function askProvider(
  deps: { db: Db; gateway: CardGateway; jobs: Pick<JobQueue, 'send'>; publicUrl: string },
  { charge, title, request, patient, clinic, write = updateCharge }: Attempt,
): Promise<CardCharge> {
  const { db } = deps;
  try {
    const intent = await deps.gateway.chargeSavedCard(request);
    const status = intent.status === 'succeeded' ? 'succeeded' : 'processing';
    return toCardCharge((await write(db, charge.id, { status, paymentIntentId: intent.id })) ?? charge);
  } catch (error) {
    if (error instanceof CardDeclinedError) {
      const refusal = {
        paymentIntentId: error.paymentIntent?.id ?? null,
        failureCode: error.error.code,
        declineCode: error.error.declineCode,
        failureMessage: error.error.message,
      };
      // Only an intent left behind can be confirmed by the patient.
      if (error.error.code !== 'authentication_required' || !patient || !error.paymentIntent) {
        const updated = await write(db, charge.id, { status: 'failed', ...refusal });
        return toCardCharge(updated ?? charge);
      }
      // The bank wants the patient: they are sent a link to confirm the same payment intent, whatever
      // the clinic's notification settings, since nothing else completes it.
      const token = randomBytes(24).toString('hex');
      const updated = await db.transaction(async (tx) => {
        const row = await write(tx, charge.id, {
          status: 'requires_authentication',
          authenticationToken: token,
          ...refusal,
        });
        // Settled meanwhile (an event, another ask): the patient is not sent a link for it.
        if (!row) return row;
        await queueNotice(tx, deps.jobs, {
          type: 'charge_authentication',
          recipientType: 'patient',
          whateverTheSettings: true,
          patient: { name: patient.name, email: patient.email, phone: patient.phone },
          payment: {
            id: null,
            paymentRequestId: null,
            reference: null,
            amount: charge.amount,
            refundAmount: null,
            paymentLink: `${deps.publicUrl}/payment/confirm-charge/${charge.id}?token=${token}`,
            message: title,
          },
          clinic,
        });
        return row;
      });
      return toCardCharge(updated ?? charge);
    }
    // The provider could not be reached: the charge stays processing until its event tells, or until
    // resumeStaleCardCharges asks again.
    if (error instanceof GatewayOutcomeUnknownError) return toCardCharge(charge);
    if (error instanceof GatewayError) {
      const updated = await write(db, charge.id, {
        status: 'failed',
        failureCode: error.code ?? 'provider_error',
        failureMessage: error.message,
      });
      return toCardCharge(updated ?? charge);
    }
    throw error;
  }
}

/**
 * How long a charge waits for the provider's answer before it is asked again: well past the Stripe
 * SDK's own timeout and retries (80 s, three tries), so a first ask is over before a second begins.
 */
const STALE_CARD_CHARGE_MS = 10 * 60 * 1000;

/**
 * How long a charge may be asked again: within the 24 hours Stripe keeps an idempotency key's result
 * (docs.stripe.com/api/idempotent_requests), so asking again returns the first answer and never makes
 * a second charge. A charge still unanswered after that stays processing for a person to settle.
 */
const ASK_AGAIN_FOR_MS = 23 * 60 * 60 * 1000;

/** How long one ask holds a charge, so overlapping sweeps never ask for it at once. */
const ASK_LEASE_MS = 5 * 60 * 1000;

/**
 * Settles the charges the provider never answered (still processing with no payment intent, started
 * between 23 hours and STALE_CARD_CHARGE_MS before `now`: the provider could not be reached, or the
 * process stopped around the call; docs/decisions/0137-card-charges-asked-again.md). Each is taken for
 * one ask (takeUnansweredCharge), asked again with the request stored before the first ask under the
 * same idempotency key, and its answer recorded as the first would have been, only while it is still
 * unanswered. A charge with no stored request (started before migration 0041) is failed, at any age,
 * with SAVED_CARD_MESSAGES.notAnswered; a provider event that says it was paid still marks it paid.
 * Resolves to how many it looked at; an error on one charge goes to `onError` and leaves it for the next run.
 */
export async function resumeStaleCardCharges(
  deps: {
    db: Db;
    gateway: CardGateway;
    jobs: Pick<JobQueue, 'send'>;
    publicUrl: string;
    onError: (error: unknown) => void;
  },
  now: Date,
): Promise<number> {
  const takenBefore = new Date(now.getTime() - ASK_LEASE_MS);
  const stale = await findUnansweredCharges(deps.db, {
    since: new Date(now.getTime() - ASK_AGAIN_FOR_MS),
    before: new Date(now.getTime() - STALE_CARD_CHARGE_MS),
    takenBefore,
  });
  for (const candidate of stale) {
    try {
      const charge = await takeUnansweredCharge(deps.db, candidate.id, takenBefore);
      if (!charge) continue;
      const clinic = await findClinic(deps.db, charge.clinicId);
      if (!charge.providerRequest || !clinic) {
        await updateUnansweredCharge(deps.db, charge.id, {
          status: 'failed',
          failureCode: 'not_answered',
          failureMessage: SAVED_CARD_MESSAGES.notAnswered,
        });
        continue;
      }
      const answered = await askProvider(deps, {
        charge,
        title:
          charge.providerRequest.metadata.title ?? CARD_CHARGE_LABELS[charge.kind as ChargeSavedCard['kind']],
        request: charge.providerRequest,
        patient: await findPatientContact(deps.db, charge.clinicId, charge.patientId),
        clinic,
        write: updateUnansweredCharge,
      });
      if (answered.status === 'processing' && !(await findCharge(deps.db, charge.id))?.charge.paymentIntentId)
        deps.onError(new Error(`The card provider did not answer card charge ${charge.id} again`));
    } catch (error) {
      deps.onError(error);
    }
  }
  return stale.length;
}

/**
 * In `tx`: starts a charge of the balance of the deposit `depositId`, with the deposit locked until
 * `tx` ends: at most the balance due (else VALIDATION_FAILED at the amount), and never beside a balance
 * request waiting for the patient or another balance charge (claimBalance's errors).
 */
async function startBalanceCharge(tx: Tx, clinicId: string, depositId: string, charge: NewCardCharge) {
  const { due, title } = await claimBalance(tx, clinicId, depositId);
  if (charge.amount > due) throw fieldError('amount', SAVED_CARD_MESSAGES.overBalance(due));
  if (due - charge.amount > 0 && due - charge.amount < MIN_CHARGE_PENCE)
    throw fieldError('amount', SAVED_CARD_MESSAGES.leavesTooLittle(due));
  return { charge: await insertChargeUnlessTaken(tx, charge), title: `Balance: ${title}` };
}

/** Whether `given` is the charge's token: 48 hex digits, compared in constant time. */
const sameToken = (stored: string | null, given: string) =>
  stored !== null &&
  /^[0-9a-f]{48}$/.test(given) &&
  stored.length === given.length &&
  timingSafeEqual(Buffer.from(stored), Buffer.from(given));

/**
 * The charge a patient's bank asked them to confirm, for the page their link opens: the clinic, the
 * fee, the amount (pence), the card, and, while it can still be confirmed, the payment intent's client
 * secret and the saved card. Throws AppError PAYMENT_PAGE_NOT_FOUND (404) for an unknown charge or a
 * wrong token; GatewayError when the provider cannot be read.
 */
export async function chargeConfirmation(
  deps: { db: Db; gateway: CardGateway },
  chargeId: string,
  token: string,
): Promise<ChargeConfirmation> {
  const found = isUuid(chargeId) ? await findCharge(deps.db, chargeId) : undefined;
  if (!found || !sameToken(found.charge.authenticationToken, token))
    throw new AppError('PAYMENT_PAGE_NOT_FOUND', CHARGE_CONFIRMATION_MESSAGES.notValid);
  const { charge, card } = found;
  const clinic = await findClinic(deps.db, charge.clinicId);
  // A removed card can no longer be confirmed, whatever the charge's row says.
  let status =
    card.removedAt && charge.status !== 'succeeded'
      ? 'failed'
      : (charge.status as ChargeConfirmation['status']);
  let clientSecret: string | null = null;
  if (status === 'requires_authentication' && charge.paymentIntentId) {
    const intent = await deps.gateway.retrievePaymentIntent(charge.paymentIntentId);
    // Paid, but its event not recorded yet: no second confirmation is offered.
    if (intent.status === 'succeeded' || intent.status === 'processing') status = 'processing';
    else clientSecret = intent.clientSecret;
  }
  return {
    clinicName: clinic?.clinicName ?? 'Your healthcare provider',
    title: CARD_CHARGE_LABELS[charge.kind as keyof typeof CARD_CHARGE_LABELS] ?? 'Payment',
    amount: charge.amount,
    cardBrand: cardBrandLabel(card.brand),
    cardLast4: card.last4,
    status,
    paymentIntentId: clientSecret ? charge.paymentIntentId : null,
    clientSecret,
    paymentMethodId: clientSecret ? card.providerPaymentMethodId : null,
  };
}
