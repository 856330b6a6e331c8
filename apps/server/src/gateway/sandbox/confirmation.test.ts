import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxOf } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { webhookEvents } from '../../db/schema/index.js';
import { failSandboxRefund } from './refund-failures.js';

describe('confirming sandbox payments with test cards', () => {
  let app: FastifyInstance;
  let accountId: string;
  let attempt = 0;

  beforeAll(async () => {
    app = await createTestApp();
    const sandbox = sandboxOf(app);
    const account = await sandbox.createConnectedAccount({
      email: null,
      clinicId: null as unknown as string,
      idempotencyKey: 'acct:confirm',
    });
    await sandbox.finishOnboarding(account.id, 'complete');
    await sandbox.controlAccount(account.id, 'verify_now');
    accountId = account.id;
  });
  afterAll(() => app.close());

  const newIntent = (amount = 4500) =>
    sandboxOf(app).createPaymentIntent({
      amount,
      applicationFeeAmount: 135,
      destinationAccountId: accountId,
      metadata: { payment_link_id: 'link-1' },
      statementDescriptorSuffix: null,
      idempotencyKey: `pi:${attempt++}`,
    });
  const confirm = (intent: { id: string; clientSecret: string }, number: string, extra: object = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/sandbox/payment-intents/${intent.id}/confirm`,
      payload: {
        clientSecret: intent.clientSecret,
        card: { number, expMonth: 12, expYear: 2034, cvc: '123' },
        returnUrl: `${app.config.publicUrl}/payment/link-1`,
        ...extra,
      },
    });

  it('pays with 4242 4242 4242 4242, records the international card fee and tells the webhook', async () => {
    const intent = await newIntent();
    const response = await confirm(intent, '4242 4242 4242 4242');
    expect(response.json()).toEqual({ paymentIntent: { id: intent.id, status: 'succeeded' } });
    const paid = await sandboxOf(app).retrievePaymentIntent(intent.id);
    // 3.25% + 20p of £45 (decision 0085).
    expect(paid).toMatchObject({ status: 'succeeded', cardFee: 166 });

    await sandboxOf(app).events.deliverDue();
    const received = await app.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.type, 'payment_intent.succeeded'));
    const event = received.find((row) => JSON.stringify(row.payload).includes(intent.id));
    // As Stripe sends it: the charge named by its id, not expanded (docs/sandbox.md).
    expect(event?.payload).toMatchObject({
      data: { object: { id: intent.id, amount: 4500, latest_charge: `ch_${intent.id.slice(3)}` } },
    });
    // The fee is read back through the API, as ClinicPay must with Stripe.
    expect((await sandboxOf(app).retrievePaymentIntent(intent.id)).cardFee).toBe(166);
    // The charge is reported too: succeeded, then updated with its balance transaction, each by id.
    const charges = await app.database.db
      .select()
      .from(webhookEvents)
      .where(inArray(webhookEvents.type, ['charge.succeeded', 'charge.updated']));
    const mine = charges.filter((row) => JSON.stringify(row.payload).includes(intent.id));
    expect(mine.map((row) => row.type).sort()).toEqual(['charge.succeeded', 'charge.updated']);
    expect(mine.find((row) => row.type === 'charge.updated')?.payload).toMatchObject({
      data: { object: { payment_intent: intent.id, balance_transaction: `txn_${intent.id.slice(3)}` } },
    });
  });

  it('charges the standard UK fee on the UK test card', async () => {
    const intent = await newIntent();
    await confirm(intent, '4000008260000000');
    expect((await sandboxOf(app).retrievePaymentIntent(intent.id)).cardFee).toBe(88);
  });

  it.each([
    ['4000000000000002', 'card_declined', 'generic_decline', 'Your card was declined.'],
    ['4000000000009995', 'card_declined', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000000000000069', 'expired_card', undefined, 'Your card has expired.'],
    ['4000000000000127', 'incorrect_cvc', undefined, "Your card's security code is incorrect."],
  ])('declines %s with %s', async (number, code, declineCode, message) => {
    const intent = await newIntent();
    const result = (await confirm(intent, number)).json();
    expect(result.paymentIntent.status).toBe('requires_payment_method');
    expect(result.error).toEqual({ code, ...(declineCode ? { declineCode } : {}), message });
  });

  it('refuses every number that is not a test card, changing nothing', async () => {
    const intent = await newIntent();
    const result = (await confirm(intent, '5555555555554444')).json();
    expect(result.error.message).toBe('Sandbox mode accepts test cards only');
    expect((await sandboxOf(app).retrievePaymentIntent(intent.id)).status).toBe('requires_payment_method');
  });

  // A lookup on a plain object found these on its prototype and answered 500.
  it.each(['__proto__', 'constructor', 'toString'])(
    'refuses %j as a card number like any other',
    async (number) => {
      const intent = await newIntent();
      const response = await confirm(intent, number);
      expect(response.statusCode).toBe(200);
      expect(response.json().error).toEqual({
        code: 'card_declined',
        message: 'Sandbox mode accepts test cards only',
      });
    },
  );

  it('refuses a wrong client secret and an expired card date', async () => {
    const intent = await newIntent();
    const wrong = await confirm(
      { id: intent.id, clientSecret: `${intent.clientSecret}x` },
      '4242424242424242',
    );
    expect(wrong.statusCode).toBe(404);
    const past = (
      await confirm(intent, '4242424242424242', {
        card: { number: '4242424242424242', expMonth: 1, expYear: 2020, cvc: '123' },
      })
    ).json();
    expect(past.error.message).toBe("Your card's expiration year is in the past.");
  });

  it('lets only one of two simultaneous confirmations succeed, and none after', async () => {
    const intent = await newIntent();
    const results = (
      await Promise.all([confirm(intent, '4242424242424242'), confirm(intent, '4242424242424242')])
    ).map((response) => response.json());
    expect(results.filter((result) => !result.error)).toHaveLength(1);
    const again = (await confirm(intent, '4242424242424242')).json();
    expect(again.error.code).toBe('payment_intent_unexpected_state');
  });

  it('sends the 3-D Secure card through the challenge page, which can approve', async () => {
    const intent = await newIntent();
    const result = (await confirm(intent, '4000002500003155')).json();
    expect(result.paymentIntent.status).toBe('requires_action');
    const challenge = new URL(result.nextAction.redirectUrl);
    expect(challenge.pathname).toBe(`/sandbox/3ds/${intent.id}`);

    const page = await app.inject({ url: challenge.pathname + challenge.search });
    expect(page.body).toContain('Complete authentication');
    expect(page.body).toContain('Sandbox');
    const answer = await app.inject({
      method: 'POST',
      url: challenge.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.config.publicUrl },
      payload: new URLSearchParams({
        decision: 'approve',
        client_secret: intent.clientSecret,
        return_url: `${app.config.publicUrl}/payment/link-1`,
      }).toString(),
    });
    expect(answer.statusCode).toBe(303);
    const back = new URL(String(answer.headers.location));
    expect(back.pathname).toBe('/payment/link-1');
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    expect(back.searchParams.get('payment_intent')).toBe(intent.id);
    expect((await sandboxOf(app).retrievePaymentIntent(intent.id)).status).toBe('succeeded');
  });

  it('fails the payment when the challenge fails', async () => {
    const intent = await newIntent();
    await confirm(intent, '4000002500003155');
    const result = await sandboxOf(app).confirmation.finishAuthentication({
      paymentIntentId: intent.id,
      clientSecret: intent.clientSecret,
      approve: false,
    });
    expect(result.paymentIntent.status).toBe('requires_payment_method');
    expect(result.error?.code).toBe('payment_intent_authentication_failure');
  });

  it("declines Stripe's processing-error and Radar-blocked cards with Stripe's codes", async () => {
    const processing = await newIntent();
    expect((await confirm(processing, '4000 0000 0000 0119')).json()).toMatchObject({
      paymentIntent: { status: 'requires_payment_method' },
      error: {
        code: 'processing_error',
        message: 'An error occurred while processing your card. Try again in a little bit.',
      },
    });
    const blocked = await newIntent();
    expect((await confirm(blocked, '4100 0000 0000 0019')).json()).toMatchObject({
      paymentIntent: { status: 'requires_payment_method' },
      error: { code: 'card_declined', declineCode: 'fraudulent', message: 'Your card was declined.' },
    });
  });

  it('pays with the available-balance card 4000 0000 0000 0077', async () => {
    const intent = await newIntent();
    expect((await confirm(intent, '4000000000000077')).json()).toEqual({
      paymentIntent: { id: intent.id, status: 'succeeded' },
    });
  });

  it('makes a refund of 4000 0000 0000 5126 succeed, then fail a little later, as Stripe does', async () => {
    const sandbox = sandboxOf(app);
    const intent = await newIntent(2000);
    await confirm(intent, '4000000000005126');
    const refund = await sandbox.createRefund({
      paymentIntentId: intent.id,
      amount: 500,
      idempotencyKey: 'r:5126',
    });
    expect(refund.status).toBe('succeeded');
    await app.jobs.makeDue(failSandboxRefund);
    await app.jobs.drain({ only: [failSandboxRefund] });
    expect((await sandbox.listRefunds(intent.id))[0]).toMatchObject({ id: refund.id, status: 'failed' });

    // Any other card's refunds stay succeeded.
    const other = await newIntent(2000);
    await confirm(other, '4242424242424242');
    await sandbox.createRefund({ paymentIntentId: other.id, amount: 500, idempotencyKey: 'r:4242' });
    await app.jobs.makeDue(failSandboxRefund);
    await app.jobs.drain({ only: [failSandboxRefund] });
    expect((await sandbox.listRefunds(other.id))[0]).toMatchObject({ status: 'succeeded' });
  });
});
