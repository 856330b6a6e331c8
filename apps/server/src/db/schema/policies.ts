/** The clinic's policies a patient agrees to when their card is saved (docs/decisions/0090-policies.md). */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
