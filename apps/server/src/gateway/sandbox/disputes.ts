/**
 * The sandbox's disputes, early fraud warnings, evidence files and transfers, as Stripe runs them for
 * a platform's destination charges (docs.stripe.com/disputes, /connect/destination-charges):
 * - Stripe's test cards (docs.stripe.com/testing#disputes): 4000 0000 0000 0259 is disputed as
 *   fraudulent and 4000 0000 0000 2685 as not received, the funds withdrawn with the dispute fee;
 *   4000 0000 0000 1976 becomes an inquiry (no funds move); 4000 0000 0000 5423 gets an early fraud
 *   warning;
 * - evidence is saved and submitted with disputes.update; test evidence text 'winning_evidence' or
 *   'losing_evidence' closes the dispute won or lost at once, as Stripe's test mode does, and the
 *   sandbox's dispute page (/sandbox/disputes) wins or loses any open one;
 * - a won chargeback gives the funds back (funds_reinstated); the dispute fee stays taken;
 * - transfer reversals are capped at what is left of the charge's transfer, new transfers add to it;
 *   each is a balance transaction on the connected account (balance.ts): a reversal a payment_refund,
 *   a new transfer a payment.
 * Every amount is pence. Each change stores its events and balance transactions in the same transaction.
 */
import { DISPUTE_FEE } from '@clinicpay/shared';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import {
  sandboxDisputes,
  sandboxEarlyFraudWarnings,
  sandboxFiles,
  sandboxPaymentIntents,
  sandboxTransfers,
} from '../../db/schema/index.js';
import { defineJob, type JobQueue } from '../../jobs/index.js';
import {
  type Dispute,
  type DisputeEvidence,
  type EarlyFraudWarning,
  evidenceTextFields,
  GatewayError,
  isEvidenceFileField,
  noSuchResource,
} from '../gateway.js';
import { reversedByRefunds, type SandboxBalance } from './balance.js';
import type { SandboxEvents } from './events.js';
import { sandboxId } from './ids.js';

type SandboxDisputeRow = typeof sandboxDisputes.$inferSelect;
type SandboxIntentRow = typeof sandboxPaymentIntents.$inferSelect;

/** What happens after a test card pays (docs.stripe.com/testing#disputes). */
export type AfterPayment = 'dispute_fraudulent' | 'dispute_not_received' | 'inquiry' | 'early_fraud_warning';

/** How long a sandbox dispute gives for evidence: Stripe's are usually 7 to 21 days. */
export const EVIDENCE_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;
const chargeIdOf = (paymentIntentId: string) => `ch_${paymentIntentId.slice(3)}`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The dispute's balance transactions on the platform: the withdrawal (with the fee), then any reinstatement. */
function balanceTransactions(row: SandboxDisputeRow) {
  const list = [];
  if (row.fundsWithdrawn > 0)
    list.push({
      id: `txn_${row.id.slice(3)}_w`,
      object: 'balance_transaction',
      amount: -row.fundsWithdrawn,
      fee: row.fee,
      net: -row.fundsWithdrawn - row.fee,
      currency: 'gbp',
      type: 'adjustment',
      reporting_category: 'dispute',
    });
  if (row.fundsReinstated > 0)
    list.push({
      id: `txn_${row.id.slice(3)}_r`,
      object: 'balance_transaction',
      amount: row.fundsReinstated,
      fee: 0,
      net: row.fundsReinstated,
      currency: 'gbp',
      type: 'adjustment',
      reporting_category: 'dispute_reversal',
    });
  return list;
}

/**
 * Whether the disputed payment can still be refunded (the dispute's is_charge_refundable): during an
 * inquiry, and after a chargeback was won; not while a chargeback is open or once it was lost, when
 * the bank has taken the money back already (docs.stripe.com/api/disputes/object).
 */
function chargeRefundable(row: Pick<SandboxDisputeRow, 'status'>): boolean {
  return row.status.startsWith('warning_') || row.status === 'won';
}

/**
 * Refuses a refund of a payment whose dispute holds it, as Stripe does (error code charge_disputed,
 * docs.stripe.com/error-codes#charge-disputed). Called with the payment intent's row locked.
 */
export async function refuseRefundOfDisputed(tx: Tx, paymentIntentId: string): Promise<void> {
  const rows = await tx
    .select({ status: sandboxDisputes.status })
    .from(sandboxDisputes)
    .where(eq(sandboxDisputes.paymentIntentId, paymentIntentId));
  if (rows.some((row) => !chargeRefundable(row)))
    throw new GatewayError(
      `Charge ${chargeIdOf(paymentIntentId)} has been charged back; cannot issue a refund.`,
      'charge_disputed',
    );
}

/** The dispute as Stripe's API and events show it (docs.stripe.com/api/disputes/object). */
export function disputeObject(row: SandboxDisputeRow) {
  return {
    id: row.id,
    object: 'dispute',
    amount: row.amount,
    balance_transactions: balanceTransactions(row),
    charge: chargeIdOf(row.paymentIntentId),
    created: seconds(row.createdAt),
    currency: 'gbp',
    evidence: row.evidence,
    evidence_details: {
      due_by: seconds(row.dueBy),
      has_evidence: Object.keys(row.evidence).length > 0,
      past_due: row.dueBy.getTime() < Date.now(),
      submission_count: row.submissionCount,
    },
    is_charge_refundable: chargeRefundable(row),
    livemode: false,
    metadata: {},
    payment_intent: row.paymentIntentId,
    reason: row.reason,
    status: row.status,
  };
}

function toDispute(row: SandboxDisputeRow): Dispute {
  return {
    id: row.id,
    amount: row.amount,
    reason: row.reason,
    status: row.status,
    paymentIntentId: row.paymentIntentId,
    chargeId: chargeIdOf(row.paymentIntentId),
    evidenceDueBy: row.dueBy,
    submissionCount: row.submissionCount,
    fundsWithdrawn: row.fundsWithdrawn,
    fundsReinstated: row.fundsReinstated,
    fee: row.fee,
    chargeRefundable: chargeRefundable(row),
  };
}

/** Stripe's evidence fields, snake_case, from what the gateway is given: text, then file ids. */
function evidenceFields(evidence: DisputeEvidence): Record<string, string> {
  const files = Object.entries(evidence.files ?? {}).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return { ...evidenceTextFields(evidence), ...Object.fromEntries(files) };
}

/**
 * What is left of a destination charge's transfer to its connected account: the transfer
 * (amount − application fee), less what its refunds reversed (reverse_transfer reverses in proportion
 * to the amount refunded: docs.stripe.com/api/refunds/create#create_refund-reverse_transfer), less
 * reversals, plus new transfers for the charge.
 */
async function transferLeft(tx: Tx, intent: SandboxIntentRow): Promise<number> {
  const transfer = intent.amount - intent.applicationFeeAmount;
  const byRefunds = reversedByRefunds(intent, intent.refundedAmount);
  const [moved] = await tx
    .select({
      reversed: sql<number>`coalesce(sum(${sandboxTransfers.amount}) filter (where ${sandboxTransfers.kind} = 'reversal'), 0)::int`,
      added: sql<number>`coalesce(sum(${sandboxTransfers.amount}) filter (where ${sandboxTransfers.kind} = 'transfer'), 0)::int`,
    })
    .from(sandboxTransfers)
    .where(eq(sandboxTransfers.paymentIntentId, intent.id));
  return transfer - byRefunds - (moved?.reversed ?? 0) + (moved?.added ?? 0);
}

/** The warning as Stripe's API and events show it (docs.stripe.com/api/radar/early_fraud_warnings/object). */
function warningObject(row: typeof sandboxEarlyFraudWarnings.$inferSelect, intent: SandboxIntentRow) {
  return {
    id: row.id,
    object: 'radar.early_fraud_warning',
    actionable: intent.refundedAmount < intent.amount,
    charge: chargeIdOf(row.paymentIntentId),
    created: seconds(row.createdAt),
    fraud_type: row.fraudType,
    livemode: false,
    payment_intent: row.paymentIntentId,
  };
}

/**
 * Raises what a dispute or fraud-warning test card does, a few seconds after it paid (Stripe's come
 * later still): by then the payment's own events have been delivered.
 */
export const sandboxAfterPayment = defineJob({
  name: 'sandbox.after-payment',
  schema: z.object({
    paymentIntentId: z.string().min(1).max(100),
    what: z.enum(['dispute_fraudulent', 'dispute_not_received', 'inquiry', 'early_fraud_warning']),
  }),
  retryLimit: 5,
  retryDelaySeconds: 2,
});

/** Seconds between a test card's payment and its dispute or early fraud warning. */
export const AFTER_PAYMENT_SECONDS = 3;

export function createSandboxDisputes(options: {
  db: Db;
  events: SandboxEvents;
  /** Records each reversal and transfer on the connected account's balance. */
  balance: Pick<SandboxBalance, 'recordTransfer'>;
  /** Raises each test card's dispute or warning a little after its payment (sandboxAfterPayment). */
  jobs: JobQueue;
}) {
  const { db, events, balance, jobs } = options;

  async function lockDispute(tx: Tx, disputeId: string): Promise<SandboxDisputeRow> {
    const [row] = await tx
      .select()
      .from(sandboxDisputes)
      .where(eq(sandboxDisputes.id, disputeId))
      .for('update');
    if (!row) throw noSuchResource('dispute', disputeId);
    return row;
  }

  async function save(tx: Tx, id: string, changes: Partial<SandboxDisputeRow>): Promise<SandboxDisputeRow> {
    const [row] = await tx.update(sandboxDisputes).set(changes).where(eq(sandboxDisputes.id, id)).returning();
    if (!row) throw noSuchResource('dispute', id);
    return row;
  }

  /**
   * A chargeback's funds leave the platform with the dispute fee: charge.dispute.funds_withdrawn. At
   * most what refunds left of the payment is withdrawn, and nothing once it was refunded in full (an
   * inquiry's payment may be refunded before the bank escalates it: is_charge_refundable).
   */
  async function withdraw(tx: Tx, row: SandboxDisputeRow): Promise<SandboxDisputeRow> {
    const [intent] = await tx
      .select({ amount: sandboxPaymentIntents.amount, refundedAmount: sandboxPaymentIntents.refundedAmount })
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, row.paymentIntentId))
      .for('update');
    const amount = Math.min(row.amount, intent ? intent.amount - intent.refundedAmount : row.amount);
    if (amount <= 0) return row;
    const withdrawn = await save(tx, row.id, { fundsWithdrawn: amount, fee: DISPUTE_FEE.pence });
    await events.emit('platform', 'charge.dispute.funds_withdrawn', disputeObject(withdrawn), undefined, tx);
    return withdrawn;
  }

  /**
   * Closes an open dispute as the bank decides: won gives a chargeback's funds back
   * (charge.dispute.funds_reinstated) or closes an inquiry (warning_closed); lost keeps the funds, and
   * turns an inquiry into a chargeback with its funds withdrawn (what refunds left of them), as a bank
   * escalating it would.
   */
  async function decide(tx: Tx, row: SandboxDisputeRow, outcome: 'won' | 'lost'): Promise<SandboxDisputeRow> {
    const inquiry = row.status.startsWith('warning_');
    if (['won', 'lost', 'warning_closed'].includes(row.status))
      throw new GatewayError('This dispute is already closed.', 'dispute_already_closed');
    if (inquiry && outcome === 'lost') {
      // The inquiry's submissions stay counted: whether Stripe starts the count again is not
      // documented, and ClinicPay must let the clinic answer the chargeback either way.
      const escalated = await save(tx, row.id, {
        status: 'needs_response',
        dueBy: new Date(Date.now() + EVIDENCE_DAYS * DAY_MS),
      });
      await events.emit('platform', 'charge.dispute.updated', disputeObject(escalated), undefined, tx);
      return withdraw(tx, escalated);
    }
    const status = inquiry ? 'warning_closed' : outcome;
    const closed = await save(tx, row.id, {
      status,
      ...(status === 'won' ? { fundsReinstated: row.fundsWithdrawn } : {}),
    });
    await events.emit('platform', 'charge.dispute.closed', disputeObject(closed), undefined, tx);
    if (status === 'won' && closed.fundsReinstated > 0)
      await events.emit('platform', 'charge.dispute.funds_reinstated', disputeObject(closed), undefined, tx);
    return closed;
  }

  /**
   * A test card's dispute (with its funds withdrawn, unless an inquiry) or early fraud warning, with
   * its events; once per payment, however often the job runs.
   */
  async function raise(tx: Tx, intent: SandboxIntentRow, what: AfterPayment): Promise<void> {
    const [disputed] = await tx
      .select({ id: sandboxDisputes.id })
      .from(sandboxDisputes)
      .where(eq(sandboxDisputes.paymentIntentId, intent.id));
    const [warned] = await tx
      .select({ id: sandboxEarlyFraudWarnings.id })
      .from(sandboxEarlyFraudWarnings)
      .where(eq(sandboxEarlyFraudWarnings.paymentIntentId, intent.id));
    if (disputed || warned) return;
    if (what === 'early_fraud_warning') {
      const [warning] = await tx
        .insert(sandboxEarlyFraudWarnings)
        .values({ id: sandboxId('issfr'), paymentIntentId: intent.id, fraudType: 'made_with_stolen_card' })
        .returning();
      if (warning)
        await events.emit(
          'platform',
          'radar.early_fraud_warning.created',
          warningObject(warning, intent),
          undefined,
          tx,
        );
      return;
    }
    const inquiry = what === 'inquiry';
    const [created] = await tx
      .insert(sandboxDisputes)
      .values({
        id: sandboxId('dp'),
        paymentIntentId: intent.id,
        amount: intent.amount,
        reason: what === 'dispute_not_received' ? 'product_not_received' : inquiry ? 'general' : 'fraudulent',
        status: inquiry ? 'warning_needs_response' : 'needs_response',
        dueBy: new Date(Date.now() + EVIDENCE_DAYS * DAY_MS),
      })
      .returning();
    if (!created) return;
    await events.emit('platform', 'charge.dispute.created', disputeObject(created), undefined, tx);
    if (!inquiry) await withdraw(tx, created);
  }

  jobs.register(sandboxAfterPayment, async ({ paymentIntentId, what }) => {
    await db.transaction(async (tx) => {
      const [intent] = await tx
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.id, paymentIntentId))
        .for('update');
      if (intent?.status === 'succeeded') await raise(tx, intent, what);
    });
    events.deliverSoon();
  });

  return {
    /**
     * What a test card does after it paid, scheduled in the payment's transaction: its dispute or
     * early fraud warning follows AFTER_PAYMENT_SECONDS later (sandboxAfterPayment).
     */
    async afterPayment(tx: Tx, intent: SandboxIntentRow, what: AfterPayment): Promise<void> {
      await jobs.send(
        sandboxAfterPayment,
        { paymentIntentId: intent.id, what },
        { tx, startAfter: new Date(Date.now() + AFTER_PAYMENT_SECONDS * 1000) },
      );
    },

    async retrieve(disputeId: string): Promise<Dispute> {
      const [row] = await db.select().from(sandboxDisputes).where(eq(sandboxDisputes.id, disputeId));
      if (!row) throw noSuchResource('dispute', disputeId);
      return toDispute(row);
    },

    /** Every sandbox dispute, newest first, with its payer's email, for the sandbox's dispute page. */
    list: async () =>
      (
        await db
          .select({ dispute: sandboxDisputes, metadata: sandboxPaymentIntents.metadata })
          .from(sandboxDisputes)
          .innerJoin(sandboxPaymentIntents, eq(sandboxPaymentIntents.id, sandboxDisputes.paymentIntentId))
          .orderBy(sql`${sandboxDisputes.createdAt} desc`)
          .limit(100)
      ).map((row) => ({ ...row.dispute, payerEmail: row.metadata.patient_email ?? null })),

    /**
     * disputes.update (docs.stripe.com/api/disputes/update): evidence merged into what was saved;
     * submit moves the dispute under review. Refused once the dispute no longer takes evidence, as
     * Stripe refuses it. Test evidence decides the dispute at once.
     */
    async update(input: { disputeId: string; evidence: DisputeEvidence; submit: boolean }): Promise<Dispute> {
      const row = await db.transaction(async (tx) => {
        const current = await lockDispute(tx, input.disputeId);
        if (current.status !== 'needs_response' && current.status !== 'warning_needs_response')
          throw new GatewayError(
            'This dispute is no longer accepting evidence.',
            'dispute_evidence_not_accepted',
          );
        const fields = evidenceFields(input.evidence);
        for (const [field, value] of Object.entries(fields)) {
          if (!isEvidenceFileField(field)) continue;
          const [file] = await tx
            .select({ id: sandboxFiles.id })
            .from(sandboxFiles)
            .where(eq(sandboxFiles.id, value));
          if (!file) throw noSuchResource('file upload', value);
        }
        const evidence = { ...current.evidence, ...fields };
        const submitted = input.submit
          ? {
              status: current.status === 'warning_needs_response' ? 'warning_under_review' : 'under_review',
              submissionCount: current.submissionCount + 1,
            }
          : {};
        const updated = await save(tx, current.id, { evidence, ...submitted });
        await events.emit('platform', 'charge.dispute.updated', disputeObject(updated), undefined, tx);
        const text = evidence.uncategorized_text ?? '';
        // docs.stripe.com/testing#evidence: test evidence decides the dispute.
        if (input.submit && text.includes('winning_evidence')) return decide(tx, updated, 'won');
        if (input.submit && text.includes('losing_evidence')) return decide(tx, updated, 'lost');
        return updated;
      });
      events.deliverSoon();
      return toDispute(row);
    },

    /** The sandbox dispute page's Win and Lose buttons. Throws GatewayError for a closed or unknown dispute. */
    async decide(disputeId: string, outcome: 'won' | 'lost'): Promise<Dispute> {
      const row = await db.transaction(async (tx) => decide(tx, await lockDispute(tx, disputeId), outcome));
      events.deliverSoon();
      return toDispute(row);
    },

    /** files.create with purpose dispute_evidence (docs.stripe.com/api/files/create); the content is not kept. */
    async uploadFile(input: {
      filename: string;
      contentType: string;
      size: number;
    }): Promise<{ id: string }> {
      const [row] = await db
        .insert(sandboxFiles)
        .values({
          id: sandboxId('file'),
          purpose: 'dispute_evidence',
          filename: input.filename,
          type: input.contentType,
          size: input.size,
        })
        .returning();
      if (!row) throw new GatewayError('The file could not be uploaded');
      return { id: row.id };
    },

    /**
     * A transfer reversal or a new transfer for a charge, once per idempotency key (a retry answers the
     * one made). A reversal takes `amount` or what is left of the charge's transfer when less is, as the
     * gateway's reverseTransfer does with Stripe's figure (Stripe refuses more:
     * docs.stripe.com/api/transfer_reversals/create); null when nothing is left.
     */
    async move(input: {
      kind: 'reversal' | 'transfer';
      paymentIntentId: string;
      destinationAccountId?: string;
      amount: number;
      idempotencyKey: string;
      metadata: Record<string, string>;
    }): Promise<{ id: string; amount: number } | null> {
      if (!Number.isInteger(input.amount) || input.amount <= 0)
        throw new GatewayError('Invalid positive integer', 'parameter_invalid_integer');
      return db.transaction(async (tx) => {
        const [previous] = await tx
          .select()
          .from(sandboxTransfers)
          .where(eq(sandboxTransfers.idempotencyKey, input.idempotencyKey));
        if (previous) return { id: previous.id, amount: previous.amount };
        const [intent] = await tx
          .select()
          .from(sandboxPaymentIntents)
          .where(eq(sandboxPaymentIntents.id, input.paymentIntentId))
          .for('update');
        if (intent?.status !== 'succeeded')
          throw noSuchResource('charge for payment_intent', input.paymentIntentId);
        if (input.kind === 'transfer' && input.destinationAccountId !== intent.destinationAccountId)
          throw new GatewayError(
            "The destination is not the charge's connected account.",
            'parameter_invalid',
          );
        const left = input.kind === 'reversal' ? await transferLeft(tx, intent) : input.amount;
        if (left <= 0) return null;
        const [row] = await tx
          .insert(sandboxTransfers)
          .values({
            id: sandboxId(input.kind === 'reversal' ? 'trr' : 'tr'),
            kind: input.kind,
            paymentIntentId: intent.id,
            destinationAccountId: intent.destinationAccountId,
            amount: Math.min(input.amount, left),
            metadata: input.metadata,
            idempotencyKey: input.idempotencyKey,
          })
          .returning();
        if (!row) throw new GatewayError('The transfer could not be made');
        await balance.recordTransfer(tx, intent, input.kind, row.amount);
        return { id: row.id, amount: row.amount };
      });
    },

    /** What is left of a charge's transfer, for tests and the sandbox's pages. Pence. */
    async transferLeft(paymentIntentId: string): Promise<number> {
      return db.transaction(async (tx) => {
        const [intent] = await tx
          .select()
          .from(sandboxPaymentIntents)
          .where(and(eq(sandboxPaymentIntents.id, paymentIntentId)));
        if (!intent) throw noSuchResource('payment_intent', paymentIntentId);
        return transferLeft(tx, intent);
      });
    },

    async retrieveWarning(warningId: string): Promise<EarlyFraudWarning> {
      const [row] = await db
        .select()
        .from(sandboxEarlyFraudWarnings)
        .where(eq(sandboxEarlyFraudWarnings.id, warningId));
      const [intent] = row
        ? await db
            .select()
            .from(sandboxPaymentIntents)
            .where(eq(sandboxPaymentIntents.id, row.paymentIntentId))
        : [];
      if (!row || !intent) throw noSuchResource('early fraud warning', warningId);
      const disputed = await db
        .select({ id: sandboxDisputes.id })
        .from(sandboxDisputes)
        .where(eq(sandboxDisputes.paymentIntentId, intent.id));
      return {
        id: row.id,
        chargeId: chargeIdOf(row.paymentIntentId),
        paymentIntentId: row.paymentIntentId,
        fraudType: row.fraudType,
        actionable: disputed.length === 0 && intent.refundedAmount < intent.amount,
      };
    },
  };
}

export type SandboxDisputes = ReturnType<typeof createSandboxDisputes>;
