/**
 * Platform-wide settings (docs/product.md#record-settings), notifications, the audit log,
 * contact messages and the dev outbox.
 */
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { clinics } from './clinics.js';
import { notificationChannel, notificationStatus, recipientType } from './enums.js';
import { paymentRequests, payments } from './payments.js';
import { savedCards } from './saved-cards.js';

/** Key platform_fee_percent holds the fee as text with one decimal, e.g. '3.0'. */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  description: text('description'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Keys patient_notification_webhook and clinic_notification_webhook (docs/product.md#record-settings). */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: text('value'),
  description: text('description'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The notification queue (docs/product.md#notification-payload): one row per message to deliver, on
 * one channel to one recipient. A notifications.deliver job (decision 0019) sends it and records the outcome.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    recipientType: recipientType('recipient_type').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    paymentRequestId: uuid('payment_request_id').references(() => paymentRequests.id, {
      onDelete: 'set null',
    }),
    /**
     * The card a "card saved" notice is about (docs/decisions/0095-secure-your-appointment.md): its
     * consents are repeated in the email. Null for every other notice.
     */
    savedCardId: uuid('saved_card_id').references(() => savedCards.id, { onDelete: 'set null' }),
    payload: jsonb('payload').notNull(),
    /** 'email', 'sms' or 'webhook': how this row is delivered. */
    channel: notificationChannel('channel').notNull().default('email'),
    /** The address, E.164 number or URL it goes to; null until known (a webhook URL is read when sent). */
    recipient: text('recipient'),
    status: notificationStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * The provider's id of a text it accepted (Twilio's message SID, 'SM…'), by which its status
     * callbacks name it (docs/decisions/0109-text-delivery-reports.md); null for email and webhooks.
     */
    providerMessageId: text('provider_message_id'),
    /** When the provider reported the text delivered to the phone (0109); null until then. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_status_created_idx').on(table.status, table.createdAt),
    uniqueIndex('notifications_provider_message_idx').on(table.providerMessageId),
    index('notifications_payment_idx').on(table.paymentId),
    index('notifications_payment_request_idx').on(table.paymentRequestId),
  ],
);

/** Who did what and when: every action of AUDIT_ACTIONS (@clinicpay/shared; decision 0098). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // No action on delete: the trail is append-only (decision 0124), and users are never deleted.
    actorUserId: text('actor_user_id').references(() => users.id),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    details: jsonb('details').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The clinic the entry concerns (a clinic, or a payment's clinic); null for platform entries. Set by
     * the database from the entity on insert (migration 0014, decision 0071), so no writer can forget it.
     */
    clinicId: uuid('clinic_id'),
    /** Where the change came from: the client's address, null for a job or a provider event (decision 0124). */
    ipAddress: text('ip_address'),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entityType, table.entityId),
    // A clinic's entries, newest first: the admin's clinic profile (decision 0071).
    index('audit_log_clinic_created_idx').on(table.clinicId, table.createdAt.desc(), table.id.desc()),
    // The admin's audit log, newest first, unfiltered or by action; the fee history (decision 0098).
    index('audit_log_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('audit_log_action_created_idx').on(table.action, table.createdAt.desc(), table.id.desc()),
    // A clinic's entries of one action, newest first: the owner's trail, or the admin's, by action
    // (docs/decisions/0128-back-office-at-scale.md).
    index('audit_log_clinic_action_created_idx').on(
      table.clinicId,
      table.action,
      table.createdAt.desc(),
      table.id.desc(),
    ),
  ],
);

/**
 * How many audit entries each clinic has of each action on each Europe/London day, kept by a trigger on
 * audit_log's inserts (migration 0039): the log is append-only (decision 0124), so these counts are
 * exact, and the trails' pagers sum at most a row per action and day instead of counting every entry
 * (docs/decisions/0128-back-office-at-scale.md).
 */
export const auditDailyCounts = pgTable(
  'audit_daily_counts',
  {
    clinicId: uuid('clinic_id').notNull(),
    action: text('action').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    entries: integer('entries').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.clinicId, table.action, table.day] })],
);

/**
 * Every audit entry (a clinic's or the platform's) counted per action, Europe/London day and shard, kept
 * by the same trigger; action '' counts every action. The shard is the clinic's (hashtext of its id & 15,
 * as platform_daily_totals, decision 0022), so two clinics' transactions seldom wait on one row
 * (docs/decisions/0128-back-office-at-scale.md).
 */
export const auditPlatformDailyCounts = pgTable(
  'audit_platform_daily_counts',
  {
    action: text('action').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    shard: smallint('shard').notNull(),
    entries: integer('entries').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.action, table.day, table.shard] })],
);

/** Messages sent through the contact page (docs/decisions/0006-contact-form-submit.md). */
export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Outside production, every email and SMS lands here instead of leaving the machine. */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').notNull().default('email'),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dev_outbox_created_idx').on(table.createdAt.desc())],
);
