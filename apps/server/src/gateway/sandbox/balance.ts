/**
 * The balances, balance transactions and payouts of the sandbox's connected accounts, as Stripe keeps
 * them for a platform's destination charges (docs.stripe.com/connect/account-balances,
 * /connect/destination-charges, /api/balance_transactions/object, /api/payouts/object):
 * - each change to the money on an account is a balance transaction, recorded in the transaction of
 *   what causes it: a succeeded destination charge's transfer (payment: amount − application fee), a
 *   refund's transfer reversal (payment_refund, in proportion to the amount refunded), a dispute's
 *   reversal (payment_refund) and a further transfer (payment);
 * - funds are pending for FUNDS_PENDING_DAYS, then available, except a payment made with Stripe's
 *   4000 0000 0000 0077, whose funds are available at once (docs.stripe.com/testing#available-balance);
 * - a daily automatic payout (the sandbox.pay-out job) pays the whole available balance out: every
 *   available transaction not paid out yet goes into it. It is in transit (payout.created) until its
 *   arrival date the next day, then paid (payout.paid), or failed (payout.failed with a failure code):
 *   the money returns to the balance (payout_failure) and its transactions are free to be paid out again.
 * Every amount is pence in GBP. Events go to the Connect endpoint with the account named.
 */
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import {
  sandboxAccounts,
  sandboxBalanceTransactions,
  type sandboxPaymentIntents,
  sandboxPayouts,
} from '../../db/schema/index.js';
import { defineJob, type JobQueue } from '../../jobs/index.js';
import {
  type AccountBalance,
  type BalanceTransaction,
  type BalanceTransactionOrigin,
  GatewayError,
  noSuchResource,
  type Payout,
  type PayoutStatus,
} from '../gateway.js';
import type { SandboxEvents } from './events.js';
import { sandboxId } from './ids.js';

export type SandboxPayoutRow = typeof sandboxPayouts.$inferSelect;
export type SandboxBalanceTransactionRow = typeof sandboxBalanceTransactions.$inferSelect;
type SandboxIntentRow = typeof sandboxPaymentIntents.$inferSelect;

/** How long a payment's funds are pending before they are available (Stripe's UK standard is longer). */
export const FUNDS_PENDING_DAYS = 2;
/** A sandbox payout arrives in the bank the day after it is made. */
export const PAYOUT_ARRIVAL_DAYS = 1;
/** The daily automatic payout: 06:00 UTC. */
export const DAILY_PAYOUT_CRON = '0 6 * * *';

const DAY_MS = 24 * 60 * 60 * 1000;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Pays every sandbox account whose payouts are enabled its whole available balance (the daily schedule). */
export const payOutSandboxAccounts = defineJob({
  name: 'sandbox.pay-out',
  schema: z.object({}),
  // The next day's run pays out whatever this one could not.
  retryLimit: 0,
  expireInSeconds: 10 * 60,
});

/** A sandbox payout reaches its arrival date: it is paid, or fails as it was told to. */
export const settleSandboxPayout = defineJob({
  name: 'sandbox.settle-payout',
  schema: z.object({ payoutId: z.string().min(1).max(100) }),
  retryLimit: 5,
  retryDelaySeconds: 5,
  expireInSeconds: 60,
});

/** The failure codes the sandbox's payouts fail with, and Stripe's text for each (docs.stripe.com/api/payouts/failures). */
export const SANDBOX_PAYOUT_FAILURES: Record<string, string> = {
  account_closed: 'The bank account has been closed.',
  no_account:
    'The bank account details on file are probably incorrect. No bank account could be located with those details.',
  invalid_account_number: 'The routing number seems correct, but the account number is invalid.',
};

/**
 * The part of a destination charge's transfer that its refunds reversed: Stripe reverses the transfer
 * in proportion to the amount refunded (docs.stripe.com/api/refunds/create#create_refund-reverse_transfer),
 * rounded to the penny on the total refunded. Pence.
 */
export function reversedByRefunds(
  intent: Pick<SandboxIntentRow, 'amount' | 'applicationFeeAmount'>,
  refundedAmount: number,
): number {
  return Math.round((refundedAmount * (intent.amount - intent.applicationFeeAmount)) / intent.amount);
}

/** Stripe's reporting_category of each type the sandbox records (docs.stripe.com/reports/reporting-categories). */
const REPORTING_CATEGORIES: Record<string, string> = {
  payment: 'charge',
  payment_refund: 'refund',
  payout: 'payout',
  payout_failure: 'payout_reversal',
};

/** The payout as Stripe's API and events show it (docs.stripe.com/api/payouts/object). */
export function payoutObject(row: SandboxPayoutRow) {
  const settled = row.status === 'paid' || row.status === 'failed';
  return {
    id: row.id,
    object: 'payout',
    amount: row.amount,
    arrival_date: seconds(row.arrivalDate),
    automatic: true,
    balance_transaction: `txn_${row.id.slice(3)}`,
    created: seconds(row.createdAt),
    currency: 'gbp',
    description: 'STRIPE PAYOUT',
    destination: 'ba_sbx_bank_account',
    failure_balance_transaction: row.status === 'failed' ? `txn_${row.id.slice(3)}_f` : null,
    failure_code: row.failureCode,
    failure_message: row.failureMessage,
    livemode: false,
    metadata: {},
    method: 'standard',
    reconciliation_status: settled ? 'completed' : 'in_progress',
    source_type: 'card',
    statement_descriptor: null,
    status: row.status,
    type: 'bank_account',
  };
}

function toPayout(row: SandboxPayoutRow): Payout {
  return {
    id: row.id,
    amount: row.amount,
    status: row.status as PayoutStatus,
    arrivalDate: row.arrivalDate,
    created: row.createdAt,
    failureCode: row.failureCode,
    failureMessage: row.failureMessage,
  };
}

function toBalanceTransaction(row: SandboxBalanceTransactionRow): BalanceTransaction {
  return {
    id: row.id,
    type: row.type,
    origin: row.origin as BalanceTransactionOrigin,
    amount: row.amount,
    fee: row.fee,
    net: row.net,
    created: row.createdAt,
    description: row.description,
    reportingCategory: REPORTING_CATEGORIES[row.type] ?? 'other',
    sourceId: row.sourceId,
    paymentIntentId: row.paymentIntentId,
  };
}

/**
 * The sandbox's connected-account money: records balance transactions in the caller's transaction,
 * answers balance, payout and payout-line reads as Stripe does on a connected account
 * (docs.stripe.com/api/balance/balance_retrieve, /api/payouts/list, /api/balance_transactions/list),
 * makes payouts and settles them, and registers the daily payout and settlement jobs (before the queue
 * starts). Reads of another account's payout throw GatewayError 'resource_missing'.
 */
export function createSandboxBalance(options: { db: Db; events: SandboxEvents; jobs: JobQueue }) {
  const { db, events, jobs } = options;

  /** When the funds of a transaction made now for this intent become available. */
  const availableOnFor = (intent: Pick<SandboxIntentRow, 'fundsAvailableAtOnce'>, now: Date) =>
    intent.fundsAvailableAtOnce ? now : new Date(now.getTime() + FUNDS_PENDING_DAYS * DAY_MS);

  /** Records one balance transaction of a payment's connected account, in `tx`. Nothing for 0 pence. */
  async function recordForIntent(
    tx: Tx,
    intent: SandboxIntentRow,
    entry: { type: 'payment' | 'payment_refund'; origin: BalanceTransactionOrigin; amount: number },
  ): Promise<void> {
    if (entry.amount === 0) return;
    const now = new Date();
    await tx.insert(sandboxBalanceTransactions).values({
      id: sandboxId('txn'),
      accountId: intent.destinationAccountId,
      type: entry.type,
      origin: entry.origin,
      amount: entry.amount,
      fee: 0,
      net: entry.amount,
      sourceId: sandboxId(entry.type === 'payment' ? 'py' : 'pyr'),
      paymentIntentId: intent.id,
      availableOn: availableOnFor(intent, now),
      createdAt: now,
    });
  }

  async function findPayout(accountId: string, payoutId: string): Promise<SandboxPayoutRow> {
    const [row] = await db
      .select()
      .from(sandboxPayouts)
      .where(and(eq(sandboxPayouts.id, payoutId), eq(sandboxPayouts.accountId, accountId)));
    if (!row) throw noSuchResource('payout', payoutId);
    return row;
  }

  /**
   * Pays the account's whole available balance out, in one transaction that locks the account: every
   * available transaction not paid out yet goes into a payout (with its own payout transaction) and
   * payout.created is sent; its settlement is queued for its arrival date. Undefined when there is
   * nothing positive to pay out.
   */
  async function payOut(accountId: string, now = new Date()): Promise<SandboxPayoutRow | undefined> {
    const payout = await db.transaction(async (tx) => {
      const [account] = await tx
        .select()
        .from(sandboxAccounts)
        .where(eq(sandboxAccounts.id, accountId))
        .for('update');
      if (!account) throw noSuchResource('account', accountId);
      if (!account.payoutsEnabled)
        throw new GatewayError('Payouts are not enabled on this account.', 'payouts_not_allowed');
      const unpaid = await tx
        .select({ id: sandboxBalanceTransactions.id, net: sandboxBalanceTransactions.net })
        .from(sandboxBalanceTransactions)
        .where(
          and(
            eq(sandboxBalanceTransactions.accountId, accountId),
            isNull(sandboxBalanceTransactions.payoutId),
            inArray(sandboxBalanceTransactions.type, ['payment', 'payment_refund']),
            lte(sandboxBalanceTransactions.availableOn, now),
          ),
        )
        .for('update');
      const amount = unpaid.reduce((sum, { net }) => sum + net, 0);
      // Stripe pays out only a positive balance; a negative one waits for later payments.
      if (unpaid.length === 0 || amount <= 0) return undefined;
      const [created] = await tx
        .insert(sandboxPayouts)
        .values({
          id: sandboxId('po'),
          accountId,
          amount,
          status: 'in_transit',
          arrivalDate: new Date(now.getTime() + PAYOUT_ARRIVAL_DAYS * DAY_MS),
          failsWith: account.failNextPayout,
          createdAt: now,
        })
        .returning();
      if (!created) throw new GatewayError('The payout could not be made');
      if (account.failNextPayout)
        await tx
          .update(sandboxAccounts)
          .set({ failNextPayout: null })
          .where(eq(sandboxAccounts.id, accountId));
      await tx
        .update(sandboxBalanceTransactions)
        .set({ payoutId: created.id })
        .where(
          inArray(
            sandboxBalanceTransactions.id,
            unpaid.map(({ id }) => id),
          ),
        );
      await tx.insert(sandboxBalanceTransactions).values({
        id: `txn_${created.id.slice(3)}`,
        accountId,
        type: 'payout',
        origin: 'payout',
        amount: -amount,
        fee: 0,
        net: -amount,
        description: 'STRIPE PAYOUT',
        sourceId: created.id,
        payoutId: created.id,
        availableOn: now,
        createdAt: now,
      });
      await events.emit('connect', 'payout.created', payoutObject(created), accountId, tx);
      await jobs.send(settleSandboxPayout, { payoutId: created.id }, { tx, startAfter: created.arrivalDate });
      return created;
    });
    if (payout) events.deliverSoon();
    return payout;
  }

  /**
   * A payout in transit reaches the bank: paid (payout.paid), or, when it was told to fail, failed with
   * its failure code (payout.failed): a payout_failure transaction returns the money to the balance and
   * the transactions it paid out are free to be paid out again. Nothing for a payout already settled.
   * `arrivedAt`, when given, becomes its arrival date: a payout told to arrive now arrives today, so it
   * counts in this month's statement even when its planned arrival was the next month.
   */
  async function settle(payoutId: string, arrivedAt?: Date): Promise<SandboxPayoutRow | undefined> {
    const settled = await db.transaction(async (tx) => {
      const [payout] = await tx
        .select()
        .from(sandboxPayouts)
        .where(eq(sandboxPayouts.id, payoutId))
        .for('update');
      if (payout?.status !== 'in_transit') return undefined;
      if (!payout.failsWith) {
        const [paid] = await tx
          .update(sandboxPayouts)
          .set({ status: 'paid', ...(arrivedAt && { arrivalDate: arrivedAt }) })
          .where(eq(sandboxPayouts.id, payoutId))
          .returning();
        if (paid) await events.emit('connect', 'payout.paid', payoutObject(paid), paid.accountId, tx);
        return paid;
      }
      const [failed] = await tx
        .update(sandboxPayouts)
        .set({
          status: 'failed',
          ...(arrivedAt && { arrivalDate: arrivedAt }),
          failureCode: payout.failsWith,
          failureMessage: SANDBOX_PAYOUT_FAILURES[payout.failsWith] ?? 'The payout failed.',
        })
        .where(eq(sandboxPayouts.id, payoutId))
        .returning();
      if (!failed) return undefined;
      const now = new Date();
      await tx
        .update(sandboxBalanceTransactions)
        .set({ payoutId: null })
        .where(
          and(
            eq(sandboxBalanceTransactions.payoutId, payoutId),
            inArray(sandboxBalanceTransactions.type, ['payment', 'payment_refund']),
          ),
        );
      await tx.insert(sandboxBalanceTransactions).values({
        id: `txn_${payoutId.slice(3)}_f`,
        accountId: failed.accountId,
        type: 'payout_failure',
        origin: 'payout_failure',
        amount: failed.amount,
        fee: 0,
        net: failed.amount,
        description: 'STRIPE PAYOUT FAILURE',
        sourceId: payoutId,
        payoutId,
        availableOn: now,
        createdAt: now,
      });
      await events.emit('connect', 'payout.failed', payoutObject(failed), failed.accountId, tx);
      return failed;
    });
    if (settled) events.deliverSoon();
    return settled;
  }

  jobs.register(settleSandboxPayout, async ({ payoutId }) => {
    await settle(payoutId);
  });
  jobs.register(
    payOutSandboxAccounts,
    async () => {
      const accounts = await db
        .select({ id: sandboxAccounts.id })
        .from(sandboxAccounts)
        .where(eq(sandboxAccounts.payoutsEnabled, true));
      for (const { id } of accounts) await payOut(id);
    },
    { cron: DAILY_PAYOUT_CRON },
  );

  return {
    /** A succeeded destination charge's transfer reaches its account: a payment of amount − application fee. */
    recordCharge: (tx: Tx, intent: SandboxIntentRow) =>
      recordForIntent(tx, intent, {
        type: 'payment',
        origin: 'charge',
        amount: intent.amount - intent.applicationFeeAmount,
      }),

    /**
     * A refund took the intent's refunded total from `before` to `after` (pence): the transfer is
     * reversed in proportion (a payment_refund); a refund that failed later gives the reversal back.
     */
    async recordRefund(tx: Tx, intent: SandboxIntentRow, before: number, after: number): Promise<void> {
      const change = reversedByRefunds(intent, after) - reversedByRefunds(intent, before);
      await recordForIntent(tx, intent, {
        type: 'payment_refund',
        origin: change >= 0 ? 'refund' : 'refund_failure',
        amount: -change,
      });
    },

    /** A transfer reversal of its own (a payment_refund) or a further transfer (a payment) of `amount` pence. */
    recordTransfer: (tx: Tx, intent: SandboxIntentRow, kind: 'reversal' | 'transfer', amount: number) =>
      recordForIntent(
        tx,
        intent,
        kind === 'reversal'
          ? { type: 'payment_refund', origin: 'transfer_reversal', amount: -amount }
          : { type: 'payment', origin: 'transfer', amount },
      ),

    /** The account's available and pending balance (docs.stripe.com/api/balance/balance_object). Pence. */
    async retrieve(accountId: string, now = new Date()): Promise<AccountBalance> {
      const at = now.toISOString();
      const [row] = await db
        .select({
          available: sql<number>`coalesce(sum(${sandboxBalanceTransactions.net}) filter (where ${sandboxBalanceTransactions.availableOn} <= ${at}::timestamptz), 0)::int`,
          pending: sql<number>`coalesce(sum(${sandboxBalanceTransactions.net}) filter (where ${sandboxBalanceTransactions.availableOn} > ${at}::timestamptz), 0)::int`,
        })
        .from(sandboxBalanceTransactions)
        .where(eq(sandboxBalanceTransactions.accountId, accountId));
      return { available: row?.available ?? 0, pending: row?.pending ?? 0 };
    },

    /** The account's payouts, newest first, at most `limit`. */
    async listPayouts(accountId: string, limit: number): Promise<Payout[]> {
      const rows = await db
        .select()
        .from(sandboxPayouts)
        .where(eq(sandboxPayouts.accountId, accountId))
        .orderBy(desc(sandboxPayouts.createdAt), desc(sandboxPayouts.id))
        .limit(limit);
      return rows.map(toPayout);
    },

    /** Throws GatewayError 'resource_missing' for a payout the account does not have. */
    retrievePayout: async (accountId: string, payoutId: string): Promise<Payout> =>
      toPayout(await findPayout(accountId, payoutId)),

    /**
     * Every balance transaction paid out in the payout, its own included, oldest first. Throws
     * GatewayError 'resource_missing' for a payout the account does not have.
     */
    async listPayoutTransactions(accountId: string, payoutId: string): Promise<BalanceTransaction[]> {
      await findPayout(accountId, payoutId);
      const rows = await db
        .select()
        .from(sandboxBalanceTransactions)
        .where(eq(sandboxBalanceTransactions.payoutId, payoutId))
        .orderBy(asc(sandboxBalanceTransactions.createdAt), asc(sandboxBalanceTransactions.id));
      return rows.map(toBalanceTransaction);
    },

    /** The account's transactions not paid out yet, oldest first (the payouts page). */
    unpaid: (accountId: string) =>
      db
        .select()
        .from(sandboxBalanceTransactions)
        .where(
          and(
            eq(sandboxBalanceTransactions.accountId, accountId),
            isNull(sandboxBalanceTransactions.payoutId),
          ),
        )
        .orderBy(asc(sandboxBalanceTransactions.createdAt))
        .limit(200),

    /** The payouts page's "Make pending funds available now": every pending transaction becomes available. */
    async makeAvailableNow(accountId: string, now = new Date()): Promise<void> {
      await db
        .update(sandboxBalanceTransactions)
        .set({ availableOn: now })
        .where(
          and(
            eq(sandboxBalanceTransactions.accountId, accountId),
            gt(sandboxBalanceTransactions.availableOn, now),
          ),
        );
    },

    payOut,

    /** The payouts page's "Fail the next payout": the account's next payout fails with `failureCode`. */
    async failNextPayout(accountId: string, failureCode = 'account_closed'): Promise<void> {
      const updated = await db
        .update(sandboxAccounts)
        .set({ failNextPayout: failureCode })
        .where(eq(sandboxAccounts.id, accountId))
        .returning({ id: sandboxAccounts.id });
      if (updated.length === 0) throw noSuchResource('account', accountId);
    },

    settle,

    /**
     * The payouts page's "Arrive now": every payout of the account still in transit is settled now, and
     * now is its arrival date.
     */
    async arriveNow(accountId: string): Promise<void> {
      const now = new Date();
      const inTransit = await db
        .select({ id: sandboxPayouts.id })
        .from(sandboxPayouts)
        .where(and(eq(sandboxPayouts.accountId, accountId), eq(sandboxPayouts.status, 'in_transit')));
      for (const { id } of inTransit) await settle(id, now);
    },

    /** Everything the account holds, available and pending (closing an account needs it to be zero). Pence. */
    async total(accountId: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`coalesce(sum(${sandboxBalanceTransactions.net}), 0)::int` })
        .from(sandboxBalanceTransactions)
        .where(eq(sandboxBalanceTransactions.accountId, accountId));
      return row?.total ?? 0;
    },
  };
}

/** What createSandboxBalance gives the gateway, its disputes, its confirmations and its pages. */
export type SandboxBalance = ReturnType<typeof createSandboxBalance>;
