/**
 * Patients: a clinic's own record of each person it has asked for or taken payment from
 * (docs/decisions/0089-patients.md). One row per clinic and email address, never shared between
 * clinics; the name and phone are the latest the clinic or the patient gave.
 */
import { type SQL, sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clinics } from './clinics.js';

export const patients = pgTable(
  'patients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Lower-cased and trimmed: the patient's key within the clinic. */
    email: text('email').notNull(),
    /** As the latest payment or request gave it (E.164 where it read as a number), or null. */
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The search text of name, email and phone, lower-cased, kept by PostgreSQL. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(${patients.name} || ' ' || ${patients.email} || ' ' || coalesce(${patients.phone}, ''))`,
      ),
  },
  (table) => [
    uniqueIndex('patients_clinic_email_idx').on(table.clinicId, table.email),
    // The Patients list, by name ignoring case: a page is read from the index in order, not sorted.
    // Migration 0040 adds INCLUDE ("name"), which Drizzle cannot say, so a page's ids are read from the
    // index alone, however many pages an OFFSET skips.
    index('patients_clinic_lower_name_idx').on(table.clinicId, sql`lower(${table.name})`, table.id),
    // The Patients search: the clinic (btree_gin) and the trigrams (pg_trgm) of the search text.
    index('patients_clinic_search_idx').using('gin', table.clinicId, sql`${table.searchText} gin_trgm_ops`),
    // ... and, for a term too short for trigrams, the clinic's search texts in one narrow index.
    index('patients_clinic_search_text_idx').on(table.clinicId, table.searchText),
  ],
);

/**
 * How many patients each clinic has, kept by a trigger on patients (migration 0021), so the Patients
 * list's page count is one row read, not a count of the clinic's patients on every page.
 */
export const patientCounts = pgTable('patient_counts', {
  clinicId: uuid('clinic_id')
    .primaryKey()
    .references(() => clinics.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
});
