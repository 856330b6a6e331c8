/**
 * Deposits with the balance later (docs/decisions/0094-deposits-and-balances.md). A payment made on a
 * link with a treatment total is a deposit; its balance due is the total less the deposit and the
 * balance payments made towards it (refunds are the clinic's own choice and never reopen a balance).
 * The clinic asks for the balance by a payment request for exactly what is due, or charges it to the
 * card saved with the deposit under the patient's consent (saved-cards). One of the two at a time:
 * both are decided with the deposit's row locked. Amounts in pence.
 */
import {
  BALANCE_MESSAGES,
  type BalanceOf,
  cardBrandLabel,
  cardExpired,
  PAYMENT_MESSAGES,
  type PaymentBalance,
} from '@clinicpay/shared';
import type { Db, Tx } from '../../db/client.js';
import { type CardGateway, knownPaymentIntent, PAID_INTENT_STATUSES } from '../../gateway/gateway.js';
import { AppError, fromGatewayError } from '../../http/app-error.js';
import { isUuid } from '../../http/ids.js';
import { recordAudit } from '../audit/index.js';
import { getClinicRow } from '../clinics/index.js';
import { type SendRequestDeps, storeRequest } from '../requests/index.js';
import {
  balanceChargeUnderWay,
  balancePaidTowards,
  expiredBalanceRequestIntents,
  findBalanceCard,
  findClinicPayment,
  findOpenBalanceRequest,
  lockClinicPayment,
} from './queries.js';

type Deposit = NonNullable<Awaited<ReturnType<typeof findClinicPayment>>>;

/** The deposit's treatment total, what is paid towards it and what is due (never below 0), in pence. */
async function amountsOf(db: Db | Tx, deposit: Deposit & { treatmentTotal: number }) {
  const paid = deposit.amountPaid + (await balancePaidTowards(db, deposit.id));
  return { treatmentTotal: deposit.treatmentTotal, paid, due: Math.max(0, deposit.treatmentTotal - paid) };
}

/** A deposit towards a treatment total that counts (not a second payment waiting to be refunded). */
const isDeposit = (payment: Deposit | undefined): payment is Deposit & { treatmentTotal: number } =>
  payment?.treatmentTotal !== null && payment?.treatmentTotal !== undefined && payment.status !== 'pending';

/**
 * The balance of one of the clinic's payments, for its details: null unless it is a deposit towards a
 * treatment total. With the waiting balance request, whether a charge is under way, and the card the
 * balance may be charged to (saved with the deposit, under a consent to it, not removed or expired).
 */
export async function paymentBalance(
  deps: { db: Db; publicUrl: string },
  clinicId: string,
  paymentId: string,
  now = new Date(),
): Promise<PaymentBalance | null> {
  const deposit = await findClinicPayment(deps.db, clinicId, paymentId);
  if (!isDeposit(deposit)) return null;
  const [amounts, request, chargeUnderWay, card] = await Promise.all([
    amountsOf(deps.db, deposit),
    findOpenBalanceRequest(deps.db, deposit.id),
    balanceChargeUnderWay(deps.db, deposit.id),
    findBalanceCard(deps.db, deposit.id),
  ]);
  return {
    ...amounts,
    request: request
      ? {
          id: request.id,
          url: `${deps.publicUrl}/payment/${request.id}`,
          sentAt: request.sentAt.toISOString(),
        }
      : null,
    chargeUnderWay,
    card:
      card && !cardExpired(card, now)
        ? {
            patientId: card.patientId,
            cardId: card.id,
            label: `${cardBrandLabel(card.brand)} ending ${card.last4}`,
            maximumAmount: card.maximumAmount,
          }
        : null,
  };
}

/** For a balance payment: the deposit it pays towards, and whether that is now settled; else null. */
export async function balanceOf(
  db: Db,
  clinicId: string,
  payment: { type: string; originalPaymentId: string | null },
): Promise<BalanceOf | null> {
  if (payment.type !== 'balance' || !payment.originalPaymentId) return null;
  const deposit = await findClinicPayment(db, clinicId, payment.originalPaymentId);
  if (!isDeposit(deposit)) return null;
  const { due } = await amountsOf(db, deposit);
  return { paymentId: deposit.id, reference: deposit.paymentRef, settled: due === 0 };
}

/**
 * Refuses (409 BALANCE_UNDER_WAY, BALANCE_MESSAGES.paymentOnItsWay) while a balance request of the
 * deposit that has expired holds a payment intent the patient has paid or is paying: the payment was
 * made before the request expired, counts as paid in time, and its provider event may still be on its
 * way. Asks the provider, so it runs before claimBalance's transaction. Throws AppError
 * PROVIDER_UNAVAILABLE (503) when the provider cannot answer.
 */
export async function refuseWhileBalancePaymentOnItsWay(
  deps: { db: Db; gateway: CardGateway },
  clinicId: string,
  paymentId: string,
): Promise<void> {
  if (!isUuid(paymentId)) return;
  for (const intentId of await expiredBalanceRequestIntents(deps.db, clinicId, paymentId)) {
    const intent = await knownPaymentIntent(deps.gateway, intentId).catch((error) => {
      throw fromGatewayError(error);
    });
    if (intent && PAID_INTENT_STATUSES.has(intent.status))
      throw new AppError('BALANCE_UNDER_WAY', BALANCE_MESSAGES.paymentOnItsWay);
  }
}

/**
 * In `tx`, with the deposit locked until it ends: what is due on it now, in pence, and its title. Throws AppError
 * PAYMENT_NOT_FOUND (404) for an unknown payment or another clinic's; NO_BALANCE_DUE (409) for a payment
 * that is no deposit or is settled; BALANCE_UNDER_WAY (409) while a balance request waits for the
 * patient or a balance charge is under way, so the balance is never asked for twice.
 */
export async function claimBalance(
  tx: Tx,
  clinicId: string,
  paymentId: string,
): Promise<{ due: number; title: string }> {
  const deposit = isUuid(paymentId) ? await lockClinicPayment(tx, clinicId, paymentId) : undefined;
  if (!deposit) throw new AppError('PAYMENT_NOT_FOUND', PAYMENT_MESSAGES.notFound);
  if (!isDeposit(deposit)) throw new AppError('NO_BALANCE_DUE', BALANCE_MESSAGES.noBalanceDue);
  const { due } = await amountsOf(tx, deposit);
  if (due === 0) throw new AppError('NO_BALANCE_DUE', BALANCE_MESSAGES.noBalanceDue);
  if (await findOpenBalanceRequest(tx, deposit.id))
    throw new AppError('BALANCE_UNDER_WAY', BALANCE_MESSAGES.requestOpen);
  if (await balanceChargeUnderWay(tx, deposit.id))
    throw new AppError('BALANCE_UNDER_WAY', BALANCE_MESSAGES.chargeUnderWay);
  return { due, title: deposit.title };
}

/**
 * Request balance: sends the deposit's patient a payment request for exactly the balance due, titled
 * 'Balance: {title}', of type 'balance' and tied to the deposit, by email (and text when the deposit
 * has a phone), by `actor` (a member of the clinic, from the session). Audited in the same transaction
 * as `balance.requested` against the deposit (entity 'payment'), with the request's id and the amount
 * due in pence. Resolves to the request's id and page, with the delivery-delayed warning when its
 * notice could not be queued. Throws as claimBalance, writing nothing.
 */
export async function requestBalance(
  deps: SendRequestDeps & { gateway: CardGateway },
  actor: { clinicId: string; actorUserId: string },
  paymentId: string,
) {
  const { clinicId } = actor;
  const clinic = await getClinicRow(deps.db, clinicId);
  await refuseWhileBalancePaymentOnItsWay(deps, clinicId, paymentId);
  return deps.db.transaction(async (tx) => {
    const { due } = await claimBalance(tx, clinicId, paymentId);
    const deposit = await findClinicPayment(tx, clinicId, paymentId);
    if (!deposit) throw new AppError('PAYMENT_NOT_FOUND', PAYMENT_MESSAGES.notFound);
    const sent = await storeRequest(tx, deps, clinic, {
      paymentLink: null,
      customAmount: due,
      patient: { name: deposit.patientName, email: deposit.patientEmail, phone: deposit.patientPhone },
      message: null,
      balance: { title: `Balance: ${deposit.title}`, originalPaymentId: deposit.id },
      // The balance carries the deposit's reference (docs/decisions/0108-clinic-reference.md).
      clinicReference: deposit.clinicReference,
    });
    await recordAudit(tx, {
      actorUserId: actor.actorUserId,
      action: 'balance.requested',
      entityType: 'payment',
      entityId: deposit.id,
      details: { requestId: sent.id, amount: due },
    });
    return sent;
  });
}
