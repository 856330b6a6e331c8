/**
 * The payouts ClinicPay was told about by the card provider's payout events
 * (docs/decisions/0087-payout-reconciliation.md): each mirrors the provider's payout as last re-read,
 * and records when the clinic was told that it failed, so it is told once. A paid payout's lines (its
 * balance transactions on the connected account) are kept too, read from the provider once when it is
 * paid (docs/decisions/0128-back-office-at-scale.md); balances and payouts still in transit are read from
 * the provider. Amounts in pence.
 */
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clinics } from './clinics.js';

export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'restrict' }),
    /** The provider's payout id, 'po_…'. */
    providerPayoutId: text('provider_payout_id').notNull().unique(),
    /** The connected account it was paid from. */
    providerAccountId: text('provider_account_id').notNull(),
    amount: integer('amount').notNull(),
    /** Stripe's payout status: pending, in_transit, paid, failed or canceled. */
    status: text('status').notNull(),
    arrivalDate: timestamp('arrival_date', { withTimezone: true }).notNull(),
    /** Stripe's failure code once failed, e.g. 'account_closed'. */
    failureCode: text('failure_code'),
    /** When the clinic was emailed that the payout failed; null until then. */
    failureNotifiedAt: timestamp('failure_notified_at', { withTimezone: true }),
    /** When the provider made the payout (Stripe's created); null on payouts recorded before migration 0039. */
    providerCreatedAt: timestamp('provider_created_at', { withTimezone: true }),
    /** When the payout's lines were kept (payout_lines); null while they are read from the provider. */
    linesRecordedAt: timestamp('lines_recorded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payouts_clinic_idx').on(table.clinicId, table.createdAt)],
);

/**
 * A paid payout's lines as the provider listed them (docs.stripe.com/api/balance_transactions/object), the
 * payout's own debit left out: their nets add up to the payout. Kept once, when the payout is paid
 * (docs/decisions/0128-back-office-at-scale.md), so the payout's breakdown is one read however many
 * lines it has. Pence; net = amount − fee.
 */
export const payoutLines = pgTable(
  'payout_lines',
  {
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    /** The line's place in the provider's list (0 first). */
    position: integer('position').notNull(),
    /** The provider's balance transaction id, 'txn_…'. */
    providerTransactionId: text('provider_transaction_id').notNull(),
    /** Stripe's type: 'payment', 'payment_refund', 'payout_failure', … */
    type: text('type').notNull(),
    /** What caused it (gateway.ts BalanceTransactionOrigin): charge, refund, transfer_reversal, … */
    origin: text('origin').notNull(),
    amount: integer('amount').notNull(),
    fee: integer('fee').notNull(),
    net: integer('net').notNull(),
    /** When the provider made the balance transaction. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    description: text('description'),
    /** The platform payment intent it comes from, when the provider told it; null otherwise. */
    paymentIntentId: text('payment_intent_id'),
    /**
     * The clinic's payment that intent made, with its ClinicPay reference and patient, as they were when
     * the line was kept (a payment's reference and patient never change); null for other lines.
     */
    paymentId: uuid('payment_id'),
    paymentReference: text('payment_reference'),
    patientName: text('patient_name'),
  },
  (table) => [primaryKey({ columns: [table.payoutId, table.position] })],
);
