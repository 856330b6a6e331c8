/**
 * Saved cards (docs/decisions/0091-saved-cards-on-platform-customers.md, 0092-card-consent.md): the
 * policies a patient agrees to when a link asks for a card on file, the patient's Customer at the
 * card provider, the consent taken at Pay Now, the card recorded once the payment succeeds, and its
 * removal at the patient's request. Amounts are integer pence.
 */
import {
  balanceTermText,
  type CardOnFileTerm,
  type ClinicPolicies,
  type ConsentKind,
  cardBrandLabel,
  formatPence,
  policyMaximum,
  SAVED_CARD_MESSAGES,
  type SavedCardList,
  type SavedCardResult,
} from '@clinicpay/shared';
import type { Db, Tx } from '../../db/client.js';
import { type CardGateway, GatewayError, type SavedCard } from '../../gateway/gateway.js';
import { AppError, fromGatewayError } from '../../http/app-error.js';
import { isUuid } from '../../http/ids.js';
import { recordAudit } from '../audit/index.js';
import { clinicPolicies } from '../policies/index.js';
import { toCardCharge } from './charges.js';
import {
  chargesOfCards,
  failWaitingCharges,
  findCardCustomer,
  findCardCustomerByProviderId,
  findCardSavedByIntent,
  findCardSavedWith,
  findSavedCard,
  insertSavedCardUnlessKnown,
  listCardsWithConsents,
  markCardRemoved,
  replaceConsents,
  storeCardCustomer,
  tieConsents,
} from './queries.js';

/**
 * What a patient agrees to when their card is saved for a treatment of `treatmentPence` (its whole
 * price, for a deposit): each of the clinic's policies in force with the most it allows
 * (policyMaximum), and, for a deposit, the balance of `balanceDue` pence
 * (docs/decisions/0094-deposits-and-balances.md). Null when no policy is in force: no card is then saved.
 */
export async function cardOnFileTerms(
  db: Db | Tx,
  clinicId: string,
  treatment: { treatmentPence: number; balanceDue: number | null },
): Promise<CardOnFileTerm[] | null> {
  const policies: ClinicPolicies = await clinicPolicies(db, clinicId);
  const terms: CardOnFileTerm[] = [policies.cancellation, policies.no_show].flatMap((policy) =>
    policy
      ? [
          {
            kind: policy.kind,
            version: policy.version,
            text: policy.text,
            maximumAmount: policyMaximum(policy, treatment.treatmentPence),
            noticeHours: policy.noticeHours,
          },
        ]
      : [],
  );
  if (!terms.length) return null;
  if (treatment.balanceDue)
    terms.push({
      kind: 'balance',
      version: 1,
      text: balanceTermText(formatPence(treatment.balanceDue)),
      maximumAmount: treatment.balanceDue,
      noticeHours: null,
    });
  return terms;
}

/**
 * The patient's Customer at the card provider ('cus_…'), made the first time under the idempotency
 * key `customer:<patient id>`, so callers racing to make it get one Customer. Throws GatewayError (and
 * GatewayOutcomeUnknownError) when the provider refuses or cannot be reached.
 */
export async function customerForPatient(
  deps: { db: Db; gateway: CardGateway },
  patient: { id: string; clinicId: string; email: string; name: string | null },
): Promise<string> {
  const stored = await findCardCustomer(deps.db, patient.id);
  if (stored) return stored.providerCustomerId;
  const made = await deps.gateway.createCustomer({
    email: patient.email,
    name: patient.name,
    metadata: { clinic_id: patient.clinicId, patient_id: patient.id },
    idempotencyKey: `customer:${patient.id}`,
  });
  return storeCardCustomer(deps.db, {
    patientId: patient.id,
    clinicId: patient.clinicId,
    providerCustomerId: made.id,
  });
}

/**
 * Stores the consent the patient gave at Pay Now to each term, on the payment intent the card is
 * saved with; a second Pay Now on the same intent replaces them all until the card is saved.
 */
export async function recordConsents(
  db: Db,
  consent: {
    clinicId: string;
    patientId: string;
    paymentIntentId: string;
    terms: CardOnFileTerm[];
    ipAddress: string | null;
    userAgent: string | null;
  },
): Promise<void> {
  const consentedAt = new Date();
  await replaceConsents(
    db,
    consent.paymentIntentId,
    consent.terms.map((term) => ({
      clinicId: consent.clinicId,
      patientId: consent.patientId,
      paymentIntentId: consent.paymentIntentId,
      policyKind: term.kind,
      policyVersion: term.version,
      policyText: term.text,
      maximumAmount: term.maximumAmount,
      consentedAt,
      ipAddress: consent.ipAddress,
      userAgent: consent.userAgent,
    })),
  );
}

/**
 * In the transaction that records a payment (or a SetupIntent's success): the card the intent saved
 * (`card`, read from the provider), filed under the patient whose Customer it belongs to, with the
 * consents given on the intent tied to it. Resolves to the card's patient and id, with whether consents
 * were tied now (false when they were already); null for a Customer ClinicPay did not make.
 */
export async function recordSavedCard(
  tx: Tx,
  saved: { paymentIntentId: string; paymentId: string | null; card: SavedCard },
): Promise<{ cardId: string; patientId: string; consentsTied: boolean } | null> {
  if (!saved.card.customerId) return null;
  const customer = await findCardCustomerByProviderId(tx, saved.card.customerId);
  if (!customer) return null;
  const row = await insertSavedCardUnlessKnown(tx, {
    clinicId: customer.clinicId,
    patientId: customer.patientId,
    providerCustomerId: saved.card.customerId,
    providerPaymentMethodId: saved.card.id,
    brand: saved.card.brand,
    last4: saved.card.last4,
    expMonth: saved.card.expMonth,
    expYear: saved.card.expYear,
    paymentId: saved.paymentId,
  });
  if (!row) return null;
  const tied = await tieConsents(tx, saved.paymentIntentId, row.id, saved.paymentId);
  return { cardId: row.id, patientId: row.patientId, consentsTied: tied > 0 };
}

/**
 * The card saved with a SetupIntent ('seti_…'), for the page the patient returns to after securing an
 * appointment (docs/decisions/0095-secure-your-appointment.md): 'Visa ending 4242' and the consents as
 * recorded (maximums in pence); card null while the provider's event has not been recorded. Only
 * SetupIntents, and only cards not removed, so a payment intent's id (seen in success-page addresses)
 * reveals nothing.
 */
export async function cardSavedBySetup(db: Db, setupIntentId: string): Promise<SavedCardResult> {
  const rows = setupIntentId.startsWith('seti_') ? await findCardSavedByIntent(db, setupIntentId) : [];
  const [first] = rows;
  if (!first || first.removedAt) return { card: null, consents: [] };
  return {
    card: `${cardBrandLabel(first.brand)} ending ${first.last4}`,
    consents: rows.map(({ consent }) => ({
      kind: consent.policyKind as ConsentKind,
      version: consent.policyVersion,
      text: consent.policyText,
      maximumAmount: consent.maximumAmount,
      noticeHours: null,
    })),
  };
}

/**
 * The card saved with one of the clinic's payments, while it can be charged (not removed), for the
 * payment's details: its patient, id and name ('Visa ending 4242'); null when none.
 */
export async function cardSavedWith(
  db: Db,
  clinicId: string,
  paymentId: string,
): Promise<{ patientId: string; cardId: string; label: string } | null> {
  const card = await findCardSavedWith(db, clinicId, paymentId);
  return card
    ? {
        patientId: card.patientId,
        cardId: card.id,
        label: `${cardBrandLabel(card.brand)} ending ${card.last4}`,
      }
    : null;
}

/** The patient's saved cards, newest first, each with its consents; [] for another clinic's patient. */
export async function listSavedCards(db: Db, clinicId: string, patientId: string): Promise<SavedCardList> {
  if (!isUuid(patientId)) return { cards: [] };
  const { cards, consents } = await listCardsWithConsents(db, clinicId, patientId);
  const charges = await chargesOfCards(
    db,
    cards.map((card) => card.id),
  );
  return {
    cards: cards.map((card) => ({
      id: card.id,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      paymentId: card.paymentId,
      createdAt: card.createdAt.toISOString(),
      removedAt: card.removedAt?.toISOString() ?? null,
      consents: consents
        .filter((consent) => consent.savedCardId === card.id)
        .map((consent) => ({
          kind: consent.policyKind as ConsentKind,
          version: consent.policyVersion,
          text: consent.policyText,
          maximumAmount: consent.maximumAmount,
          consentedAt: consent.consentedAt.toISOString(),
          ipAddress: consent.ipAddress,
          userAgent: consent.userAgent,
        })),
      charges: charges.filter((charge) => charge.savedCardId === card.id).map(toCardCharge),
    })),
  };
}

/**
 * Removes a saved card at the patient's request: detached at the card provider for good, then marked
 * removed and audited (`saved_card.removed`). Throws AppError SAVED_CARD_NOT_FOUND (404) for an
 * unknown card or another clinic's or patient's, SAVED_CARD_REMOVED (409) for one already removed,
 * PROVIDER_UNAVAILABLE (503) when the provider refuses or cannot be reached (nothing is marked then).
 */
export async function removeSavedCard(
  deps: { db: Db; gateway: CardGateway },
  member: { clinicId: string; userId: string },
  patientId: string,
  cardId: string,
): Promise<void> {
  const card =
    isUuid(patientId) && isUuid(cardId)
      ? await findSavedCard(deps.db, member.clinicId, patientId, cardId)
      : undefined;
  if (!card) throw new AppError('SAVED_CARD_NOT_FOUND', SAVED_CARD_MESSAGES.notFound);
  if (card.removedAt) throw new AppError('SAVED_CARD_REMOVED', SAVED_CARD_MESSAGES.alreadyRemoved);
  try {
    await deps.gateway.detachPaymentMethod(card.providerPaymentMethodId);
  } catch (error) {
    // Already detached at the provider (a removal whose marking failed): only the marking is left.
    const detached = error instanceof GatewayError && error.code === 'payment_method_unexpected_state';
    if (!detached) throw fromGatewayError(error);
  }
  await deps.db.transaction(async (tx) => {
    const removed = await markCardRemoved(tx, card.id, member.userId);
    if (!removed) throw new AppError('SAVED_CARD_REMOVED', SAVED_CARD_MESSAGES.alreadyRemoved);
    await failWaitingCharges(tx, card.id, SAVED_CARD_MESSAGES.cardRemoved);
    await recordAudit(tx, {
      actorUserId: member.userId,
      action: 'saved_card.removed',
      entityType: 'saved_card',
      entityId: card.id,
      // On the clinic's own audit trail (a saved card's entries are not placed by the table's trigger).
      clinicId: member.clinicId,
      details: {
        patientId: card.patientId,
        brand: card.brand,
        last4: card.last4,
        providerPaymentMethodId: card.providerPaymentMethodId,
      },
    });
  });
}
