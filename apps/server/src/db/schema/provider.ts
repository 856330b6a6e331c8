import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clinics } from './clinics.js';

/** One row per provider event processed; the primary key makes processing happen once. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  endpoint: text('endpoint').notNull(),
  type: text('type').notNull(),
  /** When the provider created the event. */
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  payload: jsonb('payload').notNull(),
});

export const sandboxAccounts = pgTable('sandbox_accounts', {
  id: text('id').primaryKey(),
  clinicId: uuid('clinic_id').references(() => clinics.id, { onDelete: 'set null' }),
  email: text('email'),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  /** Stripe's capability statuses: inactive, pending or active. */
  cardPaymentsCapability: text('card_payments_capability').notNull().default('inactive'),
  transfersCapability: text('transfers_capability').notNull().default('inactive'),
  /** Stripe's requirements: what is due now, what is past due, by when, and why the account is disabled. */
  currentlyDue: jsonb('currently_due').$type<string[]>().notNull().default([]),
  pastDue: jsonb('past_due').$type<string[]>().notNull().default([]),
  currentDeadline: timestamp('current_deadline', { withTimezone: true }),
  disabledReason: text('disabled_reason'),
  /** The failure code the account's next payout fails with (the payouts page's "Fail the next payout"). */
  failNextPayout: text('fail_next_payout'),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  /** The create request's parameters, compared when its idempotency key is used again. */
  requestFingerprint: text('request_fingerprint').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox's payment intents, with Stripe's statuses. */
export const sandboxPaymentIntents = pgTable('sandbox_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  amount: integer('amount').notNull(),
  applicationFeeAmount: integer('application_fee_amount').notNull(),
  destinationAccountId: text('destination_account_id').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  /** statement_descriptor_suffix: the clinic's part of the patient's card statement. */
  statementDescriptorSuffix: text('statement_descriptor_suffix'),
  status: text('status').notNull().default('requires_payment_method'),
  /** The card processing fee in pence, set when a card pays. */
  cardFee: integer('card_fee'),
  /** The test card being confirmed or that paid: its country decides the fee. */
  cardCountry: text('card_country'),
  cardLast4: text('card_last4'),
  /** The test card's brand ('visa', 'mastercard', …). */
  cardBrand: text('card_brand'),
  /** three_d_secure.result once the patient passed the sandbox's 3-D Secure page: 'authenticated'. */
  threeDSecure: text('three_d_secure'),
  /** Stripe's last_payment_error: code, decline_code, message. */
  lastPaymentError: jsonb('last_payment_error').$type<Record<string, string>>(),
  refundedAmount: integer('refunded_amount').notNull().default(0),
  /** Paid with Stripe's 4000 0000 0000 5126: its refunds succeed, then fail later. */
  refundsFailLater: boolean('refunds_fail_later').notNull().default(false),
  /** Paid with Stripe's 4000 0000 0000 0077: its funds skip the pending balance. */
  fundsAvailableAtOnce: boolean('funds_available_at_once').notNull().default(false),
  /** The Customer the intent is for (customer), if any. */
  customerId: text('customer_id'),
  /** The card confirmed on the intent (payment_method): a sandbox payment method's id. */
  paymentMethodId: text('payment_method_id'),
  /** setup_future_usage 'off_session': the card is attached to the Customer when the payment succeeds. */
  savesCard: boolean('saves_card').notNull().default(false),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  /** The create request's parameters, compared when its idempotency key is used again. */
  requestFingerprint: text('request_fingerprint').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  paymentIntentId: text('payment_intent_id')
    .notNull()
    .references(() => sandboxPaymentIntents.id),
  amount: integer('amount').notNull(),
  /** Stripe's refund statuses: succeeded, or failed when the sandbox is told the refund failed later. */
  status: text('status').notNull().default('succeeded'),
  /** What the refund's creator attached, e.g. ClinicPay's refund id; empty for a dashboard refund. */
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  /** Stripe's failure_reason once failed, e.g. 'expired_or_canceled_card'. */
  failureReason: text('failure_reason'),
  /** The reason given at creation: requested_by_customer, duplicate or fraudulent. */
  reason: text('reason'),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox's Customers (docs.stripe.com/api/customers/object): what saved cards belong to. */
export const sandboxCustomers = pgTable('sandbox_customers', {
  id: text('id').primaryKey(),
  email: text('email'),
  name: text('name'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  requestFingerprint: text('request_fingerprint').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox's card payment methods (docs.stripe.com/api/payment_methods/object), made when a test
 * card is confirmed on an intent. The test card's number is kept (never a real card: the sandbox takes
 * test cards only) so later off-session charges behave as Stripe's test card does.
 */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  /** The Customer it is attached to; null before it is attached and once detached. */
  customerId: text('customer_id'),
  testCardNumber: text('test_card_number').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  country: text('country').notNull(),
  /** Set once detached: a detached card can never be used again. */
  detachedAt: timestamp('detached_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox's SetupIntents (docs.stripe.com/api/setup_intents/object), with Stripe's statuses. */
export const sandboxSetupIntents = pgTable('sandbox_setup_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  customerId: text('customer_id').notNull(),
  status: text('status').notNull().default('requires_payment_method'),
  paymentMethodId: text('payment_method_id'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  /** Stripe's last_setup_error: code, decline_code, message. */
  lastSetupError: jsonb('last_setup_error').$type<Record<string, string>>(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  requestFingerprint: text('request_fingerprint').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Events the sandbox owes the webhook endpoints: each is delivered by a sandbox.deliver-event job,
 * retried until acknowledged; the row records the attempts.
 */
export const sandboxEvents = pgTable('sandbox_events', {
  id: text('id').primaryKey(),
  endpoint: text('endpoint').notNull(),
  payload: text('payload').notNull(),
  attempts: integer('attempts').notNull().default(0),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox's disputes (docs.stripe.com/api/disputes/object): made by Stripe's dispute test cards,
 * answered with evidence, and won or lost on the sandbox's dispute page. Amounts in pence.
 */
export const sandboxDisputes = pgTable('sandbox_disputes', {
  id: text('id').primaryKey(),
  paymentIntentId: text('payment_intent_id')
    .notNull()
    .references(() => sandboxPaymentIntents.id),
  amount: integer('amount').notNull(),
  reason: text('reason').notNull(),
  /** Stripe's dispute statuses, e.g. needs_response, under_review, won. */
  status: text('status').notNull(),
  /** The evidence sent so far, in Stripe's field names. */
  evidence: jsonb('evidence').$type<Record<string, string>>().notNull().default({}),
  submissionCount: integer('submission_count').notNull().default(0),
  dueBy: timestamp('due_by', { withTimezone: true }).notNull(),
  /** The funds withdrawn from the platform (positive) and reinstated, and the dispute fee. */
  fundsWithdrawn: integer('funds_withdrawn').notNull().default(0),
  fundsReinstated: integer('funds_reinstated').notNull().default(0),
  fee: integer('fee').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Files uploaded to the sandbox (docs.stripe.com/api/files/object); their content is not kept. */
export const sandboxFiles = pgTable('sandbox_files', {
  id: text('id').primaryKey(),
  purpose: text('purpose').notNull(),
  filename: text('filename').notNull(),
  type: text('type').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Money the sandbox moved between the platform and a connected account besides a destination charge's
 * own transfer: transfer reversals (kind 'reversal', 'trr_…') and new transfers (kind 'transfer',
 * 'tr_…'), each once per idempotency key. Amounts in pence, positive.
 */
export const sandboxTransfers = pgTable('sandbox_transfers', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  paymentIntentId: text('payment_intent_id')
    .notNull()
    .references(() => sandboxPaymentIntents.id),
  destinationAccountId: text('destination_account_id').notNull(),
  amount: integer('amount').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox's early fraud warnings (docs.stripe.com/api/radar/early_fraud_warnings/object). */
export const sandboxEarlyFraudWarnings = pgTable('sandbox_early_fraud_warnings', {
  id: text('id').primaryKey(),
  paymentIntentId: text('payment_intent_id')
    .notNull()
    .references(() => sandboxPaymentIntents.id),
  fraudType: text('fraud_type').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox's payouts from connected accounts to their banks (docs.stripe.com/api/payouts/object):
 * the whole available balance, paid out daily or from the payouts page; in transit until their arrival
 * date, then paid, or failed with a failure code (the money returns to the balance). Pence.
 */
export const sandboxPayouts = pgTable(
  'sandbox_payouts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    amount: integer('amount').notNull(),
    /** Stripe's payout statuses: in_transit, then paid or failed. */
    status: text('status').notNull().default('in_transit'),
    arrivalDate: timestamp('arrival_date', { withTimezone: true }).notNull(),
    /** The failure code the payout will fail with at its arrival date, or null: it will be paid. */
    failsWith: text('fails_with'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_payouts_account_idx').on(table.accountId, table.createdAt)],
);

/**
 * The balance transactions of the sandbox's connected accounts (docs.stripe.com/api/balance_transactions/object),
 * each recorded in the transaction of what caused it: a destination charge's transfer (payment), a
 * refund's or dispute's transfer reversal (payment_refund), a further transfer (payment), a payout
 * (payout) and a failed payout's money returned (payout_failure). Pence; net = amount − fee.
 */
export const sandboxBalanceTransactions = pgTable(
  'sandbox_balance_transactions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    /** Stripe's type: payment, payment_refund, payout or payout_failure. */
    type: text('type').notNull(),
    /** What caused it (gateway.ts BalanceTransactionOrigin): charge, refund, transfer_reversal, … */
    origin: text('origin').notNull(),
    amount: integer('amount').notNull(),
    fee: integer('fee').notNull().default(0),
    net: integer('net').notNull(),
    description: text('description'),
    /** The object that caused it on the account: 'py_…', 'pyr_…' or 'po_…'. */
    sourceId: text('source_id').notNull(),
    /** The platform payment intent it comes from; null for payouts. */
    paymentIntentId: text('payment_intent_id').references(() => sandboxPaymentIntents.id),
    /** The payout it was paid out in (a payout's own transactions included); null while unpaid. */
    payoutId: text('payout_id').references(() => sandboxPayouts.id),
    /** When its funds become available; pending until then. */
    availableOn: timestamp('available_on', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sandbox_balance_transactions_account_idx').on(table.accountId, table.payoutId),
    index('sandbox_balance_transactions_payout_idx').on(table.payoutId),
  ],
);
