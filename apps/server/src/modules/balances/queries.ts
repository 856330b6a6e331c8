/**
 * Reads for deposits and their balances (docs/decisions/0094-deposits-and-balances.md): the deposit
 * payment (locked while a balance is asked for), what has been paid towards it, the balance request
 * waiting for the patient, a balance charge under way, and the card saved with the deposit under a
 * consent to charge the balance. No rules here.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne, notExists, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { cardCharges, cardConsents, paymentRequests, payments, savedCards } from '../../db/schema/index.js';

const depositColumns = {
  id: payments.id,
  clinicId: payments.clinicId,
  patientId: payments.patientId,
  patientName: payments.patientName,
  patientEmail: payments.patientEmail,
  patientPhone: payments.patientPhone,
  title: payments.title,
  paymentRef: payments.paymentRef,
  clinicReference: payments.clinicReference,
  amountPaid: payments.amountPaid,
  treatmentTotal: payments.treatmentTotal,
  originalPaymentId: payments.originalPaymentId,
  type: payments.type,
  status: payments.status,
};

/** One of the clinic's payments, with what its balance needs. */
export async function findClinicPayment(db: Db | Tx, clinicId: string, paymentId: string) {
  const [row] = await db
    .select(depositColumns)
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.clinicId, clinicId)));
  return row;
}

/** The same, locked until the transaction ends: one balance request or charge is decided at a time. */
export async function lockClinicPayment(tx: Tx, clinicId: string, paymentId: string) {
  const [row] = await tx
    .select(depositColumns)
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.clinicId, clinicId)))
    .for('update');
  return row;
}

/**
 * Pence paid as balance towards the deposit `paymentId`: its balance payments, except one recorded as
 * pending (a second payment of a request, refunded automatically).
 */
export async function balancePaidTowards(db: Db | Tx, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payments.amountPaid}), 0)` })
    .from(payments)
    .where(
      and(
        eq(payments.originalPaymentId, paymentId),
        eq(payments.type, 'balance'),
        ne(payments.status, 'pending'),
      ),
    );
  return Number(row?.total ?? 0);
}

/**
 * The balance request for the deposit that waits for the patient, if any: unpaid, not cancelled and not
 * expired at `at` (the request's own 'open' state, docs/decisions/0105-request-and-link-lifetimes.md). A
 * cancelled or expired one no longer blocks asking for the balance again.
 */
export async function findOpenBalanceRequest(db: Db | Tx, paymentId: string, at: Date = new Date()) {
  const [row] = await db
    .select({ id: paymentRequests.id, sentAt: paymentRequests.sentAt })
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.originalPaymentId, paymentId),
        eq(paymentRequests.status, 'sent'),
        isNull(paymentRequests.cancelledAt),
        or(isNull(paymentRequests.expiresAt), gt(paymentRequests.expiresAt, at)),
      ),
    )
    .orderBy(asc(paymentRequests.sentAt));
  return row;
}

/**
 * The payment intents of the deposit's balance requests that expired unpaid and uncancelled at `at`,
 * with no payment recorded for them: the patient may have paid one before it expired, with the
 * provider's event still to come.
 */
export async function expiredBalanceRequestIntents(
  db: Db,
  clinicId: string,
  paymentId: string,
  at: Date = new Date(),
): Promise<string[]> {
  const rows = await db
    .select({ paymentIntentId: paymentRequests.paymentIntentId })
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.clinicId, clinicId),
        eq(paymentRequests.originalPaymentId, paymentId),
        eq(paymentRequests.status, 'sent'),
        isNull(paymentRequests.cancelledAt),
        lte(paymentRequests.expiresAt, at),
        isNotNull(paymentRequests.paymentIntentId),
        // A payment of it already recorded (in time, or late and refunded) is on its way no longer.
        notExists(
          db
            .select({ id: payments.id })
            .from(payments)
            .where(eq(payments.stripePaymentId, paymentRequests.paymentIntentId)),
        ),
      ),
    );
  return rows.flatMap(({ paymentIntentId }) => (paymentIntentId ? [paymentIntentId] : []));
}

/**
 * Whether a charge of the deposit's balance to a saved card is under way, waits for the patient, or
 * has succeeded without its payment recorded yet (the provider's event is still to come).
 */
export async function balanceChargeUnderWay(db: Db | Tx, paymentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: cardCharges.id })
    .from(cardCharges)
    .where(
      and(
        eq(cardCharges.originalPaymentId, paymentId),
        eq(cardCharges.kind, 'balance'),
        or(
          inArray(cardCharges.status, ['processing', 'requires_authentication']),
          and(eq(cardCharges.status, 'succeeded'), isNull(cardCharges.paymentId)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The card saved with the deposit, not removed, with the patient's consent to charge the balance. */
export async function findBalanceCard(db: Db | Tx, paymentId: string) {
  const [row] = await db
    .select({
      id: savedCards.id,
      patientId: savedCards.patientId,
      brand: savedCards.brand,
      last4: savedCards.last4,
      expMonth: savedCards.expMonth,
      expYear: savedCards.expYear,
      maximumAmount: cardConsents.maximumAmount,
    })
    .from(cardConsents)
    .innerJoin(savedCards, eq(savedCards.id, cardConsents.savedCardId))
    .where(
      and(
        eq(cardConsents.paymentId, paymentId),
        eq(cardConsents.policyKind, 'balance'),
        isNull(savedCards.removedAt),
      ),
    );
  return row;
}
