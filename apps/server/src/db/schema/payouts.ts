/**
 * The payouts ClinicPay was told about by the card provider's payout events
 * (docs/decisions/0087-payout-reconciliation.md): each mirrors the provider's payout as last re-read,
 * and records when the clinic was told that it failed, so it is told once. Balances, payouts and their
 * lines are read from the provider, not from here. Amounts in pence.
 */
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payouts_clinic_idx').on(table.clinicId, table.createdAt)],
);
