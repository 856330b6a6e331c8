/**
 * Disputes, their evidence and early fraud warnings (docs/decisions/0086-disputes.md). Amounts in
 * pence. A dispute row mirrors the provider's dispute (re-read on each of its events) and records what
 * ClinicPay did about the money: the transfer reversal when the funds were withdrawn and the new
 * transfer when they were reinstated.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clinics } from './clinics.js';
import { payments } from './payments.js';

/** PostgreSQL's bytea, read and written as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    /** The provider's dispute id, 'dp_…'. */
    providerDisputeId: text('provider_dispute_id').notNull().unique(),
    /** The disputed amount. */
    amount: integer('amount').notNull(),
    /** Stripe's reason, e.g. 'fraudulent'. */
    reason: text('reason').notNull(),
    /** Stripe's status (DISPUTE_STATUSES in packages/shared). */
    status: text('status').notNull(),
    evidenceDueBy: timestamp('evidence_due_by', { withTimezone: true }),
    /** The provider's dispute fee, net of any fee it returned. */
    fee: integer('fee').notNull().default(0),
    /**
     * The provider's is_charge_refundable: the payment may still be refunded while the dispute is open
     * (an inquiry's may, a chargeback's may not).
     */
    chargeRefundable: boolean('charge_refundable').notNull().default(false),
    /** What the provider withdrew from the platform, and reinstated, for this dispute. */
    fundsWithdrawn: integer('funds_withdrawn').notNull().default(0),
    fundsReinstated: integer('funds_reinstated').notNull().default(0),
    /** The reversal of the clinic's transfer ('trr_…') and what it took back. */
    transferReversalId: text('transfer_reversal_id'),
    reversedAmount: integer('reversed_amount').notNull().default(0),
    /** The transfer that paid the clinic back when the funds were reinstated ('tr_…'). */
    reinstatementTransferId: text('reinstatement_transfer_id'),
    reinstatedAmount: integer('reinstated_amount').notNull().default(0),
    /** The clinic's explanation: a draft until submitted. */
    evidenceText: text('evidence_text').notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /**
     * The provider's submission_count when an inquiry became a chargeback (0 otherwise): evidence
     * counts as submitted outside ClinicPay only once the count goes above it.
     */
    submissionsBeforeChargeback: integer('submissions_before_chargeback').notNull().default(0),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('disputes_amount_positive', sql`${table.amount} > 0`),
    index('disputes_clinic_created_idx').on(table.clinicId, table.createdAt.desc()),
    index('disputes_payment_idx').on(table.paymentId, table.createdAt.desc()),
    index('disputes_open_due_idx').on(table.evidenceDueBy).where(sql`${table.closedAt} is null`),
  ],
);

/** The clinic's evidence files, one per kind (Stripe's evidence file fields), kept until submitted. */
export const disputeEvidenceFiles = pgTable(
  'dispute_evidence_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    /** EVIDENCE_FILE_KINDS in packages/shared, e.g. 'receipt'. */
    kind: text('kind').notNull(),
    filename: text('filename').notNull(),
    /** application/pdf, image/png or image/jpeg, as read from the content. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    /** The provider's file id once uploaded ('file_…'). */
    providerFileId: text('provider_file_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('dispute_evidence_files_dispute_kind_idx').on(table.disputeId, table.kind)],
);

/** Early fraud warnings on clinics' payments (docs.stripe.com/api/radar/early_fraud_warnings/object). */
export const fraudWarnings = pgTable(
  'fraud_warnings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    /** 'issfr_…'. */
    providerWarningId: text('provider_warning_id').notNull().unique(),
    fraudType: text('fraud_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the warning needed nothing more: on arrival (not actionable, or its payment already refunded
     * in full or disputed), or when its payment was disputed. A warning whose payment has nothing left
     * to refund is not shown either way (docs/decisions/0086-disputes.md).
     */
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (table) => [index('fraud_warnings_clinic_idx').on(table.clinicId, table.createdAt.desc())],
);
