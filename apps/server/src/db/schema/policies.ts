/** The clinic's policies a patient agrees to when their card is saved (docs/decisions/0090-policies.md). */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { clinics } from './clinics.js';

/**
 * The clinic's cancellation policy and no-show fee, every version kept (docs/decisions/0090-policies.md):
 * a patient's consent names the version they agreed to, so a version is never changed or deleted.
 * The latest version of a kind is the one in force, unless it turned the policy off.
 */
export const clinicPolicies = pgTable(
  'clinic_policies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    /** 'cancellation' or 'no_show'. */
    kind: text('kind').notNull(),
    /** 1, 2, …: one more than the clinic's previous version of this kind. */
    version: integer('version').notNull(),
    /** False for the version that turned the policy off. */
    isActive: boolean('is_active').notNull().default(true),
    /** 'fixed' or 'percent'. */
    feeType: text('fee_type').notNull(),
    /** Pence, for a fixed fee. */
    feeAmount: integer('fee_amount'),
    /** Whole percent of the treatment's price, for a percentage fee. */
    feePercent: integer('fee_percent'),
    /** Hours before the appointment, for a cancellation policy. */
    noticeHours: integer('notice_hours'),
    text: text('text').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('clinic_policies_clinic_kind_version_idx').on(table.clinicId, table.kind, table.version),
    check('clinic_policies_kind', sql`${table.kind} in ('cancellation', 'no_show')`),
    check(
      'clinic_policies_fee',
      sql`(${table.feeType} = 'fixed' and ${table.feeAmount} between 30 and 100000 and ${table.feePercent} is null)
        or (${table.feeType} = 'percent' and ${table.feePercent} between 1 and 100 and ${table.feeAmount} is null)`,
    ),
    check(
      'clinic_policies_notice',
      sql`(${table.kind} = 'cancellation') = (${table.noticeHours} is not null)
        and (${table.noticeHours} is null or ${table.noticeHours} between 1 and 168)`,
    ),
  ],
);

/**
 * The clinic's payment terms, every version kept (docs/decisions/0107-payment-terms.md): a payment names
 * the version its payer accepted, so a version is never changed or deleted. The latest version is in
 * force unless it turned the terms off.
 */
export const clinicTerms = pgTable(
  'clinic_terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    /** 1, 2, …: one more than the clinic's previous version. */
    version: integer('version').notNull(),
    /** False for the version that turned the terms off (its text repeats the last one's). */
    isActive: boolean('is_active').notNull().default(true),
    text: text('text').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('clinic_terms_clinic_version_idx').on(table.clinicId, table.version)],
);

/**
 * Each Pay Now at which the payer ticked "I have read and accept" under the clinic's terms
 * (docs/decisions/0107-payment-terms.md): the intent, the version, when and from where. The payment
 * recorded from that intent takes its version and time from here.
 */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentIntentId: text('payment_intent_id').notNull(),
    termsId: uuid('terms_id')
      .notNull()
      .references(() => clinicTerms.id, { onDelete: 'restrict' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
  },
  (table) => [index('terms_acceptances_intent_idx').on(table.paymentIntentId, table.acceptedAt.desc())],
);
