/**
 * The Stripe gateway drives the real SDK against a local HTTP stand-in for the Stripe API, and each
 * test asserts the request the SDK sent: path, form fields and Idempotency-Key.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CardGateway } from '../gateway.js';
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

  it('creates an Express account in GB with card payments and transfers', async () => {
    standIn.replies.push({
      status: 200,
      body: { id: 'acct_123', object: 'account', charges_enabled: false, details_submitted: false },
    });
    const account = await gateway.createConnectedAccount({
      email: 'clinic@example.com',
      clinicId: 'clinic-1',
      idempotencyKey: 'account:clinic-1:abc',
    });
    expect(account).toEqual({ id: 'acct_123', status: 'pending' });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/accounts');
    expect(Object.fromEntries(request.form)).toEqual({
      type: 'express',
      country: 'GB',
      email: 'clinic@example.com',
      'capabilities[card_payments][requested]': 'true',
      'capabilities[transfers][requested]': 'true',
      'metadata[clinic_id]': 'clinic-1',
    });
    expect(request.headers['idempotency-key']).toBe('account:clinic-1:abc');
    expect(request.headers.authorization).toBe('Bearer sk_test_standin');
  });

  it('derives connected, pending and suspended from the account', async () => {
    const cases = [
      [{ charges_enabled: true, details_submitted: true }, 'connected'],
      [{ charges_enabled: false, details_submitted: false }, 'pending'],
      [
        {
          charges_enabled: false,
          details_submitted: true,
          requirements: { disabled_reason: 'rejected.fraud' },
        },
        'suspended',
      ],
      [
        { charges_enabled: false, details_submitted: true, requirements: { disabled_reason: null } },
        'pending',
      ],
    ] as const;
    for (const [fields, status] of cases) {
      standIn.replies.push({ status: 200, body: { id: 'acct_9', object: 'account', ...fields } });
      expect((await gateway.retrieveConnectedAccount('acct_9')).status).toBe(status);
      expect(lastRequest().path).toBe('/v1/accounts/acct_9');
    }
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
        metadata: { payment_link_id: 'link-1' },
        latest_charge: null,
      },
    });
    const intent = await gateway.createPaymentIntent({
      amount: 4500,
      applicationFeeAmount: 135,
      destinationAccountId: 'acct_123',
      metadata: { payment_link_id: 'link-1', clinic_id: 'clinic-1' },
      receiptEmail: 'patient@example.com',
      idempotencyKey: 'payment-intent:attempt-1',
    });
    expect(intent).toMatchObject({ id: 'pi_1', clientSecret: 'pi_1_secret_x', amount: 4500, cardFee: null });
    const request = lastRequest();
    expect(request.path).toBe('/v1/payment_intents');
    expect(Object.fromEntries(request.form)).toEqual({
      amount: '4500',
      currency: 'gbp',
      application_fee_amount: '135',
      'transfer_data[destination]': 'acct_123',
      'automatic_payment_methods[enabled]': 'true',
      receipt_email: 'patient@example.com',
      'metadata[payment_link_id]': 'link-1',
      'metadata[clinic_id]': 'clinic-1',
    });
    expect(request.headers['idempotency-key']).toBe('payment-intent:attempt-1');
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
        receipt_email: 'grace@patient.example',
        metadata: { payment_request_id: 'request-1', patient_name: 'Grace Patient' },
        latest_charge: null,
      },
    });
    const intent = await gateway.updatePaymentIntent({
      paymentIntentId: 'pi_1',
      applicationFeeAmount: 248,
      metadata: { patient_name: 'Grace Patient', patient_phone: '' },
      receiptEmail: 'grace@patient.example',
    });
    expect(intent).toMatchObject({
      id: 'pi_1',
      applicationFeeAmount: 248,
      receiptEmail: 'grace@patient.example',
    });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/payment_intents/pi_1');
    expect(Object.fromEntries(request.form)).toEqual({
      application_fee_amount: '248',
      'metadata[patient_name]': 'Grace Patient',
      'metadata[patient_phone]': '',
      receipt_email: 'grace@patient.example',
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
      data: { object: {} },
    });
    const connectSignature = signLikeStripe(payload, WEBHOOK_SECRETS.connect);
    const event = await gateway.verifyWebhookEvent({
      rawBody: Buffer.from(payload),
      signature: connectSignature,
      endpoint: 'connect',
    });
    expect(event.id).toBe('evt_1');
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
