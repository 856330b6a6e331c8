/**
 * Payment links, payment requests, payments and refunds (docs/product.md#records). Every amount is integer
 * pence; check constraints keep amounts positive and refunds within what was paid.
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { linkType, paymentDisputeStatus, paymentStatus, refundStatus, requestStatus } from './enums.js';
import { patients } from './patients.js';
import { clinicTerms } from './policies.js';

/**
 * The text the payment history and Requests searches match: patient name, email, phone, the clinic's
 * reference (docs/decisions/0108-clinic-reference.md) and (for a payment) its payment reference,
 * lower-cased and joined by spaces. It is stored, as the generated column `search_text` of payments and
 * payment requests (decision 0070), so a search compares stored text instead of joining and
 * lower-casing every candidate row again.
 */
export function historySearchText(columns: {
  patientName: SQLWrapper;
  patientEmail: SQLWrapper;
  patientPhone: SQLWrapper;
  clinicReference: SQLWrapper;
  paymentRef?: SQLWrapper;
}): SQL {
  const reference = columns.paymentRef === undefined ? sql`` : sql` || ' ' || ${columns.paymentRef}`;
  return sql`lower(${columns.patientName} || ' ' || ${columns.patientEmail} || ' ' || coalesce(${columns.patientPhone}, '') || ' ' || coalesce(${columns.clinicReference}, '')${reference})`;
}

/**
 * The clinic's own reference (an invoice or patient number) on a link, a request and the payment made
 * through it (docs/decisions/0108-clinic-reference.md); null when none was given.
 */
const clinicReference = () => text('clinic_reference');

export const paymentLinks = pgTable(
  'payment_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    amount: integer('amount').notNull(),
    type: linkType('type').notNull().default('deposit'),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Whether the patient must save their card under the clinic's policies in force, consenting to
     * them, to pay (docs/decisions/0092-card-consent.md); requests for the link ask the same.
     */
    requiresCardOnFile: boolean('requires_card_on_file').notNull().default(false),
    /**
     * Pence: the whole treatment's price when `amount` is a deposit towards it, the balance being paid
     * later (docs/decisions/0094-deposits-and-balances.md); null for a link that is the whole price.
     */
    treatmentTotal: integer('treatment_total'),
    /**
     * A "secure your appointment" link (docs/decisions/0095-secure-your-appointment.md): the patient
     * saves their card under the clinic's policies and pays nothing now; `amount` is then the
     * treatment's price, which the policies' maximums are worked out from.
     */
    securesAppointment: boolean('secures_appointment').notNull().default(false),
    /**
     * When the link stops taking payments (docs/decisions/0105-request-and-link-lifetimes.md); null:
     * never. Checked when a payment intent is made and again when its payment is recorded.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** How many payments the link takes in all (0105); null: no limit. */
    maxPayments: integer('max_payments'),
    clinicReference: clinicReference(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('payment_links_amount_positive', sql`${table.amount} > 0`),
    check(
      'payment_links_deposit_below_total',
      sql`${table.treatmentTotal} is null or ${table.treatmentTotal} > ${table.amount}`,
    ),
    check(
      'payment_links_max_payments_positive',
      sql`${table.maxPayments} is null or ${table.maxPayments} > 0`,
    ),
    check(
      'payment_links_secures_with_card_only',
      sql`not ${table.securesAppointment} or (${table.requiresCardOnFile} and ${table.treatmentTotal} is null)`,
    ),
    index('payment_links_clinic_active_created_idx').on(
      table.clinicId,
      table.isActive,
      table.createdAt.desc(),
    ),
  ],
);

export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    /** null for a custom-amount request. */
    paymentLinkId: uuid('payment_link_id').references(() => paymentLinks.id, {
      onDelete: 'restrict',
    }),
    /** null when a link is chosen. */
    customAmount: integer('custom_amount'),
    /**
     * Pence: for a custom-amount request that is a deposit, the treatment's whole price; the balance is
     * paid later (docs/decisions/0094-deposits-and-balances.md). A link's request takes the link's.
     */
    treatmentTotal: integer('treatment_total'),
    /**
     * Whether the patient must save their card under the clinic's policies to pay, asked of this
     * request itself (docs/decisions/0092-card-consent.md); a request for a link that asks it asks too.
     */
    requiresCardOnFile: boolean('requires_card_on_file').notNull().default(false),
    patientName: text('patient_name').notNull(),
    patientEmail: text('patient_email').notNull(),
    /** Digits only, or null. */
    patientPhone: text('patient_phone'),
    /** The clinic's record of the patient (docs/decisions/0089-patients.md). */
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'restrict' }),
    message: text('message'),
    /** The request's reference, or the link's when the request was sent without one (0108). */
    clinicReference: clinicReference(),
    /**
     * The request's own title and type, for a balance request ('Balance: Laser treatment', 'balance');
     * null takes the link's (or the custom request's) as requestTerms says.
     */
    title: text('title'),
    type: linkType('type'),
    /** The deposit whose balance this request asks for (docs/decisions/0094-deposits-and-balances.md). */
    originalPaymentId: uuid('original_payment_id').references((): AnyPgColumn => payments.id, {
      onDelete: 'restrict',
    }),
    status: requestStatus('status').notNull().default('sent'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * When the request stops taking payment (docs/decisions/0105-request-and-link-lifetimes.md); null
     * for requests sent before requests expired.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the clinic cancelled the unpaid request (0105); null while not cancelled. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the patient first opened the payment page (0105); null until then. */
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    /**
     * Whether unpaid, the request is reminded on the clinic's schedule
     * (docs/decisions/0106-request-reminders.md).
     */
    remindersOn: boolean('reminders_on').notNull().default(true),
    /** How many of the clinic's scheduled reminders were sent (0106): the next due is the one after. */
    remindersSent: integer('reminders_sent').notNull().default(0),
    /** When the patient was last reminded, by schedule or by the clinic's Send reminder; null: never. */
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    /**
     * The request's one payment intent ('pi_…'), shared by every tab and attempt (decision 0020); null
     * until the first Pay Now. Unique, so no two requests share one.
     */
    paymentIntentId: text('payment_intent_id').unique(),
    /** historySearchText of the request, kept by PostgreSQL (a stored generated column). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => historySearchText(paymentRequests)),
  },
  (table) => [
    check(
      'payment_requests_link_xor_custom_amount',
      sql`(${table.paymentLinkId} is null) <> (${table.customAmount} is null)`,
    ),
    check(
      'payment_requests_deposit_below_total',
      sql`${table.treatmentTotal} is null or ${table.treatmentTotal} > ${table.customAmount}`,
    ),
    check(
      'payment_requests_custom_amount_positive',
      sql`${table.customAmount} is null or ${table.customAmount} > 0`,
    ),
    // The Requests page, newest first with the id as tie-break, walked without reading the table: the
    // columns every filter and the search test follow the key (docs/decisions/0128-back-office-at-scale.md).
    index('payment_requests_clinic_sent_id_idx').on(
      table.clinicId,
      table.sentAt.desc(),
      table.id.desc(),
      table.status,
      table.cancelledAt,
      table.expiresAt,
      table.viewedAt,
      table.lastRemindedAt,
      table.searchText,
    ),
    // The requests still waiting (not paid, not cancelled) by their last day to pay: the Requests page's
    // open, opened, reminded and expired counts.
    index('payment_requests_clinic_waiting_idx')
      .on(table.clinicId, table.expiresAt, table.viewedAt, table.lastRemindedAt)
      .where(sql`${table.status} = 'sent' and ${table.cancelledAt} is null`),
    // The Requests page's search over every request, paid ones included, counted by trigrams for a term
    // of three letters or more (the history's indexes below hold unpaid requests only).
    index('payment_requests_clinic_all_search_idx').using(
      'gin',
      table.clinicId,
      sql`${table.searchText} gin_trgm_ops`,
    ),
    index('payment_requests_clinic_status_idx').on(table.clinicId, table.status),
    index('payment_requests_patient_sent_idx').on(table.patientId, table.sentAt.desc()),
    index('payment_requests_original_payment_idx').on(table.originalPaymentId),
    // The reminder sweep reads only requests still waiting to be paid (0106).
    index('payment_requests_awaiting_reminder_idx')
      .on(table.sentAt)
      .where(sql`${table.status} = 'sent' and ${table.cancelledAt} is null and ${table.remindersOn}`),
    // The history's unpaid requests, newest first, with the id as tie-break (keyset export, deep pages).
    index('payment_requests_clinic_unpaid_sent_id_idx')
      .on(table.clinicId, table.sentAt.desc(), table.id.desc())
      .where(sql`${table.paidAt} is null`),
    // The history search over unpaid requests: the clinic (btree_gin) and the trigrams (pg_trgm) of the
    // search text in one GIN index, so a search reads only the clinic's matches ...
    index('payment_requests_clinic_unpaid_search_idx')
      .using('gin', table.clinicId, sql`${table.searchText} gin_trgm_ops`)
      .where(sql`${table.paidAt} is null`),
    // ... and, for a term too short for trigrams, the clinic's search texts in one narrow index to scan.
    index('payment_requests_clinic_unpaid_search_text_idx')
      .on(table.clinicId, table.searchText)
      .where(sql`${table.paidAt} is null`),
  ],
);

/**
 * Each clinic's payment requests counted (docs/decisions/0128-back-office-at-scale.md): all of them, the
 * paid ones and the cancelled ones (unpaid with a cancellation), kept by a trigger on payment_requests
 * (migration 0039), so the Requests page's pager reads one row for those instead of counting the
 * clinic's requests on every page.
 */
export const paymentRequestCounts = pgTable('payment_request_counts', {
  clinicId: uuid('clinic_id')
    .primaryKey()
    .references(() => clinics.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
  paid: integer('paid').notNull().default(0),
  cancelled: integer('cancelled').notNull().default(0),
});

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'restrict' }),
    paymentLinkId: uuid('payment_link_id').references(() => paymentLinks.id, {
      onDelete: 'restrict',
    }),
    paymentRequestId: uuid('payment_request_id').references(() => paymentRequests.id, {
      onDelete: 'restrict',
    }),
    patientName: text('patient_name').notNull(),
    patientEmail: text('patient_email').notNull(),
    patientPhone: text('patient_phone'),
    /** The clinic's record of the patient; null when the payment carried no email. */
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'restrict' }),
    amountPaid: integer('amount_paid').notNull(),
    /** The application fee taken by the platform, in pence. */
    platformFee: integer('platform_fee').notNull(),
    /** The card processing fee in pence; null until the provider reports it. */
    stripeFee: integer('stripe_fee'),
    refundAmount: integer('refund_amount').notNull().default(0),
    /** amount_paid − platform_fee: what the clinic receives. */
    netAmount: integer('net_amount').notNull(),
    status: paymentStatus('status').notNull(),
    /** The latest dispute's state; null when never disputed. Written by the disputes module. */
    disputeStatus: paymentDisputeStatus('dispute_status'),
    /** The IP address the patient paid from (the intent's payer_ip metadata), kept as dispute evidence. */
    payerIp: text('payer_ip'),
    /**
     * The version of the clinic's payment terms the payer accepted at Pay Now, and when
     * (docs/decisions/0107-payment-terms.md); null when the clinic had none.
     */
    termsId: uuid('terms_id').references(() => clinicTerms.id, { onDelete: 'restrict' }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /**
     * The card that paid, as the charge's payment_method_details.card names it
     * (docs.stripe.com/api/charges/object): brand ('visa', 'mastercard', …) and last 4 digits; null
     * for payments recorded before they were kept.
     */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /**
     * The 3-D Secure result (payment_method_details.card.three_d_secure.result: 'authenticated',
     * 'attempt_acknowledged', …); null when the payment was not authenticated with 3-D Secure.
     */
    threeDSecure: text('three_d_secure'),
    type: linkType('type').notNull(),
    /** What the payment was for: the link title, or 'Custom Payment Request'. */
    title: text('title').notNull(),
    /**
     * Pence: the whole treatment's price when this payment is a deposit towards it; the balance due is
     * this less the deposit and the balance payments made (docs/decisions/0094-deposits-and-balances.md).
     */
    treatmentTotal: integer('treatment_total'),
    /**
     * The payment this one follows from: the deposit a balance pays, or the appointment a no-show or
     * late cancellation fee is charged for.
     */
    originalPaymentId: uuid('original_payment_id').references((): AnyPgColumn => payments.id, {
      onDelete: 'restrict',
    }),
    /** Human-readable unique reference shown to patient and clinic. */
    paymentRef: text('payment_ref').notNull().unique(),
    /** The clinic's reference of the request or link paid (0108), from the intent's metadata. */
    clinicReference: clinicReference(),
    /** The provider's payment intent id, e.g. 'pi_…'. */
    stripePaymentId: text('stripe_payment_id').notNull().unique(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** historySearchText of the payment, kept by PostgreSQL (a stored generated column). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => historySearchText(payments)),
  },
  (table) => [
    check('payments_amount_positive', sql`${table.amountPaid} > 0`),
    check(
      'payments_platform_fee_within_amount',
      sql`${table.platformFee} >= 0 and ${table.platformFee} <= ${table.amountPaid}`,
    ),
    check('payments_stripe_fee_not_negative', sql`${table.stripeFee} is null or ${table.stripeFee} >= 0`),
    check(
      'payments_refund_within_amount',
      sql`${table.refundAmount} >= 0 and ${table.refundAmount} <= ${table.amountPaid}`,
    ),
    // The history, newest first, with the id as tie-break: the list's pages, the CSV's keyset batches
    // and the stats' month range all walk this index.
    index('payments_clinic_paid_at_id_idx').on(table.clinicId, table.paidAt.desc(), table.id.desc()),
    index('payments_clinic_status_idx').on(table.clinicId, table.status),
    index('payments_patient_paid_at_idx').on(table.patientId, table.paidAt.desc()),
    index('payments_link_idx').on(table.paymentLinkId),
    index('payments_original_payment_idx').on(table.originalPaymentId),
    index('payments_status_paid_at_idx').on(table.status, table.paidAt),
    // Every payment of a request, however many were made (decision 0051: never lose one) ...
    index('payments_request_idx').on(table.paymentRequestId),
    // ... but at most one that counts as the clinic's (decision 0020): a second one is recorded as
    // pending and refunded automatically.
    uniqueIndex('payments_request_live_idx')
      .on(table.paymentRequestId)
      .where(sql`${table.status} in ('paid', 'partially_refunded')`),
    // The history search: the clinic (btree_gin) and the trigrams (pg_trgm) of the search text in one
    // GIN index, so '%smith%' reads the clinic's matches instead of every row of the clinic ...
    index('payments_clinic_search_idx').using('gin', table.clinicId, sql`${table.searchText} gin_trgm_ops`),
    // ... and, for a term too short for trigrams ('sm'), the clinic's search texts in one narrow index,
    // scanned without reading the table (decision 0070).
    index('payments_clinic_search_text_idx').on(table.clinicId, table.searchText),
  ],
);

/** One row per refund; several partial refunds may add up to the amount paid, never more. */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    status: refundStatus('status').notNull().default('pending'),
    /** Sent to the provider as the Idempotency-Key, e.g. 'refund:<id>'. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    providerRefundId: text('provider_refund_id').unique(),
    /**
     * Why the clinic refunded, as Stripe's refund reasons name it (docs.stripe.com/api/refunds/create):
     * requested_by_customer, duplicate or fraudulent; null when none was given.
     */
    reason: text('reason'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('refunds_amount_positive', sql`${table.amount} > 0`),
    check(
      'refunds_reason_known',
      sql`${table.reason} is null or ${table.reason} in ('requested_by_customer', 'duplicate', 'fraudulent')`,
    ),
    index('refunds_payment_idx').on(table.paymentId),
    index('refunds_clinic_created_idx').on(table.clinicId, table.createdAt),
  ],
);

/**
 * Declined attempts to pay on a payment page (docs/decisions/0101-failed-attempts.md): one row per
 * payment_intent.payment_failed event, with the patient, the amount and why the card was refused, as
 * the provider said it. Never a payment: no figure counts them.
 */
export const failedPaymentAttempts = pgTable(
  'failed_payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    /** The provider's event: each is recorded once. */
    providerEventId: text('provider_event_id').notNull().unique(),
    paymentIntentId: text('payment_intent_id').notNull(),
    paymentLinkId: uuid('payment_link_id').references(() => paymentLinks.id, { onDelete: 'set null' }),
    paymentRequestId: uuid('payment_request_id').references(() => paymentRequests.id, {
      onDelete: 'set null',
    }),
    patientName: text('patient_name').notNull(),
    patientEmail: text('patient_email').notNull(),
    patientPhone: text('patient_phone'),
    /** Pence. */
    amount: integer('amount').notNull(),
    type: linkType('type').notNull(),
    title: text('title').notNull(),
    /** Stripe's error code ('card_declined', 'expired_card', …) and the bank's decline_code, if any. */
    failureCode: text('failure_code').notNull(),
    declineCode: text('decline_code'),
    failureMessage: text('failure_message').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('failed_payment_attempts_clinic_idx').on(table.clinicId, table.failedAt, table.id)],
);
