/**
 * Refunds (docs/product.md#states-refund; the refund rules in docs/product.md#validation;
 * docs/product.md#constants: the platform fee is not refunded; docs/decisions/0014-refunds.md). Amounts are
 * integer pence.
 *
 * A refund is reserved, then made, then settled:
 *  1. one transaction locks the payment row, checks the rules and inserts a pending refund, which
 *     counts against the refundable amount while in flight, so concurrent requests cannot over-refund;
 *  2. the gateway refunds with the idempotency key `refund:<refund id>` and ClinicPay's refund id in
 *     the provider's metadata;
 *  3. a second transaction settles the refund (succeeded, pending or failed) with the payment's
 *     refunded total and status, the audit entry and the patient's refund notice.
 * Should the process die between 2 and 3, the provider's refund events find the pending row through
 * the metadata and settle it the same way (reconcileProviderRefunds). A request's second payment is
 * refunded the same way, as a system action (refundSecondPayment, decision 0020).
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  DISPUTE_MESSAGES,
  defaultNoticeMessage,
  PAYMENT_MESSAGES,
  REFUND_MESSAGES,
  type RefundResult,
  statusAfterRefunds,
} from '@clinicpay/shared';
import type { Db, Tx } from '../../db/client.js';
import {
  type CardGateway,
  GatewayError,
  type Refund as ProviderRefund,
  type RefundStatus as ProviderRefundStatus,
  REFUND_METADATA_KEY,
  type RefundReason,
} from '../../gateway/gateway.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/ids.js';
import type { JobQueue } from '../../jobs/index.js';
import { recordAudit } from '../audit/index.js';
import { queuePaymentNotice } from '../notifications/index.js';
import {
  findRefund,
  findRefundByProviderId,
  findStaleRefunds,
  insertRefund,
  latestDisputeChargeRefundable,
  lockPayment,
  type PaymentRow,
  type RefundRow,
  type RefundStatus,
  refundTotal,
  requestHasOtherPayment,
  updatePaymentRefunds,
  updateRefund,
} from './queries.js';

export interface RefundDeps {
  db: Db;
  gateway: CardGateway;
  /** The patient's refund notice is queued here, in the transaction that settles the refund. */
  jobs: Pick<JobQueue, 'send'>;
  /** Told about a gateway failure whose outcome is unknown (the refund stays in flight). */
  onError: (error: unknown) => void;
}

const REFUNDABLE_STATUSES = new Set<PaymentRow['status']>(['paid', 'partially_refunded']);

/** What is left to refund in pence: amount paid minus refunds that succeeded or are in flight. */
async function refundableAmount(tx: Tx, payment: PaymentRow): Promise<number> {
  return payment.amountPaid - (await refundTotal(tx, payment.id, ['pending', 'succeeded']));
}

/**
 * Refunds `amount` pence of the clinic's payment (docs/product.md#validation), or with 'remaining' all
 * that is left of it once the payment is locked: paid, less its refunds made and under way. Throws AppError:
 * PAYMENT_NOT_FOUND 'Payment not found' (unknown, malformed or another clinic's id), VALIDATION_FAILED
 * (amount not a positive whole number of pence), PAYMENT_NOT_REFUNDABLE (pending, refunded, nothing left,
 * or all that is left already in a refund under way), PAYMENT_DISPUTED (charged back, or lost to a
 * dispute; a payment under an inquiry may be refunded), REFUND_EXCEEDS_PAYMENT (above what remains),
 * REFUND_FAILED (the provider refused; the refund is recorded as failed). Resolves with the refund as it
 * stands: succeeded, or pending when the provider has not finished.
 */
export async function createRefund(
  deps: RefundDeps,
  input: {
    clinicId: string;
    userId: string;
    paymentId: string;
    amount: number | 'remaining';
    reason?: RefundReason;
  },
): Promise<RefundResult> {
  if (!isUuid(input.paymentId)) throw new AppError('PAYMENT_NOT_FOUND', PAYMENT_MESSAGES.notFound);
  if (input.amount !== 'remaining' && (!Number.isInteger(input.amount) || input.amount <= 0)) {
    throw new AppError('VALIDATION_FAILED', REFUND_MESSAGES.invalidAmount, {
      amount: REFUND_MESSAGES.invalidAmount,
    });
  }

  await resumeStaleRefunds(deps, {
    paymentId: input.paymentId,
    clinicId: input.clinicId,
    before: new Date(Date.now() - STALE_REFUND_MS),
  }).catch(deps.onError);

  const reserved = await deps.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, { paymentId: input.paymentId, clinicId: input.clinicId });
    if (!payment) throw new AppError('PAYMENT_NOT_FOUND', PAYMENT_MESSAGES.notFound);
    if (!REFUNDABLE_STATUSES.has(payment.status))
      throw new AppError('PAYMENT_NOT_REFUNDABLE', REFUND_MESSAGES.notRefundable);
    // The card provider refuses to refund a charged-back payment: the bank is returning the money
    // already (docs/decisions/0086-disputes.md). During an inquiry nothing has moved, and the provider
    // lets the payment be refunded (docs/decisions/0139-refunds-during-an-inquiry.md).
    if (payment.disputeStatus === 'dispute_lost')
      throw new AppError('PAYMENT_DISPUTED', DISPUTE_MESSAGES.refundRefusedLost);
    if (payment.disputeStatus === 'disputed' && !(await latestDisputeChargeRefundable(tx, payment.id)))
      throw new AppError('PAYMENT_DISPUTED', DISPUTE_MESSAGES.refundRefused);
    const refundable = await refundableAmount(tx, payment);
    if (refundable <= 0) {
      // Said as it is when a refund under way takes what is left: it may yet fail, and free it again.
      const underWay = payment.amountPaid - payment.refundAmount > 0;
      throw new AppError(
        'PAYMENT_NOT_REFUNDABLE',
        underWay ? REFUND_MESSAGES.underWay : REFUND_MESSAGES.notRefundable,
      );
    }
    const amount = input.amount === 'remaining' ? refundable : input.amount;
    if (amount > refundable) {
      const message = REFUND_MESSAGES.exceedsPayment(refundable);
      throw new AppError('REFUND_EXCEEDS_PAYMENT', message, { amount: message });
    }
    const id = randomUUID();
    const refund = await insertRefund(tx, {
      id,
      paymentId: payment.id,
      clinicId: payment.clinicId,
      amount,
      status: 'pending',
      idempotencyKey: `refund:${id}`,
      reason: input.reason ?? null,
      createdBy: input.userId,
    });
    return { refund, paymentIntentId: payment.stripePaymentId };
  });

  const outcome = await makeAtProvider(deps, reserved.refund, reserved.paymentIntentId);
  if (outcome.kind === 'refused') {
    throw new AppError('REFUND_FAILED', REFUND_MESSAGES.failedWith(outcome.message));
  }
  if (outcome.kind === 'unknown') return resultOf(deps.db, reserved.refund.id);
  return toResult(outcome.refund, outcome.payment);
}

/** How long a refund may wait for the provider's answer before it is asked again. */
export const STALE_REFUND_MS = 2 * 60 * 1000;

type ProviderOutcome =
  | { kind: 'settled'; refund: RefundRow; payment: PaymentRow }
  | { kind: 'refused'; message: string }
  | { kind: 'unknown' };

/**
 * Step 2 and 3: asks the gateway for the refund (same idempotency key and metadata every time, so
 * asking again never refunds twice) and settles it. A refusal settles it as failed; an unknown
 * outcome leaves it pending (reported through onError).
 */
async function makeAtProvider(
  deps: RefundDeps,
  refund: RefundRow,
  paymentIntentId: string,
): Promise<ProviderOutcome> {
  let made: ProviderRefund;
  try {
    made = await deps.gateway.createRefund({
      paymentIntentId,
      amount: refund.amount,
      idempotencyKey: refund.idempotencyKey,
      metadata: { [REFUND_METADATA_KEY]: refund.id, payment_id: refund.paymentId },
      ...(refund.reason ? { reason: refund.reason as RefundReason } : {}),
    });
  } catch (error) {
    if (error instanceof GatewayError) {
      await deps.db.transaction((tx) =>
        settleRefund(tx, deps.jobs, refund.id, { status: 'failed', providerRefundId: null }),
      );
      return { kind: 'refused', message: error.message };
    }
    // Whether the provider made it is unknown: the refund stays in flight (still reserved) until the
    // provider's events or resumeStaleRefunds settle it.
    deps.onError(error);
    return { kind: 'unknown' };
  }
  const settled = await deps.db.transaction((tx) =>
    settleRefund(tx, deps.jobs, refund.id, {
      status: localStatus(made.status),
      providerRefundId: made.id,
    }),
  );
  return { kind: 'settled', ...settled };
}

/**
 * Settles ClinicPay's refunds left pending with no provider answer since before `before` (the process
 * died around the gateway call, or the provider's outcome was unknown). For each payment intent the
 * provider's refunds are read and reconciled first, so a refund that was made is only recorded; one
 * still unknown to the provider is then made with its own idempotency key and metadata. Runs before
 * each refund request on that payment; a scheduler may run it for all. Resolves to how many it
 * looked at. Gateway errors are reported through onError and leave the refund pending.
 */
export async function resumeStaleRefunds(
  deps: RefundDeps,
  filter: { before: Date; paymentId?: string; clinicId?: string },
): Promise<number> {
  const stale = await findStaleRefunds(deps.db, filter);
  const intents = new Set(stale.map((refund) => refund.paymentIntentId));
  for (const paymentIntentId of intents) {
    try {
      const listed = await deps.gateway.listRefunds(paymentIntentId);
      await deps.db.transaction((tx) => reconcileProviderRefunds(tx, deps.jobs, paymentIntentId, listed));
    } catch (error) {
      deps.onError(error);
      continue;
    }
    for (const candidate of stale.filter((refund) => refund.paymentIntentId === paymentIntentId)) {
      const current = await deps.db.transaction((tx) => findRefund(tx, candidate.id));
      if (current?.status !== 'pending' || current.providerRefundId !== null) continue;
      await makeAtProvider(deps, current, paymentIntentId);
    }
  }
  return stale.length;
}

/** The provider's refund status as ClinicPay records it: canceled counts as failed. */
export function localStatus(status: ProviderRefundStatus): RefundStatus {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

/**
 * Moves a refund towards `to` (pending → succeeded or failed; succeeded → failed, as a refund may fail later;
 * failed is final, so a late or repeated event cannot revive it), then sets the payment's refunded total (its
 * succeeded refunds) and status (docs/product.md#states-refund, statusAfterRefunds). On a move to succeeded,
 * the audit entry and the patient's refund notice are written; on a move to failed, the audit entry. Runs in
 * `tx`, locking the payment first.
 */
export async function settleRefund(
  tx: Tx,
  jobs: Pick<JobQueue, 'send'>,
  refundId: string,
  to: { status: RefundStatus; providerRefundId: string | null },
  source: { eventId?: string } = {},
): Promise<{ refund: RefundRow; payment: PaymentRow }> {
  const before = await findRefund(tx, refundId);
  if (!before) throw new Error(`Refund ${refundId} not found`);
  const payment = await lockPayment(tx, { paymentId: before.paymentId });
  if (!payment) throw new Error(`Payment ${before.paymentId} not found`);
  const current = (await findRefund(tx, refundId)) ?? before;

  const next = canMove(current.status, to.status) ? to.status : current.status;
  const providerRefundId = current.providerRefundId ?? to.providerRefundId;
  if (next === current.status && providerRefundId === current.providerRefundId) {
    return { refund: current, payment };
  }
  const refund = await updateRefund(tx, current.id, { status: next, providerRefundId });
  if (next === current.status) return { refund, payment };

  const refundAmount = await refundTotal(tx, payment.id, ['succeeded']);
  const status = await paymentStatusAfter(tx, payment, refundAmount);
  const updated = await updatePaymentRefunds(tx, payment.id, { refundAmount, status });

  if (next === 'succeeded' || next === 'failed') {
    await recordAudit(tx, {
      actorUserId: refund.createdBy,
      action: next === 'succeeded' ? 'refund.succeeded' : 'refund.failed',
      entityType: 'payment',
      entityId: payment.id,
      details: {
        refundId: refund.id,
        amount: refund.amount,
        providerRefundId: refund.providerRefundId,
        previousStatus: current.status,
        paymentStatus: updated.status,
        refundedAmount: updated.refundAmount,
        by: refund.createdBy ? 'clinic' : isSecondPaymentRefund(refund) ? 'system' : 'provider',
        ...(isSecondPaymentRefund(refund)
          ? { reason: 'second_payment_of_request' }
          : refund.reason
            ? { reason: refund.reason }
            : {}),
        ...(source.eventId ? { eventId: source.eventId } : {}),
      },
    });
  }
  if (next === 'succeeded') await queueRefundNotice(tx, jobs, updated, refund);
  return { refund, payment: updated };
}

/**
 * The payment's status once its succeeded refunds total `refunded` pence (docs/product.md#states-refund,
 * statusAfterRefunds).
 * A request has at most one payment that counts as the clinic's (paid or partially refunded; decision
 * 0020, the payments_request_live_idx index): a second one is pending until refunded in full, and a
 * refunded one whose refund failed goes back to pending, not paid, while its request has another.
 */
async function paymentStatusAfter(
  tx: Tx,
  payment: PaymentRow,
  refunded: number,
): Promise<PaymentRow['status']> {
  const after = statusAfterRefunds(payment.amountPaid, refunded);
  if (payment.status === 'pending') return after === 'refunded' ? 'refunded' : 'pending';
  if (!REFUNDABLE_STATUSES.has(payment.status) && payment.status !== 'refunded') return payment.status;
  if (after === 'refunded' || payment.status !== 'refunded' || !payment.paymentRequestId) return after;
  const other = await requestHasOtherPayment(tx, payment.paymentRequestId, payment.id, [
    ...REFUNDABLE_STATUSES,
  ]);
  return other ? 'pending' : after;
}

function canMove(from: RefundStatus, to: RefundStatus): boolean {
  if (from === to) return false;
  if (from === 'pending') return true;
  return from === 'succeeded' && to === 'failed';
}

/**
 * The patient's refund notice (docs/product.md#notification-payload, refund_amount = this refund),
 * pending delivery.
 */
async function queueRefundNotice(
  tx: Tx,
  jobs: Pick<JobQueue, 'send'>,
  payment: PaymentRow,
  refund: RefundRow,
) {
  await queuePaymentNotice(tx, jobs, payment, {
    type: 'refund_confirmation',
    recipientType: 'patient',
    refundAmount: refund.amount,
    message: defaultNoticeMessage(payment.title, 'refund'),
  });
}

async function resultOf(db: Db, refundId: string): Promise<RefundResult> {
  return db.transaction(async (tx) => {
    const refund = await findRefund(tx, refundId);
    const payment = refund && (await lockPayment(tx, { paymentId: refund.paymentId }));
    if (!refund || !payment) throw new Error(`Refund ${refundId} not found`);
    return toResult(refund, payment);
  });
}

function toResult(refund: RefundRow, payment: PaymentRow): RefundResult {
  const status = payment.status === 'pending' ? 'paid' : payment.status;
  return {
    refund: { id: refund.id, amount: refund.amount, status: refund.status },
    payment: { id: payment.id, status, refundedAmount: payment.refundAmount },
  };
}

/** What a provider event asks: settle these refunds of that payment intent. */
export type ReconcileOutcome = 'reconciled' | 'payment_not_recorded';

/**
 * Records the provider's refunds of one payment intent, each once (refunds.provider_refund_id is
 * unique): a refund started in ClinicPay is found by its provider id or by ClinicPay's refund id in
 * its metadata; any other (made in the provider's dashboard) gets its own row, with no user. Each is
 * then settled to the provider's status. Runs in `tx`. Resolves 'payment_not_recorded' when ClinicPay
 * has no payment for the intent (yet).
 */
export async function reconcileProviderRefunds(
  tx: Tx,
  jobs: Pick<JobQueue, 'send'>,
  paymentIntentId: string,
  providerRefunds: ProviderRefund[],
  eventId?: string,
): Promise<ReconcileOutcome> {
  const payment = await lockPayment(tx, { paymentIntentId });
  if (!payment) return 'payment_not_recorded';
  for (const provided of providerRefunds) {
    if (provided.paymentIntentId !== null && provided.paymentIntentId !== paymentIntentId) continue;
    let local = await findRefundByProviderId(tx, provided.id);
    const clinicpayId = provided.metadata[REFUND_METADATA_KEY];
    if (!local && clinicpayId && isUuid(clinicpayId)) {
      const candidate = await findRefund(tx, clinicpayId);
      if (candidate?.paymentId === payment.id && candidate.providerRefundId === null) local = candidate;
    }
    local ??= await insertRefund(tx, {
      paymentId: payment.id,
      clinicId: payment.clinicId,
      amount: provided.amount,
      status: 'pending',
      idempotencyKey: `provider:${provided.id}`,
      providerRefundId: provided.id,
      createdBy: null,
    });
    await settleRefund(
      tx,
      jobs,
      local.id,
      { status: localStatus(provided.status), providerRefundId: provided.id },
      { eventId },
    );
  }
  return 'reconciled';
}

/** The idempotency-key prefix of the automatic refund of a request's second payment (decision 0020). */
const SECOND_PAYMENT_KEY = 'second-payment:';

function isSecondPaymentRefund(refund: RefundRow): boolean {
  return refund.idempotencyKey.startsWith(SECOND_PAYMENT_KEY);
}

/** One automatic refund per payment: its id is derived from the payment's, so every retry finds it. */
function secondPaymentRefundId(paymentId: string): string {
  const hex = createHash('sha256').update(`${SECOND_PAYMENT_KEY}${paymentId}`).digest('hex');
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What refunding a request's second payment came to. */
export type SecondPaymentRefundOutcome = 'refunded' | 'refused' | 'nothing_to_refund';

/**
 * Refunds in full, as a system action (no user), a payment recorded as its request's second payment
 * (status pending; decision 0020), through the same reserve, make, settle steps as a clinic's refund:
 * the idempotency key `second-payment:<payment id>`, the audit entry (by 'system') and the patient's
 * refund notice. Idempotent: a payment no longer pending, or whose automatic refund was made or
 * refused, is left alone; one left in flight is asked of the provider again with its own key.
 * Resolves 'refunded' (the provider made it, or holds it pending), 'refused' (the provider refused:
 * the refund is recorded failed and audited, the payment stays pending) or 'nothing_to_refund'.
 * Throws GatewayOutcomeUnknownError (or the database's error) when the outcome is unknown, so the
 * job that runs it tries again.
 */
export async function refundSecondPayment(
  deps: RefundDeps,
  paymentId: string,
): Promise<SecondPaymentRefundOutcome> {
  const refundId = secondPaymentRefundId(paymentId);
  const reserved = await deps.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, { paymentId });
    if (!payment) return undefined;
    const existing = await findRefund(tx, refundId);
    if (existing) {
      const inFlight = existing.status === 'pending' && existing.providerRefundId === null;
      return inFlight ? { refund: existing, paymentIntentId: payment.stripePaymentId } : undefined;
    }
    if (payment.status !== 'pending') return undefined;
    const refundable = await refundableAmount(tx, payment);
    if (refundable <= 0) return undefined;
    const refund = await insertRefund(tx, {
      id: refundId,
      paymentId: payment.id,
      clinicId: payment.clinicId,
      amount: refundable,
      status: 'pending',
      idempotencyKey: `${SECOND_PAYMENT_KEY}${payment.id}`,
      createdBy: null,
    });
    return { refund, paymentIntentId: payment.stripePaymentId };
  });
  if (!reserved) return 'nothing_to_refund';

  let unknown: unknown;
  const outcome = await makeAtProvider(
    {
      ...deps,
      onError: (error) => {
        unknown = error;
      },
    },
    reserved.refund,
    reserved.paymentIntentId,
  );
  if (outcome.kind === 'unknown') throw unknown ?? new Error('The automatic refund was not answered');
  return outcome.kind === 'settled' ? 'refunded' : 'refused';
}
