import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.js';
import type { Database } from '../../db/client.js';
import { sandboxEvents, sandboxPaymentIntents } from '../../db/schema/index.js';
import { createJobQueue, type JobQueue } from '../../jobs/index.js';
import { verifyStripeSignature } from '../webhook-signature.js';
import { createSandboxGateway, type SandboxGateway, sandboxWebhookSecrets } from './sandbox-gateway.js';

describe('the sandbox gateway', () => {
  let database: Database;
  let gateway: SandboxGateway;
  let jobs: JobQueue;
  const delivered: { path: string; payload: string; signature: string }[] = [];
  let answer = 500;

  beforeAll(async () => {
    database = await openTestDatabase();
    jobs = createJobQueue({ database, work: false, retryDelaySeconds: 1, onError: () => {} });
    gateway = createSandboxGateway({
      db: database.db,
      publicUrl: 'http://localhost:3000',
      webhookSecret: 'whsec_test_sandbox',
      transport: () => async (path, payload, signature) => {
        delivered.push({ path, payload, signature });
        return answer;
      },
      jobs,
    });
    await jobs.start();
  });
  afterAll(async () => {
    await jobs.stop();
    await database.close();
  });

  const newAccount = (key: string) =>
    gateway.createConnectedAccount({
      email: 'c@example.com',
      clinicId: null as unknown as string,
      idempotencyKey: key,
    });

  it('creates one account per idempotency key', async () => {
    const first = await newAccount('account:same');
    const again = await newAccount('account:same');
    expect(again).toEqual(first);
    expect(first).toMatchObject({ status: 'pending' });
    expect(first.id).toMatch(/^acct_sbx_[0-9a-f]{24}$/);
  });

  it('signs events like Stripe and retries, with back-off, until the endpoint acknowledges', async () => {
    const { id } = await newAccount('account:events');
    answer = 500;
    delivered.length = 0;
    await gateway.finishOnboarding(id, 'complete');
    await gateway.events.deliverDue();
    const [row] = (await database.db.select().from(sandboxEvents)).filter(
      (event) => event.payload.includes(id) && event.payload.includes('"account.updated"'),
    );
    expect(row?.deliveredAt).toBeNull();
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toBe('HTTP 500');
    // Not due again until its back-off has passed.
    await gateway.events.deliverDue();
    expect(
      (
        await database.db
          .select()
          .from(sandboxEvents)
          .where(eq(sandboxEvents.id, row?.id ?? ''))
      )[0]?.attempts,
    ).toBe(1);

    const attempt = delivered.findLast((sent) => sent.payload.includes('"account.updated"'));
    expect(attempt?.path).toBe('/api/webhooks/stripe-connect');
    const event = verifyStripeSignature(
      Buffer.from(attempt?.payload ?? ''),
      attempt?.signature,
      sandboxWebhookSecrets('whsec_test_sandbox').connect,
    );
    // Submitted, then verified by the provider: not yet able to take charges (accounts.ts).
    expect(event).toMatchObject({
      type: 'account.updated',
      account: id,
      data: {
        object: {
          id,
          details_submitted: true,
          charges_enabled: false,
          requirements: { disabled_reason: 'requirements.pending_verification' },
        },
      },
    });

    answer = 200;
    // The retry waits out its back-off; made due now rather than waited for.
    await gateway.events.retryNow();
    await gateway.events.deliverDue();
    const [after] = (await database.db.select().from(sandboxEvents)).filter((event) => event.id === row?.id);
    expect(after?.deliveredAt).not.toBeNull();
    expect(after?.attempts).toBe(2);
  });

  it('answers whether the platform reaches an account, and forgets one that deauthorizes it, telling the Connect endpoint', async () => {
    const { id } = await newAccount('account:deauthorize');
    expect(await gateway.hasAccountAccess(id)).toBe(true);
    expect(await gateway.hasAccountAccess('acct_sbx_000000000000000000000000')).toBe(false);

    answer = 200;
    delivered.length = 0;
    await gateway.deauthorize(id);
    expect(await gateway.hasAccountAccess(id)).toBe(false);
    await expect(gateway.retrieveConnectedAccount(id)).rejects.toMatchObject({ code: 'resource_missing' });
    await expect(gateway.deauthorize(id)).rejects.toMatchObject({ code: 'resource_missing' });

    await gateway.events.deliverDue();
    const attempt = delivered.find((sent) => sent.payload.includes('account.application.deauthorized'));
    expect(attempt?.path).toBe('/api/webhooks/stripe-connect');
    const event = verifyStripeSignature(
      Buffer.from(attempt?.payload ?? ''),
      attempt?.signature,
      sandboxWebhookSecrets('whsec_test_sandbox').connect,
    );
    expect(event).toMatchObject({
      type: 'account.application.deauthorized',
      account: id,
      data: { object: { object: 'application' } },
    });
  });

  it('creates one payment intent per idempotency key, as a destination charge', async () => {
    const { id: accountId } = await newAccount('account:payments');
    const input = {
      amount: 4500,
      applicationFeeAmount: 135,
      destinationAccountId: accountId,
      metadata: { payment_link_id: 'link-1' },
      statementDescriptorSuffix: null,
      idempotencyKey: 'payment-intent:1',
    };
    const intent = await gateway.createPaymentIntent(input);
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      amount: 4500,
      applicationFeeAmount: 135,
      cardFee: null,
    });
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));
    expect(intent.metadata).toEqual({ payment_link_id: 'link-1' });
    expect(await gateway.createPaymentIntent(input)).toEqual(intent);
    // What the insert returned reads as the stored row does.
    expect(await gateway.retrievePaymentIntent(intent.id)).toEqual(intent);
    // An account the sandbox does not have is refused, in Stripe's words, and nothing is stored.
    await expect(
      gateway.createPaymentIntent({
        ...input,
        destinationAccountId: 'acct_sbx_missing',
        idempotencyKey: 'payment-intent:no-account',
      }),
    ).rejects.toMatchObject({ code: 'resource_missing', message: "No such account: 'acct_sbx_missing'" });
    expect(
      await database.db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.idempotencyKey, 'payment-intent:no-account')),
    ).toEqual([]);
    await expect(gateway.retrievePaymentIntent('pi_sbx_missing')).rejects.toMatchObject({
      name: 'GatewayError',
    });
  });

  it("refuses a payment intent's key with other parameters, replays it at once, and runs anew once it is forgotten", async () => {
    const { id: accountId } = await newAccount('account:intent-keys');
    const input = {
      amount: 3000,
      applicationFeeAmount: 90,
      destinationAccountId: accountId,
      metadata: { link_id: 'l' },
      statementDescriptorSuffix: null,
      idempotencyKey: 'payment-intent:keys',
    };
    const first = await gateway.createPaymentIntent(input);
    await expect(gateway.createPaymentIntent({ ...input, amount: 3100 })).rejects.toMatchObject({
      name: 'GatewayError',
      code: 'idempotency_error',
    });
    // Two at once with one new key: one intent, both told of it.
    const [a, b] = await Promise.all([
      gateway.createPaymentIntent({ ...input, idempotencyKey: 'payment-intent:race' }),
      gateway.createPaymentIntent({ ...input, idempotencyKey: 'payment-intent:race' }),
    ]);
    expect(a.id).toBe(b.id);
    // Stripe forgets a key after 24 hours: the same request then makes a new intent.
    await database.db
      .update(sandboxPaymentIntents)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(sandboxPaymentIntents.id, first.id));
    const anew = await gateway.createPaymentIntent(input);
    expect(anew.id).not.toBe(first.id);
    expect(await gateway.createPaymentIntent(input)).toEqual(anew);
    expect(
      await database.db
        .select({ id: sandboxPaymentIntents.id })
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.idempotencyKey, 'payment-intent:race')),
    ).toHaveLength(1);
  });

  it('cancels an intent that can still be paid, with its event, and refuses one that cannot', async () => {
    const { id: accountId } = await newAccount('account:cancel');
    const intent = await gateway.createPaymentIntent({
      amount: 2000,
      applicationFeeAmount: 60,
      destinationAccountId: accountId,
      metadata: {},
      statementDescriptorSuffix: null,
      idempotencyKey: 'payment-intent:cancel',
    });
    expect(await gateway.cancelPaymentIntent(intent.id)).toMatchObject({ id: intent.id, status: 'canceled' });
    const events = await database.db.select().from(sandboxEvents);
    const canceled = events
      .map((event) => JSON.parse(event.payload))
      .find((event) => event.type === 'payment_intent.canceled' && event.data.object.id === intent.id);
    expect(canceled?.data.object.status).toBe('canceled');
    // Canceled already: Stripe refuses a second cancel, and any change.
    await expect(gateway.cancelPaymentIntent(intent.id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    await expect(
      gateway.updatePaymentIntent({ paymentIntentId: intent.id, amount: 2100 }),
    ).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    await expect(gateway.cancelPaymentIntent('pi_sbx_missing')).rejects.toMatchObject({
      code: 'resource_missing',
    });
  });

  it('refuses to refund a payment that has not succeeded', async () => {
    const { id: accountId } = await newAccount('account:refunds');
    const intent = await gateway.createPaymentIntent({
      amount: 1000,
      applicationFeeAmount: 30,
      destinationAccountId: accountId,
      metadata: {},
      statementDescriptorSuffix: null,
      idempotencyKey: 'payment-intent:2',
    });
    await expect(
      gateway.createRefund({ paymentIntentId: intent.id, amount: 100, idempotencyKey: 'refund:x' }),
    ).rejects.toMatchObject({ name: 'GatewayError' });
  });

  it('refunds like Stripe: once per key, never above the payment, and a refund can fail later', async () => {
    const { id: accountId } = await newAccount('account:refunds-made');
    const intent = await gateway.createPaymentIntent({
      amount: 1000,
      applicationFeeAmount: 30,
      destinationAccountId: accountId,
      metadata: {},
      statementDescriptorSuffix: null,
      idempotencyKey: 'payment-intent:3',
    });
    await database.db
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPaymentIntents.id, intent.id));
    const eventsAbout = async (refundId: string) =>
      (await database.db.select().from(sandboxEvents).orderBy(asc(sandboxEvents.createdAt)))
        .map((row) => JSON.parse(row.payload))
        .filter(
          (event) =>
            JSON.stringify(event).includes(refundId) || event.data.object.id === `ch_${intent.id.slice(3)}`,
        );

    const input = {
      paymentIntentId: intent.id,
      amount: 600,
      idempotencyKey: 'refund:made-1',
      metadata: { clinicpay_refund_id: 'r-1' },
    };
    const made = await gateway.createRefund(input);
    expect(made).toMatchObject({
      status: 'succeeded',
      amount: 600,
      paymentIntentId: intent.id,
      metadata: { clinicpay_refund_id: 'r-1' },
    });
    expect(await gateway.createRefund(input)).toEqual(made);
    await expect(gateway.refundFromDashboard(intent.id, 401)).rejects.toMatchObject({
      name: 'GatewayError',
      code: 'amount_too_large',
    });
    const dashboard = await gateway.refundFromDashboard(intent.id, 400);
    expect(dashboard).toMatchObject({ status: 'succeeded', amount: 400, metadata: {} });

    const created = (await eventsAbout(made.id)).map((event) => [event.type, event.data.object.status]);
    expect(created).toEqual(
      expect.arrayContaining([
        ['charge.refunded', undefined],
        ['refund.created', 'succeeded'],
      ]),
    );

    const failed = await gateway.failRefund(made.id);
    expect(failed).toMatchObject({ id: made.id, status: 'failed' });
    await expect(gateway.failRefund(made.id)).rejects.toMatchObject({ name: 'GatewayError' });
    expect((await gateway.listRefunds(intent.id)).map((refund) => [refund.id, refund.status])).toEqual([
      [made.id, 'failed'],
      [dashboard.id, 'succeeded'],
    ]);
    const [after] = await database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, intent.id));
    expect(after?.refundedAmount).toBe(400);
    const failures = (await eventsAbout(made.id))
      .filter((event) => event.type.startsWith('refund.') && event.data.object.status === 'failed')
      .map((event) => event.type);
    expect(failures).toEqual(['refund.updated', 'refund.failed']);
  });
});
