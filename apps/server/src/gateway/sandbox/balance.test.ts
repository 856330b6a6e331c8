/**
 * The sandbox's connected-account balances and payouts (balance.ts), driven on the gateway itself:
 * transfers pending then available, refunds reversing them in proportion with the rounding of
 * transferLeft, a failed refund's reversal given back, payouts of the whole available balance with
 * their events, failed payouts returning the money, and an account closable once it holds nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.js';
import type { Database } from '../../db/client.js';
import { sandboxBalanceTransactions, sandboxEvents } from '../../db/schema/index.js';
import { createJobQueue, type JobQueue } from '../../jobs/index.js';
import { FUNDS_PENDING_DAYS, payOutSandboxAccounts, settleSandboxPayout } from './balance.js';
import { createSandboxGateway, type SandboxGateway } from './sandbox-gateway.js';

describe("the sandbox's balances and payouts", () => {
  let database: Database;
  let gateway: SandboxGateway;
  let jobs: JobQueue;

  beforeAll(async () => {
    database = await openTestDatabase();
    jobs = createJobQueue({ database, work: false, onError: () => {} });
    gateway = createSandboxGateway({
      db: database.db,
      publicUrl: 'http://localhost:3000',
      webhookSecret: 'whsec_test_balance',
      transport: () => async () => 200,
      jobs,
    });
    gateway.events.stop();
    await jobs.start();
  });
  afterAll(async () => {
    await jobs.stop();
    await database.close();
  });

  /** An active account (payouts enabled) that can take payments. */
  async function activeAccount(key: string): Promise<string> {
    const { id } = await gateway.createConnectedAccount({
      email: 'balance@clinic.example',
      clinicId: null as unknown as string,
      idempotencyKey: key,
    });
    await gateway.controlAccount(id, 'clear');
    return id;
  }

  /** A paid destination charge of `amount` pence with `fee` pence of application fee. */
  async function pay(accountId: string, amount: number, fee: number, card = '4242424242424242') {
    const intent = await gateway.createPaymentIntent({
      amount,
      applicationFeeAmount: fee,
      destinationAccountId: accountId,
      metadata: {},
      statementDescriptorSuffix: null,
      idempotencyKey: `intent:${accountId}:${amount}:${Math.random()}`,
    });
    const result = await gateway.confirmation.confirmCardPayment({
      paymentIntentId: intent.id,
      clientSecret: intent.clientSecret,
      card: { number: card, expMonth: 12, expYear: 2034, cvc: '123' },
      returnUrl: 'http://localhost:3000/payment/success',
    });
    expect(result.paymentIntent.status).toBe('succeeded');
    return intent.id;
  }

  const transactionsOf = (accountId: string) =>
    database.db
      .select()
      .from(sandboxBalanceTransactions)
      .where(eq(sandboxBalanceTransactions.accountId, accountId));

  const eventTypes = async (accountId: string) =>
    (await database.db.select().from(sandboxEvents))
      .map((row) => JSON.parse(row.payload) as { type: string; account?: string })
      .filter((event) => event.account === accountId && event.type.startsWith('payout.'))
      .map((event) => event.type);

  it("records a charge's transfer as pending, and reverses it in proportion to each refund, rounded on the total", async () => {
    const accountId = await activeAccount('account:proportion');
    const intentId = await pay(accountId, 1000, 33);
    const [payment] = await transactionsOf(accountId);
    expect(payment).toMatchObject({
      type: 'payment',
      origin: 'charge',
      amount: 967,
      fee: 0,
      net: 967,
      paymentIntentId: intentId,
      payoutId: null,
    });
    expect(payment?.sourceId).toMatch(/^py_sbx_/);
    const pendingFor = (payment?.availableOn.getTime() ?? 0) - (payment?.createdAt.getTime() ?? 0);
    expect(pendingFor).toBe(FUNDS_PENDING_DAYS * 24 * 60 * 60 * 1000);
    expect(await gateway.retrieveBalance(accountId)).toEqual({ available: 0, pending: 967 });

    // 1 p refunded twice: 0.967 rounds to 1, 1.934 to 2; then the rest.
    for (const [index, amount] of [1, 1, 998].entries())
      await gateway.createRefund({ paymentIntentId: intentId, amount, idempotencyKey: `refund:p:${index}` });
    const refunds = (await transactionsOf(accountId)).filter((row) => row.type === 'payment_refund');
    expect(refunds.map((row) => row.net).sort((a, b) => a - b)).toEqual([-965, -1, -1]);
    expect(refunds.every((row) => row.origin === 'refund' && row.sourceId.startsWith('pyr_sbx_'))).toBe(true);
    expect(await gateway.disputes.transferLeft(intentId)).toBe(0);
    expect(await gateway.retrieveBalance(accountId)).toEqual({ available: 0, pending: 0 });
  });

  it("gives a failed refund's reversal back to the account", async () => {
    const accountId = await activeAccount('account:failed-refund');
    const intentId = await pay(accountId, 4500, 135);
    const refund = await gateway.createRefund({
      paymentIntentId: intentId,
      amount: 1000,
      idempotencyKey: 'refund:failing',
    });
    expect((await gateway.retrieveBalance(accountId)).pending).toBe(4365 - 970);
    await gateway.failRefund(refund.id);
    const rows = await transactionsOf(accountId);
    expect(rows.find((row) => row.origin === 'refund_failure')).toMatchObject({
      type: 'payment_refund',
      net: 970,
    });
    expect((await gateway.retrieveBalance(accountId)).pending).toBe(4365);
    expect(await gateway.disputes.transferLeft(intentId)).toBe(4365);
  });

  it('pays out the whole available balance, sends payout.created then payout.paid, and lets the account close at zero', async () => {
    const accountId = await activeAccount('account:payout');
    await pay(accountId, 2000, 60, '4000000000000077');
    await pay(accountId, 3000, 90);
    expect(await gateway.retrieveBalance(accountId)).toEqual({ available: 1940, pending: 2910 });
    await expect(gateway.closeConnectedAccount(accountId)).rejects.toMatchObject({
      code: 'balance_not_zero',
    });

    await jobs.send(payOutSandboxAccounts, {});
    await jobs.drain({ only: [payOutSandboxAccounts] });
    const [payout] = await gateway.listPayouts(accountId, { limit: 10 });
    expect(payout).toMatchObject({ amount: 1940, status: 'in_transit', failureCode: null });
    expect(payout?.arrivalDate.getTime()).toBeGreaterThan(Date.now());
    expect(await gateway.retrieveBalance(accountId)).toEqual({ available: 0, pending: 2910 });
    const lines = await gateway.listPayoutBalanceTransactions(accountId, String(payout?.id));
    expect(lines.map(({ type, net }) => [type, net])).toEqual([
      ['payment', 1940],
      ['payout', -1940],
    ]);
    // Nothing more is available: no second payout.
    expect(await gateway.balance.payOut(accountId)).toBeUndefined();

    await jobs.makeDue(settleSandboxPayout);
    await jobs.drain({ only: [settleSandboxPayout] });
    expect(await gateway.retrievePayout(accountId, String(payout?.id))).toMatchObject({ status: 'paid' });
    expect(await eventTypes(accountId)).toEqual(['payout.created', 'payout.paid']);

    await gateway.balance.makeAvailableNow(accountId);
    expect((await gateway.balance.payOut(accountId))?.amount).toBe(2910);
    await gateway.balance.arriveNow(accountId);
    expect(await gateway.retrieveBalance(accountId)).toEqual({ available: 0, pending: 0 });
    await gateway.closeConnectedAccount(accountId);
    expect(await gateway.findAccount(accountId)).toBeUndefined();
  });

  it('fails the next payout when told to: payout.failed, the money back in the balance, paid out again', async () => {
    const accountId = await activeAccount('account:failing-payout');
    await pay(accountId, 5000, 150, '4000000000000077');
    await gateway.balance.failNextPayout(accountId, 'no_account');
    const failing = await gateway.balance.payOut(accountId);
    await gateway.balance.arriveNow(accountId);
    const failed = await gateway.retrievePayout(accountId, String(failing?.id));
    expect(failed).toMatchObject({ status: 'failed', failureCode: 'no_account', amount: 4850 });
    expect(failed.failureMessage).toMatch(/No bank account could be located/);
    expect(await gateway.retrieveBalance(accountId)).toEqual({ available: 4850, pending: 0 });
    const lines = await gateway.listPayoutBalanceTransactions(accountId, String(failing?.id));
    expect(lines.map(({ type, net }) => [type, net])).toEqual([
      ['payout', -4850],
      ['payout_failure', 4850],
    ]);

    // Told once: the next payout is paid, with the same payment in it.
    const again = await gateway.balance.payOut(accountId);
    const pressed = Date.now();
    await gateway.balance.arriveNow(accountId);
    const arrived = await gateway.retrievePayout(accountId, String(again?.id));
    expect(arrived).toMatchObject({ status: 'paid', amount: 4850 });
    // It arrived when told to, not on its planned next-day date: today's statement counts it.
    expect(arrived.arrivalDate.getTime()).toBeGreaterThanOrEqual(pressed - 1000);
    expect(arrived.arrivalDate.getTime()).toBeLessThanOrEqual(Date.now());
    const paidLines = await gateway.listPayoutBalanceTransactions(accountId, String(again?.id));
    expect(paidLines.map(({ type, origin }) => [type, origin])).toEqual([
      ['payment', 'charge'],
      ['payout', 'payout'],
    ]);
    expect(await eventTypes(accountId)).toEqual([
      'payout.created',
      'payout.failed',
      'payout.created',
      'payout.paid',
    ]);
  });

  it("pays out only accounts whose payouts are enabled, and keeps each account's payouts to itself", async () => {
    const restricted = await activeAccount('account:restricted');
    await pay(restricted, 1000, 30, '4000000000000077');
    await gateway.controlAccount(restricted, 'restrict');
    await expect(gateway.balance.payOut(restricted)).rejects.toMatchObject({ code: 'payouts_not_allowed' });
    await jobs.send(payOutSandboxAccounts, {});
    await jobs.drain({ only: [payOutSandboxAccounts] });
    expect(await gateway.listPayouts(restricted, { limit: 10 })).toEqual([]);

    const other = await activeAccount('account:other');
    await pay(other, 1000, 30, '4000000000000077');
    const payout = await gateway.balance.payOut(other);
    await expect(gateway.retrievePayout(restricted, String(payout?.id))).rejects.toMatchObject({
      code: 'resource_missing',
    });
    await expect(gateway.listPayoutBalanceTransactions(restricted, String(payout?.id))).rejects.toMatchObject(
      {
        code: 'resource_missing',
      },
    );
    await expect(gateway.retrieveBalance('acct_sbx_ffffffffffffffffffffffff')).rejects.toMatchObject({
      code: 'resource_missing',
    });
    expect(await gateway.createLoginLink(other)).toEqual({
      url: `http://localhost:3000/sandbox/accounts/${other}/payouts`,
    });
  });
});
