/** Clinics and their staff accounts (spec §3 clinics, users). */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    /** The card provider's connected account id, e.g. Stripe's 'acct_…'. */
    stripeAccountId: text('stripe_account_id').unique(),
    stripeStatus: providerStatus('stripe_status'),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    smsNotifications: boolean('sms_notifications').notNull().default(true),
  },
  (table) => [
    index('clinics_created_at_idx').on(table.createdAt.desc()),
    index('clinics_name_search_idx').on(sql`lower(${table.clinicName})`),
  ],
);
