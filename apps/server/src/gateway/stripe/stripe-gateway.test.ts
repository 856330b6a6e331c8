/**
 * The Stripe gateway drives the real SDK against a local HTTP stand-in for the Stripe API, and each
 * test asserts the request the SDK sent: path, form fields, Idempotency-Key and Stripe-Version
 * (contract.test.ts keeps the list of every request's parameter names).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CardGateway, PROVIDER_API_VERSION } from '../gateway.js';
import { signLikeStripe } from '../webhook-signature.js';
import { createStripeGateway } from './stripe-gateway.js';

interface RecordedRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  headers: http.IncomingHttpHeaders;
}

/** Answers like the Stripe API with whatever the test queued, and records what it was asked. */
function startStripeStandIn() {
  const requests: RecordedRequest[] = [];
  const replies: { status: number; body: unknown }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      requests.push({
        method: request.method ?? '',
        path: url.pathname + url.search,
        form: new URLSearchParams(body),
        headers: request.headers,
      });
      const reply = replies.shift() ?? { status: 500, body: { error: { message: 'no reply queued' } } };
      response.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': 'req_test' });
      response.end(JSON.stringify(reply.body));
    });
  });
  return { server, requests, replies };
}

const WEBHOOK_SECRETS = { platform: 'whsec_platform_test', connect: 'whsec_connect_test' };

describe('the Stripe gateway', () => {
  const standIn = startStripeStandIn();
  let gateway: CardGateway;

  beforeAll(async () => {
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    const { port } = standIn.server.address() as AddressInfo;
    gateway = createStripeGateway({
      secretKey: 'sk_test_standin',
      publishableKey: 'pk_test_standin',
      webhookSecrets: WEBHOOK_SECRETS,
      api: { host: '127.0.0.1', port, protocol: 'http' },
    });
  });
  afterAll(() => new Promise<void>((resolve) => standIn.server.close(() => resolve())));
  beforeEach(() => {
    standIn.requests.length = 0;
    standIn.replies.length = 0;
  });

  const lastRequest = () => {
    const request = standIn.requests.at(-1);
    if (!request) throw new Error('no request reached the stand-in');
    return request;
  };

  it('is in live mode only with a live secret or restricted key', () => {
    const livemode = (secretKey: string) =>
      createStripeGateway({ secretKey, publishableKey: 'pk_x', webhookSecrets: WEBHOOK_SECRETS }).livemode;
    expect(gateway.livemode).toBe(false);
    expect(livemode('sk_live_abc')).toBe(true);
    expect(livemode('rk_live_abc')).toBe(true);
    expect(livemode('sk_test_abc')).toBe(false);
    expect(livemode('rk_test_abc')).toBe(false);
  });

  it('sends every request in the pinned API version', async () => {
    standIn.replies.push({ status: 200, body: { id: 'acct_9', object: 'account' } });
    await gateway.retrieveConnectedAccount('acct_9');
    expect(lastRequest().headers['stripe-version']).toBe(PROVIDER_API_VERSION);
  });

  it('creates an account in GB configured as Express with controller properties, without a type', async () => {
    standIn.replies.push({
      status: 200,
      body: { id: 'acct_123', object: 'account', charges_enabled: false, details_submitted: false },
    });
    const account = await gateway.createConnectedAccount({
      email: 'clinic@example.com',
      clinicId: 'clinic-1',
      idempotencyKey: 'account:clinic-1:abc',
    });
    expect(account).toEqual({
      id: 'acct_123',
      status: 'pending',
      detailsSubmitted: false,
      requirementsDue: [],
      requirementsDeadline: null,
    });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/accounts');
    expect(Object.fromEntries(request.form)).toEqual({
      'controller[stripe_dashboard][type]': 'express',
      'controller[fees][payer]': 'application',
      'controller[losses][payments]': 'application',
      'controller[requirement_collection]': 'stripe',
      country: 'GB',
      email: 'clinic@example.com',
      'capabilities[card_payments][requested]': 'true',
      'capabilities[transfers][requested]': 'true',
      'metadata[clinic_id]': 'clinic-1',
    });
    expect(request.form.has('type')).toBe(false);
    expect(request.headers['idempotency-key']).toBe('account:clinic-1:abc');
    expect(request.headers.authorization).toBe('Bearer sk_test_standin');
  });

  it.each([
    ['onboarding not finished', { charges_enabled: false, details_submitted: false }, 'pending'],
    [
      'charges and transfers enabled, nothing due',
      {
        charges_enabled: true,
        details_submitted: true,
        capabilities: { card_payments: 'active', transfers: 'active' },
        requirements: { currently_due: [], past_due: [], disabled_reason: null },
      },
      'connected',
    ],
    [
      'rejected',
      {
        charges_enabled: false,
        details_submitted: true,
        requirements: { disabled_reason: 'rejected.fraud' },
      },
      'rejected',
    ],
    [
      'paused for what is past due',
      {
        charges_enabled: false,
        details_submitted: true,
        capabilities: { card_payments: 'inactive', transfers: 'inactive' },
        requirements: { past_due: ['external_account'], disabled_reason: 'requirements.past_due' },
      },
      'restricted',
    ],
  ])("reads an account's status from Stripe: %s", async (_name, fields, status) => {
    standIn.replies.push({ status: 200, body: { id: 'acct_9', object: 'account', ...fields } });
    expect((await gateway.retrieveConnectedAccount('acct_9')).status).toBe(status);
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/v1/accounts/acct_9' });
  });

  it('reads an account Stripe is still verifying as verifying', async () => {
    standIn.replies.push({
      status: 200,
      body: {
        id: 'acct_9',
        object: 'account',
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: true,
        capabilities: { card_payments: 'pending', transfers: 'pending' },
        requirements: {
          current_deadline: null,
          currently_due: [],
          past_due: [],
          eventually_due: [],
          pending_verification: ['individual.verification.document'],
          disabled_reason: 'requirements.pending_verification',
        },
      },
    });
    expect(await gateway.retrieveConnectedAccount('acct_9')).toEqual({
      id: 'acct_9',
      status: 'verifying',
      detailsSubmitted: true,
      requirementsDue: [],
      requirementsDeadline: null,
    });
  });

  it('reads an enabled account with something due by a deadline as action needed, with the deadline', async () => {
    const deadline = 1_900_000_000;
    standIn.replies.push({
      status: 200,
      body: {
        id: 'acct_9',
        object: 'account',
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
        capabilities: { card_payments: 'active', transfers: 'active' },
        requirements: {
          current_deadline: deadline,
          currently_due: ['individual.verification.additional_document'],
          past_due: [],
          eventually_due: ['individual.verification.additional_document'],
          pending_verification: [],
          disabled_reason: null,
        },
      },
    });
    expect(await gateway.retrieveConnectedAccount('acct_9')).toEqual({
      id: 'acct_9',
      status: 'action_needed',
      detailsSubmitted: true,
      requirementsDue: ['individual.verification.additional_document'],
      requirementsDeadline: new Date(deadline * 1000),
    });
  });

  it('confirms access to a connected account by retrieving it: yes when Stripe shows it', async () => {
    standIn.replies.push({
      status: 200,
      body: { id: 'acct_live', object: 'account', charges_enabled: true, details_submitted: true },
    });
    expect(await gateway.hasAccountAccess('acct_live')).toBe(true);
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/v1/accounts/acct_live' });
  });

  it.each([
    [
      'a permission error (access revoked)',
      403,
      {
        type: 'invalid_request_error',
        message:
          "The provided key 'sk_test_***' does not have access to account 'acct_gone' (or that account does not exist). Application access may have been revoked.",
      },
    ],
    [
      'account_invalid',
      400,
      { type: 'invalid_request_error', code: 'account_invalid', message: 'The account is invalid.' },
    ],
    [
      'no such account',
      404,
      { type: 'invalid_request_error', code: 'resource_missing', message: "No such account: 'acct_gone'" },
    ],
  ])('confirms a deauthorization when Stripe answers %s', async (_name, status, error) => {
    standIn.replies.push({ status, body: { error } });
    expect(await gateway.hasAccountAccess('acct_gone')).toBe(false);
    expect(lastRequest().path).toBe('/v1/accounts/acct_gone');
  });

  it('does not tell when Stripe gives no answer about the account', async () => {
    standIn.replies.push({
      status: 401,
      body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_***' } },
    });
    await expect(gateway.hasAccountAccess('acct_1')).rejects.toMatchObject({ name: 'GatewayError' });
    const failure = { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong.' } } };
    standIn.replies.push(failure, failure, failure);
    await expect(gateway.hasAccountAccess('acct_1')).rejects.toMatchObject({
      name: 'GatewayOutcomeUnknownError',
    });
  });

  it('creates an onboarding Account Link with the return and refresh URLs', async () => {
    standIn.replies.push({
      status: 200,
      body: { object: 'account_link', url: 'https://connect.stripe.test/setup/x' },
    });
    const link = await gateway.createOnboardingLink({
      accountId: 'acct_123',
      returnUrl: 'https://pay.example/auth/callback?type=stripe_connect',
      refreshUrl: 'https://pay.example/dashboard/settings?tab=payments',
    });
    expect(link.url).toBe('https://connect.stripe.test/setup/x');
    expect(lastRequest().path).toBe('/v1/account_links');
    expect(Object.fromEntries(lastRequest().form)).toEqual({
      account: 'acct_123',
      type: 'account_onboarding',
      return_url: 'https://pay.example/auth/callback?type=stripe_connect',
      refresh_url: 'https://pay.example/dashboard/settings?tab=payments',
    });
  });

  it('asks for what is due now and what will be with an update link, still of type account_onboarding', async () => {
    standIn.replies.push({
      status: 200,
      body: { object: 'account_link', url: 'https://connect.stripe.test/setup/update' },
    });
    const link = await gateway.createOnboardingLink({
      accountId: 'acct_123',
      returnUrl: 'https://pay.example/dashboard/settings?tab=payments',
      refreshUrl: 'https://pay.example/dashboard/settings?tab=payments',
      purpose: 'update',
    });
    expect(link.url).toBe('https://connect.stripe.test/setup/update');
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/v1/account_links' });
    expect(Object.fromEntries(lastRequest().form)).toEqual({
      account: 'acct_123',
      type: 'account_onboarding',
      return_url: 'https://pay.example/dashboard/settings?tab=payments',
      refresh_url: 'https://pay.example/dashboard/settings?tab=payments',
      'collection_options[fields]': 'currently_due',
      'collection_options[future_requirements]': 'include',
    });
  });

  const balance = (available: number, pending: number) => ({
    status: 200,
    body: {
      object: 'balance',
      livemode: false,
      available: [{ amount: available, currency: 'gbp' }],
      pending: [{ amount: pending, currency: 'gbp' }],
    },
  });

  it.each([
    ['available', 1200, 0],
    ['pending', 0, 4500],
    ['negative', -300, 0],
  ])(
    'refuses to close an account with a %s balance, reading it on the account',
    async (_name, available, pending) => {
      standIn.replies.push(balance(available, pending));
      await expect(gateway.closeConnectedAccount('acct_123')).rejects.toMatchObject({
        name: 'GatewayError',
        code: 'balance_not_zero',
        message: 'This account still holds a balance; it can be closed once its balance is zero.',
      });
      expect(standIn.requests).toHaveLength(1);
      expect(lastRequest()).toMatchObject({ method: 'GET', path: '/v1/balance' });
      expect(lastRequest().headers['stripe-account']).toBe('acct_123');
    },
  );

  it('closes an account whose balance is zero by deleting it', async () => {
    standIn.replies.push(balance(0, 0), {
      status: 200,
      body: { id: 'acct_123', object: 'account', deleted: true },
    });
    await gateway.closeConnectedAccount('acct_123');
    expect(standIn.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /v1/balance',
      'DELETE /v1/accounts/acct_123',
    ]);
    expect(standIn.requests[0]?.headers['stripe-account']).toBe('acct_123');
    // The account itself is deleted by the platform, not by the account.
    expect(lastRequest().headers['stripe-account']).toBeUndefined();
  });

  it('says resource_missing when closing an account Stripe does not show the platform', async () => {
    standIn.replies.push({
      status: 403,
      body: {
        error: {
          type: 'invalid_request_error',
          message:
            "The provided key 'sk_test_***' does not have access to account 'acct_gone' (or that account does not exist).",
        },
      },
    });
    await expect(gateway.closeConnectedAccount('acct_gone')).rejects.toMatchObject({
      name: 'GatewayError',
      code: 'resource_missing',
    });
  });

  it('creates a destination charge in GBP with the application fee and metadata', async () => {
    standIn.replies.push({
      status: 200,
      body: {
        id: 'pi_1',
        object: 'payment_intent',
        client_secret: 'pi_1_secret_x',
        status: 'requires_payment_method',
        amount: 4500,
        application_fee_amount: 135,
        transfer_data: { destination: 'acct_123' },
        statement_descriptor_suffix: 'SMITH DENTAL',
        metadata: { payment_link_id: 'link-1' },
        latest_charge: null,
      },
    });
    const intent = await gateway.createPaymentIntent({
      amount: 4500,
      applicationFeeAmount: 135,
      destinationAccountId: 'acct_123',
      metadata: { payment_link_id: 'link-1', clinic_id: 'clinic-1' },
      statementDescriptorSuffix: 'SMITH DENTAL',
      idempotencyKey: 'payment-intent:attempt-1',
    });
    expect(intent).toMatchObject({
      id: 'pi_1',
      clientSecret: 'pi_1_secret_x',
      amount: 4500,
      destinationAccountId: 'acct_123',
      statementDescriptorSuffix: 'SMITH DENTAL',
      cardFee: null,
    });
    const request = lastRequest();
    expect(request.path).toBe('/v1/payment_intents');
    expect(Object.fromEntries(request.form)).toEqual({
      amount: '4500',
      currency: 'gbp',
      application_fee_amount: '135',
      'transfer_data[destination]': 'acct_123',
      'automatic_payment_methods[enabled]': 'true',
      statement_descriptor_suffix: 'SMITH DENTAL',
      'metadata[payment_link_id]': 'link-1',
      'metadata[clinic_id]': 'clinic-1',
    });
    // ClinicPay sends its own receipt; Stripe would send a second one in live mode.
    expect(request.form.has('receipt_email')).toBe(false);
    expect(request.headers['idempotency-key']).toBe('payment-intent:attempt-1');
  });

  it('sends no statement descriptor suffix when the clinic has none', async () => {
    standIn.replies.push({
      status: 200,
      body: {
        id: 'pi_2',
        object: 'payment_intent',
        client_secret: 'pi_2_secret_x',
        status: 'requires_payment_method',
        amount: 4500,
        application_fee_amount: 135,
        transfer_data: { destination: { id: 'acct_123', object: 'account' } },
        statement_descriptor_suffix: null,
        metadata: {},
        latest_charge: null,
      },
    });
    const intent = await gateway.createPaymentIntent({
      amount: 4500,
      applicationFeeAmount: 135,
      destinationAccountId: 'acct_123',
      metadata: {},
      statementDescriptorSuffix: null,
      idempotencyKey: 'payment-intent:attempt-2',
    });
    // An expanded destination is read by its id.
    expect(intent).toMatchObject({ destinationAccountId: 'acct_123', statementDescriptorSuffix: null });
    expect([...lastRequest().form.keys()]).not.toContain('statement_descriptor_suffix');
    expect([...lastRequest().form.keys()]).not.toContain('receipt_email');
  });

  it('reads the card fee from the charge balance transaction', async () => {
    standIn.replies.push({
      status: 200,
      body: {
        id: 'pi_1',
        object: 'payment_intent',
        client_secret: 'pi_1_secret_x',
        status: 'succeeded',
        amount: 4500,
        application_fee_amount: 135,
        metadata: {},
        latest_charge: { id: 'ch_1', object: 'charge', balance_transaction: { id: 'txn_1', fee: 83 } },
      },
    });
    expect((await gateway.retrievePaymentIntent('pi_1')).cardFee).toBe(83);
    expect(lastRequest().path).toBe('/v1/payment_intents/pi_1?expand[0]=latest_charge.balance_transaction');
  });

  it("writes a payer's details onto an open intent, removing a metadata key with ''", async () => {
    standIn.replies.push({
      status: 200,
      body: {
        id: 'pi_1',
        object: 'payment_intent',
        client_secret: 'pi_1_secret_x',
        status: 'requires_payment_method',
        amount: 4500,
        application_fee_amount: 248,
        metadata: { payment_request_id: 'request-1', patient_name: 'Grace Patient' },
        latest_charge: null,
      },
    });
    const intent = await gateway.updatePaymentIntent({
      paymentIntentId: 'pi_1',
      applicationFeeAmount: 248,
      metadata: { patient_name: 'Grace Patient', patient_phone: '' },
    });
    expect(intent).toMatchObject({
      id: 'pi_1',
      applicationFeeAmount: 248,
      destinationAccountId: null,
      statementDescriptorSuffix: null,
    });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/payment_intents/pi_1');
    expect(Object.fromEntries(request.form)).toEqual({
      application_fee_amount: '248',
      'metadata[patient_name]': 'Grace Patient',
      'metadata[patient_phone]': '',
    });
  });

  it("refuses to change a paid intent with Stripe's code", async () => {
    standIn.replies.push({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: 'This PaymentIntent could not be updated because it has a status of succeeded.',
        },
      },
    });
    await expect(gateway.updatePaymentIntent({ paymentIntentId: 'pi_1', amount: 100 })).rejects.toMatchObject(
      {
        name: 'GatewayError',
        code: 'payment_intent_unexpected_state',
      },
    );
  });

  it("refunds reversing the transfer, keeping the application fee, with ClinicPay's refund id attached", async () => {
    standIn.replies.push({
      status: 200,
      body: {
        id: 're_1',
        object: 'refund',
        status: 'succeeded',
        amount: 1000,
        payment_intent: 'pi_1',
        metadata: { clinicpay_refund_id: 'r-1' },
      },
    });
    const refund = await gateway.createRefund({
      paymentIntentId: 'pi_1',
      amount: 1000,
      idempotencyKey: 'refund:r-1',
      metadata: { clinicpay_refund_id: 'r-1' },
    });
    expect(refund).toEqual({
      id: 're_1',
      status: 'succeeded',
      amount: 1000,
      paymentIntentId: 'pi_1',
      metadata: { clinicpay_refund_id: 'r-1' },
    });
    expect(lastRequest().path).toBe('/v1/refunds');
    expect(Object.fromEntries(lastRequest().form)).toEqual({
      payment_intent: 'pi_1',
      amount: '1000',
      reverse_transfer: 'true',
      refund_application_fee: 'false',
      'metadata[clinicpay_refund_id]': 'r-1',
    });
    expect(lastRequest().headers['idempotency-key']).toBe('refund:r-1');
  });

  it('leaves a refund in flight, not refused, when Stripe fails inside', async () => {
    const failure = { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong.' } } };
    standIn.replies.push(failure, failure, failure);
    await expect(
      gateway.createRefund({ paymentIntentId: 'pi_1', amount: 100, idempotencyKey: 'refund:r-3' }),
    ).rejects.toMatchObject({ name: 'GatewayOutcomeUnknownError' });
    // Every retry carried the same key, so Stripe refunds at most once.
    expect(new Set(standIn.requests.map((request) => request.headers['idempotency-key']))).toEqual(
      new Set(['refund:r-3']),
    );
  });

  it("lists a payment intent's refunds across pages", async () => {
    const refund = (id: string, status: string) => ({
      id,
      object: 'refund',
      status,
      amount: 500,
      payment_intent: 'pi_1',
      metadata: {},
    });
    standIn.replies.push(
      { status: 200, body: { object: 'list', data: [refund('re_2', 'failed')], has_more: true } },
      { status: 200, body: { object: 'list', data: [refund('re_1', 'succeeded')], has_more: false } },
    );
    const refunds = await gateway.listRefunds('pi_1');
    expect(refunds.map(({ id, status }) => [id, status])).toEqual([
      ['re_2', 'failed'],
      ['re_1', 'succeeded'],
    ]);
    expect(standIn.requests.map((request) => request.path)).toEqual([
      '/v1/refunds?payment_intent=pi_1&limit=100',
      '/v1/refunds?payment_intent=pi_1&limit=100&starting_after=re_2',
    ]);
  });

  it("turns Stripe's refusals into a GatewayError with Stripe's message", async () => {
    standIn.replies.push({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'amount_too_large',
          message: 'Refund amount is too large.',
        },
      },
    });
    await expect(
      gateway.createRefund({ paymentIntentId: 'pi_1', amount: 99_999, idempotencyKey: 'refund:r-2' }),
    ).rejects.toMatchObject({
      name: 'GatewayError',
      message: 'Refund amount is too large.',
      code: 'amount_too_large',
    });
  });

  it("verifies webhook signatures with each endpoint's own secret", async () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      type: 'account.updated',
      created: 1,
      livemode: true,
      account: 'acct_1',
      data: { object: {} },
    });
    const connectSignature = signLikeStripe(payload, WEBHOOK_SECRETS.connect);
    const event = await gateway.verifyWebhookEvent({
      rawBody: Buffer.from(payload),
      signature: connectSignature,
      endpoint: 'connect',
    });
    expect(event).toMatchObject({ id: 'evt_1', livemode: true, account: 'acct_1' });
    await expect(
      gateway.verifyWebhookEvent({
        rawBody: Buffer.from(payload),
        signature: connectSignature,
        endpoint: 'platform',
      }),
    ).rejects.toThrow(/signature/i);
    const stale = signLikeStripe(payload, WEBHOOK_SECRETS.connect, Math.floor(Date.now() / 1000) - 3600);
    await expect(
      gateway.verifyWebhookEvent({ rawBody: Buffer.from(payload), signature: stale, endpoint: 'connect' }),
    ).rejects.toThrow();
  });

  it('gives the browser the publishable key only', () => {
    expect(gateway.browserConfig()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_standin' });
  });
});
