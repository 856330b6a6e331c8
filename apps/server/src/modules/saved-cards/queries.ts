/** The saved-cards module's reads and writes: card Customers, saved cards and consents. No rules here. */
import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { cardCharges, cardConsents, cardCustomers, savedCards } from '../../db/schema/index.js';

export type SavedCardRow = typeof savedCards.$inferSelect;
export type NewCardConsent = Omit<typeof cardConsents.$inferInsert, 'id' | 'savedCardId' | 'paymentId'>;

export async function findCardCustomer(db: Db | Tx, patientId: string) {
  const [row] = await db.select().from(cardCustomers).where(eq(cardCustomers.patientId, patientId));
  return row;
}

export async function findCardCustomerByProviderId(db: Db | Tx, providerCustomerId: string) {
  const [row] = await db
    .select()
    .from(cardCustomers)
    .where(eq(cardCustomers.providerCustomerId, providerCustomerId));
  return row;
}

/** Stores the patient's Customer unless one is stored already; resolves to the one kept. */
export async function storeCardCustomer(
  db: Db,
  values: { patientId: string; clinicId: string; providerCustomerId: string },
): Promise<string> {
  await db.insert(cardCustomers).values(values).onConflictDoNothing({ target: cardCustomers.patientId });
  const kept = await findCardCustomer(db, values.patientId);
  return kept?.providerCustomerId ?? values.providerCustomerId;
}

/**
 * Stores the consents given at Pay Now on an intent, in place of any given on it before and not yet
 * tied to a card: a second Pay Now agrees to the policies in force then, no more.
 */
export async function replaceConsents(db: Db, paymentIntentId: string, values: NewCardConsent[]) {
  await db.transaction(async (tx) => {
    await tx
      .delete(cardConsents)
      .where(and(eq(cardConsents.paymentIntentId, paymentIntentId), isNull(cardConsents.savedCardId)));
    if (values.length) await tx.insert(cardConsents).values(values).onConflictDoNothing();
  });
}

/** Inserts the saved card unless its payment method is stored already; resolves to the row kept. */
export async function insertSavedCardUnlessKnown(
  tx: Tx,
  values: typeof savedCards.$inferInsert,
): Promise<SavedCardRow | undefined> {
  await tx
    .insert(savedCards)
    .values(values)
    .onConflictDoNothing({ target: savedCards.providerPaymentMethodId });
  const [row] = await tx
    .select()
    .from(savedCards)
    .where(eq(savedCards.providerPaymentMethodId, values.providerPaymentMethodId));
  return row;
}

/**
 * Ties the consents given on the intent, not yet tied to a card, to the card and its payment; resolves
 * to how many it tied.
 */
export async function tieConsents(
  tx: Tx,
  paymentIntentId: string,
  savedCardId: string,
  paymentId: string | null,
): Promise<number> {
  const tied = await tx
    .update(cardConsents)
    .set({ savedCardId, paymentId })
    .where(and(eq(cardConsents.paymentIntentId, paymentIntentId), isNull(cardConsents.savedCardId)))
    .returning({ id: cardConsents.id });
  return tied.length;
}

export async function listCardsWithConsents(db: Db, clinicId: string, patientId: string) {
  const cards = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.clinicId, clinicId), eq(savedCards.patientId, patientId)))
    .orderBy(desc(savedCards.createdAt));
  const consents = cards.length
    ? await db
        .select()
        .from(cardConsents)
        .where(
          inArray(
            cardConsents.savedCardId,
            cards.map((card) => card.id),
          ),
        )
        .orderBy(cardConsents.policyKind)
    : [];
  return { cards, consents };
}

/** The card the consents given on the intent were tied to, if it is saved yet. */
export async function findCardSavedByIntent(db: Db, intentId: string) {
  return db
    .select({
      brand: savedCards.brand,
      last4: savedCards.last4,
      removedAt: savedCards.removedAt,
      consent: cardConsents,
    })
    .from(cardConsents)
    .innerJoin(savedCards, eq(savedCards.id, cardConsents.savedCardId))
    .where(eq(cardConsents.paymentIntentId, intentId))
    .orderBy(asc(cardConsents.policyKind));
}

/** The card saved with one of the clinic's payments and not removed, if any. */
export async function findCardSavedWith(db: Db, clinicId: string, paymentId: string) {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(
      and(
        eq(savedCards.clinicId, clinicId),
        eq(savedCards.paymentId, paymentId),
        isNull(savedCards.removedAt),
      ),
    );
  return row;
}

export async function findSavedCard(db: Db | Tx, clinicId: string, patientId: string, cardId: string) {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(
      and(eq(savedCards.id, cardId), eq(savedCards.clinicId, clinicId), eq(savedCards.patientId, patientId)),
    );
  return row;
}

/** Marks the card removed unless it is already; resolves to the row when this call removed it. */
export async function markCardRemoved(tx: Tx, cardId: string, userId: string) {
  const [row] = await tx
    .update(savedCards)
    .set({ removedAt: new Date(), removedBy: userId })
    .where(and(eq(savedCards.id, cardId), isNull(savedCards.removedAt)))
    .returning();
  return row;
}

export type CardChargeRow = typeof cardCharges.$inferSelect;

/**
 * Starts a charge unless one of the same fee for the same appointment is under way or paid (the
 * partial unique index decides, so of racing callers one gets the row); undefined when refused.
 */
export type NewCardCharge = typeof cardCharges.$inferInsert;

export async function insertChargeUnlessTaken(
  db: Db | Tx,
  values: NewCardCharge,
): Promise<CardChargeRow | undefined> {
  const [row] = await db.insert(cardCharges).values(values).onConflictDoNothing().returning();
  return row;
}

/** The columns a charge's progress changes. */
type ChargeChanges = Partial<
  Pick<
    CardChargeRow,
    | 'status'
    | 'paymentIntentId'
    | 'paymentId'
    | 'failureCode'
    | 'declineCode'
    | 'failureMessage'
    | 'authenticationToken'
    | 'providerRequest'
  >
>;

/** Writes `changes` to the charge when `condition` holds of it; resolves to the row written, if any. */
async function updateChargeWhere(
  db: Db | Tx,
  chargeId: string,
  changes: ChargeChanges,
  condition: SQL | undefined,
) {
  const [row] = await db
    .update(cardCharges)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(cardCharges.id, chargeId), condition))
    .returning();
  return row;
}

/** Writes `changes` to the charge, unless its event already marked it paid: it stays paid, whatever a provider call's answer says. */
export function updateCharge(db: Db | Tx, chargeId: string, changes: ChargeChanges) {
  return updateChargeWhere(db, chargeId, changes, ne(cardCharges.status, 'succeeded'));
}

/**
 * Fails a charge still 'processing' (its answer never arrived) with the provider's refusal; a charge
 * settled since, paid, failed or waiting for the patient, is left as it is.
 */
export async function failProcessingCharge(
  tx: Tx,
  chargeId: string,
  refusal: {
    paymentIntentId: string;
    failureCode: string;
    declineCode: string | null;
    failureMessage: string;
  },
) {
  await tx
    .update(cardCharges)
    .set({ status: 'failed', ...refusal, updatedAt: new Date() })
    .where(and(eq(cardCharges.id, chargeId), eq(cardCharges.status, 'processing')));
}

/** Marks the charge paid with its payment, whatever its status was (a patient who authenticated later). */
export async function markChargePaid(tx: Tx, chargeId: string, paymentId: string) {
  await tx
    .update(cardCharges)
    .set({
      status: 'succeeded',
      paymentId,
      failureCode: null,
      declineCode: null,
      failureMessage: null,
      updatedAt: new Date(),
    })
    .where(eq(cardCharges.id, chargeId));
}

export async function chargesOfCards(db: Db, cardIds: string[]) {
  if (cardIds.length === 0) return [];
  return db
    .select()
    .from(cardCharges)
    .where(inArray(cardCharges.savedCardId, cardIds))
    .orderBy(desc(cardCharges.createdAt));
}

export async function consentsOfCard(db: Db, savedCardId: string) {
  return db.select().from(cardConsents).where(eq(cardConsents.savedCardId, savedCardId));
}

export async function findCharge(db: Db, chargeId: string) {
  const [row] = await db
    .select({ charge: cardCharges, card: savedCards })
    .from(cardCharges)
    .innerJoin(savedCards, eq(savedCards.id, cardCharges.savedCardId))
    .where(eq(cardCharges.id, chargeId));
  return row;
}

/** What the provider never answered: still processing, with no payment intent. */
const unanswered = () => and(eq(cardCharges.status, 'processing'), isNull(cardCharges.paymentIntentId));

/**
 * Charges the provider never answered that resumeStaleCardCharges may take now, at most `limit`, least
 * recently taken first: started before `before`, not taken since `takenBefore`, and either started
 * after `since` (to be asked again) or with no request stored (to be failed, at any age).
 */
export function findUnansweredCharges(
  db: Db,
  window: { since: Date; before: Date; takenBefore: Date },
  limit = 100,
) {
  return db
    .select()
    .from(cardCharges)
    .where(
      and(
        unanswered(),
        lt(cardCharges.createdAt, window.before),
        lt(cardCharges.updatedAt, window.takenBefore),
        or(gt(cardCharges.createdAt, window.since), isNull(cardCharges.providerRequest)),
      ),
    )
    .orderBy(asc(cardCharges.updatedAt))
    .limit(limit);
}

/**
 * Takes an unanswered charge for one ask (a lease): its updated_at is set to now when it is still
 * unanswered and was not taken since `takenBefore`, so overlapping sweeps in any number of processes
 * ask for it one at a time. Resolves to the charge as it is now, or undefined when it was not taken.
 */
export function takeUnansweredCharge(db: Db, chargeId: string, takenBefore: Date) {
  return updateChargeWhere(db, chargeId, {}, and(unanswered(), lt(cardCharges.updatedAt, takenBefore)));
}

/**
 * As updateCharge, but only while the charge is still unanswered: an answer the sweep got never
 * overwrites what an event or another ask recorded meanwhile.
 */
export function updateUnansweredCharge(db: Db | Tx, chargeId: string, changes: ChargeChanges) {
  return updateChargeWhere(db, chargeId, changes, unanswered());
}

/** Ends the card's charges still waiting for the patient: the card was removed, so none can complete. */
export async function failWaitingCharges(tx: Tx, savedCardId: string, message: string) {
  await tx
    .update(cardCharges)
    .set({ status: 'failed', failureCode: 'card_removed', failureMessage: message, updatedAt: new Date() })
    .where(and(eq(cardCharges.savedCardId, savedCardId), eq(cardCharges.status, 'requires_authentication')));
}
