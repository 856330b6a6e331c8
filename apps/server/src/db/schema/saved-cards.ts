/**
 * Saved cards and the consents they are kept under (docs/decisions/0091-saved-cards-on-platform-customers.md,
 * 0092-card-consent.md): each patient who saves a card has a Customer on the platform account; each
 * card is the provider's payment method with its brand, last 4 digits and expiry; each consent is
 * the policy text and the most it allows, exactly as the patient agreed to them, with when and from
 * where. Amounts are integer pence.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ChargeSavedCardInput } from '../../gateway/gateway.js';
import { users } from './auth.js';
import { clinics } from './clinics.js';
import { patients } from './patients.js';
import { payments } from './payments.js';

/** The provider's Customer ('cus_…') of a clinic's patient: one per patient, never shared. */
export const cardCustomers = pgTable('card_customers', {
  patientId: uuid('patient_id')
    .primaryKey()
    .references(() => patients.id, { onDelete: 'cascade' }),
  clinicId: uuid('clinic_id')
    .notNull()
    .references(() => clinics.id, { onDelete: 'cascade' }),
  providerCustomerId: text('provider_customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const savedCards = pgTable(
  'saved_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    providerCustomerId: text('provider_customer_id').notNull(),
    /** The provider's payment method ('pm_…'). */
    providerPaymentMethodId: text('provider_payment_method_id').notNull(),
    /** The card brand as the provider names it: 'visa', 'mastercard', 'amex', … */
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    /** 1 to 12. */
    expMonth: integer('exp_month').notNull(),
    /** Four digits. */
    expYear: integer('exp_year').notNull(),
    /** The payment during which the card was saved, if it was saved while paying. */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** When and by whom the card was removed (detached at the provider); null while it can be charged. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: text('removed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('saved_cards_payment_method_idx').on(table.providerPaymentMethodId),
    index('saved_cards_patient_idx').on(table.patientId, table.createdAt),
  ],
);

/**
 * A patient's agreement to one policy when saving their card: taken at Pay Now on the payment intent
 * the card is saved with (or at Save card on the SetupIntent, when nothing is paid:
 * docs/decisions/0095-secure-your-appointment.md), and tied to the card once it is saved.
 */
export const cardConsents = pgTable(
  'card_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    /**
     * The intent the card is saved with: a payment intent ('pi_…'), or a SetupIntent ('seti_…') when
     * nothing is paid. Both are the provider's intents of one saving, so one column keys them.
     */
    paymentIntentId: text('payment_intent_id').notNull(),
    savedCardId: uuid('saved_card_id').references(() => savedCards.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** 'cancellation' or 'no_show'. */
    policyKind: text('policy_kind').notNull(),
    policyVersion: integer('policy_version').notNull(),
    /** The policy's words as the patient read them. */
    policyText: text('policy_text').notNull(),
    /** Pence: the most the policy lets the clinic charge for this treatment. */
    maximumAmount: integer('maximum_amount').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (table) => [
    uniqueIndex('card_consents_intent_kind_idx').on(table.paymentIntentId, table.policyKind),
    index('card_consents_saved_card_idx').on(table.savedCardId),
  ],
);

/**
 * A charge of a saved card without the patient (docs/decisions/0093-charging-saved-cards.md): a no-show
 * fee or a late cancellation fee for the payment (the appointment) the card was saved with. At most one
 * fee per appointment is under way or paid: a partial unique index, so twenty clicks at once make one
 * charge. Amounts in pence.
 */
export const cardCharges = pgTable(
  'card_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    savedCardId: uuid('saved_card_id')
      .notNull()
      .references(() => savedCards.id, { onDelete: 'cascade' }),
    /** The payment (appointment) the fee is for: the one the card was saved with. */
    originalPaymentId: uuid('original_payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** 'no_show_fee', 'late_cancellation_fee' or 'balance' (docs/decisions/0094-deposits-and-balances.md). */
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    /**
     * 'processing' (asked of the provider), 'succeeded', 'requires_authentication' (the bank wants the
     * patient: waiting for them), or 'failed' (declined; another attempt may follow).
     */
    status: text('status').notNull().default('processing'),
    /** The provider's payment intent ('pi_…'), once made. */
    paymentIntentId: text('payment_intent_id'),
    /**
     * What the provider is asked, stored before it is asked (the gateway's ChargeSavedCardInput: pence,
     * the connected account, metadata, the idempotency key), so a charge whose answer was lost is asked
     * again word for word under the same key; null only for a charge started before migration 0041.
     */
    providerRequest: jsonb('provider_request').$type<ChargeSavedCardInput>(),
    /**
     * The secret in the link the patient is sent to authenticate a charge their bank asked them to
     * confirm (hex); null until then.
     */
    authenticationToken: text('authentication_token'),
    /** The payment recorded once the charge succeeded. */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** The card's refusal: Stripe's code, the bank's decline code and Stripe's message. */
    failureCode: text('failure_code'),
    declineCode: text('decline_code'),
    failureMessage: text('failure_message'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('card_charges_amount_positive', sql`${table.amount} > 0`),
    // A missed appointment is not also a late cancellation: the two fees of one appointment count as
    // one. A card saved without a payment has no appointment: all its fees count as one.
    uniqueIndex('card_charges_one_open_per_fee_idx')
      .on(
        table.savedCardId,
        sql`(case when ${table.kind} in ('no_show_fee', 'late_cancellation_fee') then 'fee' else ${table.kind} end)`,
        sql`coalesce(${table.originalPaymentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      )
      // A balance may be charged in parts; the balances module decides each with the deposit locked.
      .where(sql`${table.status} <> 'failed' and ${table.kind} <> 'balance'`),
    index('card_charges_patient_idx').on(table.patientId, table.createdAt),
    // The charges the provider never answered, for the sweep that asks again (resumeStaleCardCharges).
    index('card_charges_unanswered_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'processing' and ${table.paymentIntentId} is null`),
  ],
);
