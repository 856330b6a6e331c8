import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxOf } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { sandboxEvents, sandboxPaymentIntents } from '../../db/schema/index.js';
import { CardDeclinedError, GatewayError } from '../gateway.js';

describe('saved cards in the sandbox', () => {
  let app: FastifyInstance;
  let accountId: string;
  let serial = 0;
  const key = (what: string) => `${what}:${serial++}`;

  beforeAll(async () => {
    app = await createTestApp();
    const sandbox = sandboxOf(app);
    const account = await sandbox.createConnectedAccount({
      email: null,
      clinicId: null as unknown as string,
      idempotencyKey: 'acct:saved-cards',
    });
    await sandbox.finishOnboarding(account.id, 'complete');
    await sandbox.controlAccount(account.id, 'verify_now');
    accountId = account.id;
  });
  afterAll(() => app.close());

  const returnUrl = () => `${app.config.publicUrl}/payment/link-1`;
  const newCustomer = () =>
    sandboxOf(app).createCustomer({
      email: 'patient@example.com',
      name: 'Pat Patient',
      metadata: { clinic_id: 'clinic-1' },
      idempotencyKey: key('cus'),
    });
  const card = (number: string) => ({ number, expMonth: 12, expYear: 2034, cvc: '123' });

  /** Answers the sandbox's 3-D Secure page as the patient would, and returns where it sends them. */
  async function authenticate(redirectUrl: string, clientSecret: string, decision: 'approve' | 'fail') {
    const challenge = new URL(redirectUrl);
    const page = await app.inject({ url: challenge.pathname + challenge.search });
    expect(page.statusCode).toBe(200);
    const answer = await app.inject({
      method: 'POST',
      url: challenge.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.config.publicUrl },
      payload: new URLSearchParams({
        decision,
        client_secret: clientSecret,
        return_url: returnUrl(),
      }).toString(),
    });
    expect(answer.statusCode).toBe(303);
    return { page: page.body, back: new URL(String(answer.headers.location)) };
  }

  /** Saves a test card on a new Customer with a SetupIntent, authenticating when the bank asks. */
  async function saveCard(number: string) {
    const customer = await newCustomer();
    const setup = await sandboxOf(app).createSetupIntent({
      customerId: customer.id,
      metadata: { purpose: 'test' },
      idempotencyKey: key('seti'),
    });
    const response = await app.inject({
      method: 'POST',
      url: `/api/sandbox/setup-intents/${setup.id}/confirm`,
      payload: { clientSecret: setup.clientSecret, card: card(number), returnUrl: returnUrl() },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json();
    if (result.nextAction) await authenticate(result.nextAction.redirectUrl, setup.clientSecret, 'approve');
    const saved = await sandboxOf(app).retrieveSetupIntent(setup.id);
    return { customerId: customer.id, setup: saved, first: result };
  }

  const charge = (
    customerId: string,
    paymentMethodId: string,
    idempotencyKey = key('charge'),
    amount = 4000,
  ) =>
    sandboxOf(app).chargeSavedCard({
      amount,
      applicationFeeAmount: 120,
      destinationAccountId: accountId,
      customerId,
      paymentMethodId,
      metadata: { kind: 'no_show_fee' },
      statementDescriptorSuffix: null,
      idempotencyKey,
    });

  async function declineOf(promise: Promise<unknown>): Promise<CardDeclinedError> {
    const error = await promise.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(CardDeclinedError);
    return error as CardDeclinedError;
  }

  it('saves the card a patient pays with, attaching it to the Customer once the payment succeeds', async () => {
    const customer = await newCustomer();
    const intent = await sandboxOf(app).createPaymentIntent({
      amount: 2000,
      applicationFeeAmount: 60,
      destinationAccountId: accountId,
      metadata: { payment_link_id: 'link-1' },
      statementDescriptorSuffix: null,
      idempotencyKey: key('pi'),
      saveCardForCustomerId: customer.id,
    });
    expect(intent).toMatchObject({ customerId: customer.id, savesCard: true, paymentMethodId: null });
    const response = await app.inject({
      method: 'POST',
      url: `/api/sandbox/payment-intents/${intent.id}/confirm`,
      payload: {
        clientSecret: intent.clientSecret,
        card: card('4000 0082 6000 0000'),
        returnUrl: returnUrl(),
      },
    });
    expect(response.json()).toEqual({ paymentIntent: { id: intent.id, status: 'succeeded' } });
    const paid = await sandboxOf(app).retrievePaymentIntent(intent.id);
    expect(paid.paymentMethodId).toMatch(/^pm_sbx_/);
    const saved = await sandboxOf(app).retrievePaymentMethod(String(paid.paymentMethodId));
    expect(saved).toEqual({
      id: paid.paymentMethodId,
      customerId: customer.id,
      brand: 'visa',
      last4: '0000',
      expMonth: 12,
      expYear: 2034,
      country: 'GB',
    });
    const events = await app.database.db.select().from(sandboxEvents);
    const attached = events.filter((row) => row.payload.includes(String(paid.paymentMethodId)));
    expect(attached.map((row) => JSON.parse(row.payload).type)).toContain('payment_method.attached');
    // The saved card is charged later without the patient.
    const later = await charge(customer.id, saved.id);
    expect(later).toMatchObject({ status: 'succeeded', amount: 4000, applicationFeeAmount: 120 });
    expect(later.destinationAccountId).toBe(accountId);
  });

  it('a payment that does not save the card makes no payment method', async () => {
    const intent = await sandboxOf(app).createPaymentIntent({
      amount: 2000,
      applicationFeeAmount: 60,
      destinationAccountId: accountId,
      metadata: {},
      statementDescriptorSuffix: null,
      idempotencyKey: key('pi'),
    });
    await app.inject({
      method: 'POST',
      url: `/api/sandbox/payment-intents/${intent.id}/confirm`,
      payload: { clientSecret: intent.clientSecret, card: card('4242424242424242'), returnUrl: returnUrl() },
    });
    expect(await sandboxOf(app).retrievePaymentIntent(intent.id)).toMatchObject({
      status: 'succeeded',
      paymentMethodId: null,
      savesCard: false,
    });
  });

  it('4000 0025 0000 3155 asks for 3-D Secure when saved, then is charged off-session without it', async () => {
    const { customerId, setup, first } = await saveCard('4000002500003155');
    expect(first.setupIntent.status).toBe('requires_action');
    expect(setup.status).toBe('succeeded');
    const saved = await sandboxOf(app).retrievePaymentMethod(String(setup.paymentMethodId));
    expect(saved.customerId).toBe(customerId);
    expect(await charge(customerId, saved.id)).toMatchObject({ status: 'succeeded' });
  });

  it('the 3-D Secure page names the card being saved, and failing it saves nothing', async () => {
    const customer = await newCustomer();
    const setup = await sandboxOf(app).createSetupIntent({
      customerId: customer.id,
      metadata: {},
      idempotencyKey: key('seti'),
    });
    const response = await app.inject({
      method: 'POST',
      url: `/api/sandbox/setup-intents/${setup.id}/confirm`,
      payload: { clientSecret: setup.clientSecret, card: card('4000002760003184'), returnUrl: returnUrl() },
    });
    const { page, back } = await authenticate(
      response.json().nextAction.redirectUrl,
      setup.clientSecret,
      'fail',
    );
    expect(page).toContain('saving the card ending 3184');
    // Titled as the app's pages are, with the app's icon (no request for a missing /favicon.ico),
    // and readable on a phone.
    expect(page).toMatch(/<title>ClinicPay - [^<]+<\/title>/);
    expect(page).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(back.searchParams.get('setup_intent')).toBe(setup.id);
    expect(back.searchParams.get('redirect_status')).toBe('failed');
    const after = await sandboxOf(app).retrieveSetupIntent(setup.id);
    expect(after).toMatchObject({
      status: 'requires_payment_method',
      paymentMethodId: null,
      lastSetupError: { code: 'payment_intent_authentication_failure' },
    });
  });

  it('4000 0027 6000 3184 is refused off-session for authentication; the patient completes the same intent', async () => {
    const { customerId, setup } = await saveCard('4000002760003184');
    expect(setup.status).toBe('succeeded');
    const paymentMethodId = String(setup.paymentMethodId);
    const declined = await declineOf(charge(customerId, paymentMethodId));
    expect(declined.error).toEqual({
      code: 'authentication_required',
      declineCode: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
    });
    const left = declined.paymentIntent;
    expect(left).toMatchObject({ status: 'requires_payment_method', paymentMethodId, customerId });
    if (!left) throw new Error('the refused intent is missing');

    const confirm = await app.inject({
      method: 'POST',
      url: `/api/sandbox/payment-intents/${left.id}/confirm-saved-card`,
      payload: { clientSecret: left.clientSecret, paymentMethodId, returnUrl: returnUrl() },
    });
    expect(confirm.json().paymentIntent.status).toBe('requires_action');
    const { back } = await authenticate(confirm.json().nextAction.redirectUrl, left.clientSecret, 'approve');
    expect(back.searchParams.get('payment_intent')).toBe(left.id);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    expect(await sandboxOf(app).retrievePaymentIntent(left.id)).toMatchObject({
      status: 'succeeded',
      lastPaymentError: null,
    });
  });

  it('4000 0000 0000 0341 is saved, then every charge of it is declined', async () => {
    const { customerId, setup, first } = await saveCard('4000000000000341');
    expect(first).toEqual({ setupIntent: { id: setup.id, status: 'succeeded' } });
    const declined = await declineOf(charge(customerId, String(setup.paymentMethodId)));
    expect(declined.error).toEqual({
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect(declined.paymentIntent?.status).toBe('requires_payment_method');
  });

  it('a card that declines payments cannot be saved', async () => {
    const customer = await newCustomer();
    const setup = await sandboxOf(app).createSetupIntent({
      customerId: customer.id,
      metadata: {},
      idempotencyKey: key('seti'),
    });
    const response = await app.inject({
      method: 'POST',
      url: `/api/sandbox/setup-intents/${setup.id}/confirm`,
      payload: { clientSecret: setup.clientSecret, card: card('4000000000009995'), returnUrl: returnUrl() },
    });
    expect(response.json()).toEqual({
      setupIntent: { id: setup.id, status: 'requires_payment_method' },
      error: {
        code: 'card_declined',
        declineCode: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    });
    expect((await sandboxOf(app).retrieveSetupIntent(setup.id)).paymentMethodId).toBeNull();
  });

  it('a wrong client secret opens no SetupIntent', async () => {
    const customer = await newCustomer();
    const setup = await sandboxOf(app).createSetupIntent({
      customerId: customer.id,
      metadata: {},
      idempotencyKey: key('seti'),
    });
    const response = await app.inject({
      method: 'POST',
      url: `/api/sandbox/setup-intents/${setup.id}/confirm`,
      payload: {
        clientSecret: `${setup.clientSecret}x`,
        card: card('4242424242424242'),
        returnUrl: returnUrl(),
      },
    });
    expect(response.statusCode).toBe(404);
    expect((await sandboxOf(app).retrieveSetupIntent(setup.id)).status).toBe('requires_payment_method');
  });

  it('a detached card can never be charged or confirmed again, and is detached once only', async () => {
    const { customerId, setup } = await saveCard('4242424242424242');
    const paymentMethodId = String(setup.paymentMethodId);
    const detached = await sandboxOf(app).detachPaymentMethod(paymentMethodId);
    expect(detached.customerId).toBeNull();
    const refused = await charge(customerId, paymentMethodId).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GatewayError);
    expect((refused as GatewayError).code).toBe('payment_method_unexpected_state');
    const again = await sandboxOf(app)
      .detachPaymentMethod(paymentMethodId)
      .catch((error: unknown) => error);
    expect((again as GatewayError).code).toBe('payment_method_unexpected_state');
    const events = await app.database.db.select().from(sandboxEvents);
    const mine = events.filter((row) => row.payload.includes(paymentMethodId));
    expect(mine.filter((row) => JSON.parse(row.payload).type === 'payment_method.detached')).toHaveLength(1);
  });

  it('one idempotency key makes one charge, replays a refusal, and refuses other parameters', async () => {
    const { customerId, setup } = await saveCard('4242424242424242');
    const paymentMethodId = String(setup.paymentMethodId);
    const chargeKey = key('charge');
    const answers = await Promise.allSettled(
      Array.from({ length: 5 }, () => charge(customerId, paymentMethodId, chargeKey)),
    );
    const ids = new Set(
      answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value.id] : [])),
    );
    expect(ids.size).toBe(1);
    const made = await app.database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.idempotencyKey, chargeKey));
    expect(made).toHaveLength(1);
    // Another request in flight with the same key is refused, never charged twice.
    for (const answer of answers)
      if (answer.status === 'rejected')
        expect((answer.reason as GatewayError).code).toBe('idempotency_key_in_use');
    expect((await charge(customerId, paymentMethodId, chargeKey)).id).toBe([...ids][0]);
    const other = await charge(customerId, paymentMethodId, chargeKey, 5000).catch((error: unknown) => error);
    expect((other as GatewayError).code).toBe('idempotency_error');

    const declining = await saveCard('4000000000000341');
    const declineKey = key('charge');
    const first = await declineOf(
      charge(declining.customerId, String(declining.setup.paymentMethodId), declineKey),
    );
    const replay = await declineOf(
      charge(declining.customerId, String(declining.setup.paymentMethodId), declineKey),
    );
    expect(replay.paymentIntent?.id).toBe(first.paymentIntent?.id);
  });

  it('a card saved on one Customer cannot be charged as another', async () => {
    const { setup } = await saveCard('4242424242424242');
    const stranger = await newCustomer();
    const refused = await charge(stranger.id, String(setup.paymentMethodId)).catch((error: unknown) => error);
    expect((refused as GatewayError).code).toBe('payment_method_unexpected_state');
  });

  it('refuses to save a card for a Customer it does not know', async () => {
    const refused = await sandboxOf(app)
      .createPaymentIntent({
        amount: 2000,
        applicationFeeAmount: 60,
        destinationAccountId: accountId,
        metadata: {},
        statementDescriptorSuffix: null,
        idempotencyKey: key('pi'),
        saveCardForCustomerId: 'cus_sbx_unknown',
      })
      .catch((error: unknown) => error);
    expect((refused as GatewayError).code).toBe('resource_missing');
  });
});
