/** Clinics and their staff accounts (docs/product.md#record-clinic, docs/product.md#record-users). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { providerStatus } from './enums.js';

export const clinics = pgTable(
  'clinics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicName: text('clinic_name'),
    logoUrl: text('logo_url'),
    email: text('email'),
    phone: text('phone'),
    addressLine1: text('address_line_1'),
    addressLine2: text('address_line_2'),
    city: text('city'),
    postcode: text('postcode'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The connected account payments go to while the clinic is connected, e.g. Stripe's 'acct_…'
     * (decision 0081); null once disconnected.
     */
    stripeAccountId: text('stripe_account_id').unique(),
    stripeStatus: providerStatus('stripe_status'),
    /**
     * The clinic's own connected account, kept when it disconnects so that reconnecting reuses it
     * (decision 0081); null before its first connect and once the provider account is lost (access
     * revoked) or closed.
     */
    providerAccountId: text('provider_account_id').unique(),
    /** How many accounts the clinic has lost or closed: part of the next account's idempotency key. */
    providerAccountsEnded: integer('provider_accounts_ended').notNull().default(0),
    /** The provider's requirement ids currently or past due (decision 0080). */
    providerRequirementsDue: jsonb('provider_requirements_due').$type<string[]>().notNull().default([]),
    /** requirements.current_deadline: when what is due must be given. */
    providerRequirementsDeadline: timestamp('provider_requirements_deadline', { withTimezone: true }),
    /** When an admin turned card payments off (force-disconnect); null when not held (decision 0081). */
    paymentsTurnedOffAt: timestamp('payments_turned_off_at', { withTimezone: true }),
    /** The statement name the clinic set for patients' card statements (decision 0082); null: the default. */
    statementName: text('statement_name'),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    smsNotifications: boolean('sms_notifications').notNull().default(true),
    /** The owner requires two-factor sign-in of every member (decision 0122). */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    /**
     * Days after sending on which an unpaid request is reminded, ascending
     * (docs/decisions/0106-request-reminders.md); empty: no reminders.
     */
    reminderDays: integer('reminder_days').array().notNull().default(sql`'{3,7}'::integer[]`),
    /** Days a new request can be paid for, unless the clinic sets its own expiry (0105). */
    requestExpiryDays: integer('request_expiry_days').notNull().default(30),
    /** What the patient reads on an expired, cancelled or used-up page (0105); null: the standard text. */
    closedPageText: text('closed_page_text'),
    /**
     * When an admin suspended sign-in for every member of the clinic (decision 0125); null while its team
     * may sign in.
     */
    signInSuspendedAt: timestamp('sign_in_suspended_at', { withTimezone: true }),
    /** The reason the clinic was told, kept while sign-in is suspended (decision 0125). */
    signInSuspensionReason: text('sign_in_suspension_reason'),
  },
  (table) => [
    index('clinics_created_at_idx').on(table.createdAt.desc()),
    index('clinics_name_search_idx').on(sql`lower(${table.clinicName})`),
  ],
);
