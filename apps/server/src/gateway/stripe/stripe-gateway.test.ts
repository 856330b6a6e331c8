/**
 * The Stripe gateway drives the real SDK against a local HTTP stand-in for the Stripe API, and each
 * test asserts the request the SDK sent: path, form fields (or the multipart body of a file upload),
 * Idempotency-Key and Stripe-Version (contract.test.ts keeps the list of every request's parameter names).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CardDeclinedError, type CardGateway, PROVIDER_API_VERSION } from '../gateway.js';
import { signLikeStripe } from '../webhook-signature.js';
import { createStripeGateway } from './stripe-gateway.js';

interface RecordedRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  /** The body as sent, for a multipart/form-data upload. */
  body: string;
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
        body,
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

  /** What chargeSavedCard is asked for a £40.00 charge of cus_1's pm_1 for acct_123. */
  const savedCardCharge = (idempotencyKey: string, metadata: Record<string, string> = {}) => ({
    amount: 4000,
    applicationFeeAmount: 120,
    destinationAccountId: 'acct_123',
    customerId: 'cus_1',
    paymentMethodId: 'pm_1',
    metadata,
    statementDescriptorSuffix: null,
    idempotencyKey,
  });

  it('charges a saved card off-session as a destination charge, confirmed at once', async () => {
    standIn.replies.push({
      status: 200,
      body: {
        id: 'pi_2',
        object: 'payment_intent',
        client_secret: 'pi_2_secret_x',
        status: 'succeeded',
        amount: 4000,
        application_fee_amount: 120,
        transfer_data: { destination: 'acct_123' },
        customer: 'cus_1',
        payment_method: 'pm_1',
        metadata: {},
        latest_charge: 'ch_2',
      },
    });
    const intent = await gateway.chargeSavedCard(
      savedCardCharge('card-charge:charge-1:1', { card_charge_id: 'charge-1' }),
    );
    expect(intent).toMatchObject({
      id: 'pi_2',
      status: 'succeeded',
      customerId: 'cus_1',
      paymentMethodId: 'pm_1',
    });
    const request = lastRequest();
    expect(Object.fromEntries(request.form)).toEqual({
      amount: '4000',
      currency: 'gbp',
      customer: 'cus_1',
      payment_method: 'pm_1',
      'allowed_payment_method_types[0]': 'card',
      off_session: 'true',
      confirm: 'true',
      application_fee_amount: '120',
      'transfer_data[destination]': 'acct_123',
      'metadata[card_charge_id]': 'charge-1',
    });
    expect(request.headers['idempotency-key']).toBe('card-charge:charge-1:1');
  });

  it("turns Stripe's 402 for a saved card into the card's refusal, with the intent left behind", async () => {
    standIn.replies.push({
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'authentication_required',
          decline_code: 'authentication_required',
          message: 'Your card was declined. This transaction requires authentication.',
          payment_intent: {
            id: 'pi_3',
            object: 'payment_intent',
            client_secret: 'pi_3_secret_x',
            status: 'requires_payment_method',
            amount: 4000,
            customer: 'cus_1',
            payment_method: 'pm_1',
            metadata: {},
            last_payment_error: { code: 'authentication_required', message: 'Authenticate' },
          },
        },
      },
    });
    const refused = await gateway
      .chargeSavedCard(savedCardCharge('card-charge:charge-2:1'))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CardDeclinedError);
    expect((refused as CardDeclinedError).error).toEqual({
      code: 'authentication_required',
      declineCode: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
    });
    expect((refused as CardDeclinedError).paymentIntent).toMatchObject({
      id: 'pi_3',
      clientSecret: 'pi_3_secret_x',
      status: 'requires_payment_method',
      lastPaymentError: { code: 'authentication_required' },
    });
    // Stripe could not be reached: whether the card was charged is unknown, so nothing is concluded.
    const unanswered = savedCardCharge('card-charge:charge-3:1');
    const failure = { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong.' } } };
    standIn.replies.push(failure, failure, failure);
    await expect(gateway.chargeSavedCard(unanswered)).rejects.toMatchObject({
      name: 'GatewayOutcomeUnknownError',
    });
    // Another request under the same key is still in flight (409, which the SDK gives as an API error):
    // its outcome is unknown too, not a refusal, so a charge asked again meanwhile stays in flight.
    const inUse = {
      status: 409,
      body: {
        error: {
          type: 'idempotency_error',
          code: 'idempotency_key_in_use',
          message: 'There is currently another in-progress request using this Idempotent Key.',
        },
      },
    };
    standIn.replies.push(inUse, inUse, inUse);
    await expect(gateway.chargeSavedCard(unanswered)).rejects.toMatchObject({
      name: 'GatewayOutcomeUnknownError',
    });
  });

  it('saves a card for a Customer while paying, and reads and detaches saved cards', async () => {
    standIn.replies.push({
      status: 200,
      body: {
        id: 'pi_4',
        object: 'payment_intent',
        client_secret: 'pi_4_secret_x',
        status: 'requires_payment_method',
        amount: 2000,
        customer: 'cus_1',
        setup_future_usage: 'off_session',
        metadata: {},
      },
    });
    const intent = await gateway.createPaymentIntent({
      amount: 2000,
      applicationFeeAmount: 60,
      destinationAccountId: 'acct_123',
      metadata: {},
      statementDescriptorSuffix: null,
      idempotencyKey: 'payment-intent:attempt-4',
      saveCardForCustomerId: 'cus_1',
    });
    expect(intent).toMatchObject({ customerId: 'cus_1', savesCard: true });
    expect(lastRequest().form.get('setup_future_usage')).toBe('off_session');
    expect(lastRequest().form.get('customer')).toBe('cus_1');

    const card = {
      id: 'pm_1',
      object: 'payment_method',
      type: 'card',
      customer: 'cus_1',
      card: { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031, country: 'GB' },
    };
    standIn.replies.push({ status: 200, body: card });
    expect(await gateway.retrievePaymentMethod('pm_1')).toEqual({
      id: 'pm_1',
      customerId: 'cus_1',
      brand: 'mastercard',
      last4: '4444',
      expMonth: 3,
      expYear: 2031,
      country: 'GB',
    });
    standIn.replies.push({ status: 200, body: { ...card, customer: null } });
    expect((await gateway.detachPaymentMethod('pm_1')).customerId).toBeNull();
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/v1/payment_methods/pm_1/detach' });
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

  const disputeObject = (fields: Record<string, unknown> = {}) => ({
    id: 'dp_1',
    object: 'dispute',
    amount: 4500,
    currency: 'gbp',
    charge: 'ch_1',
    payment_intent: 'pi_1',
    reason: 'fraudulent',
    status: 'needs_response',
    balance_transactions: [],
    evidence_details: { due_by: 1_800_000_000, has_evidence: false, past_due: false, submission_count: 0 },
    is_charge_refundable: false,
    metadata: {},
    ...fields,
  });
  const balanceTransaction = (id: string, amount: number, fee: number, reportingCategory: string) => ({
    id,
    object: 'balance_transaction',
    amount,
    fee,
    net: amount - fee,
    currency: 'gbp',
    type: 'adjustment',
    reporting_category: reportingCategory,
  });

  it('reads a dispute before its funds are withdrawn', async () => {
    standIn.replies.push({ status: 200, body: disputeObject() });
    expect(await gateway.retrieveDispute('dp_1')).toEqual({
      id: 'dp_1',
      amount: 4500,
      reason: 'fraudulent',
      status: 'needs_response',
      paymentIntentId: 'pi_1',
      chargeId: 'ch_1',
      evidenceDueBy: new Date(1_800_000_000 * 1000),
      submissionCount: 0,
      fundsWithdrawn: 0,
      fundsReinstated: 0,
      fee: 0,
      chargeRefundable: false,
    });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/v1/disputes/dp_1' });
  });

  it("reads whether the disputed payment can still be refunded, as an inquiry's can", async () => {
    standIn.replies.push({
      status: 200,
      body: disputeObject({
        status: 'warning_needs_response',
        reason: 'general',
        is_charge_refundable: true,
      }),
    });
    expect(await gateway.retrieveDispute('dp_1')).toMatchObject({
      status: 'warning_needs_response',
      chargeRefundable: true,
    });
  });

  it("reads the withdrawal and the dispute fee from the dispute's balance transactions", async () => {
    standIn.replies.push({
      status: 200,
      body: disputeObject({
        status: 'under_review',
        payment_intent: { id: 'pi_1', object: 'payment_intent' },
        charge: { id: 'ch_1', object: 'charge' },
        balance_transactions: [balanceTransaction('txn_1', -4500, 2000, 'dispute')],
        evidence_details: { due_by: 1_800_000_000, has_evidence: true, past_due: false, submission_count: 1 },
      }),
    });
    // Expanded payment intent and charge are read by their ids.
    expect(await gateway.retrieveDispute('dp_1')).toMatchObject({
      paymentIntentId: 'pi_1',
      chargeId: 'ch_1',
      submissionCount: 1,
      fundsWithdrawn: 4500,
      fundsReinstated: 0,
      fee: 2000,
    });
  });

  it('nets a returned dispute fee against the fee withdrawn when the funds are reinstated', async () => {
    standIn.replies.push({
      status: 200,
      body: disputeObject({
        status: 'won',
        balance_transactions: [
          balanceTransaction('txn_1', -4500, 2000, 'dispute'),
          balanceTransaction('txn_2', 4500, -2000, 'dispute_reversal'),
        ],
      }),
    });
    expect(await gateway.retrieveDispute('dp_1')).toMatchObject({
      status: 'won',
      fundsWithdrawn: 4500,
      fundsReinstated: 4500,
      fee: 0,
    });
    // A reinstatement that returns no fee leaves the fee withdrawn.
    standIn.replies.push({
      status: 200,
      body: disputeObject({
        status: 'won',
        balance_transactions: [
          balanceTransaction('txn_1', -4500, 2000, 'dispute'),
          balanceTransaction('txn_2', 4500, 0, 'dispute_reversal'),
        ],
      }),
    });
    expect(await gateway.retrieveDispute('dp_1')).toMatchObject({ fundsReinstated: 4500, fee: 2000 });
  });

  it('reads no evidence deadline when the issuer allows no response, and no payment intent when none', async () => {
    standIn.replies.push({
      status: 200,
      body: disputeObject({
        status: 'lost',
        payment_intent: null,
        evidence_details: { due_by: 0, has_evidence: false, past_due: false, submission_count: 0 },
      }),
    });
    expect(await gateway.retrieveDispute('dp_1')).toMatchObject({
      evidenceDueBy: null,
      paymentIntentId: null,
    });
  });

  it('says resource_missing for a dispute Stripe does not know', async () => {
    standIn.replies.push({
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: "No such dispute: 'dp_x'",
        },
      },
    });
    await expect(gateway.retrieveDispute('dp_x')).rejects.toMatchObject({
      name: 'GatewayError',
      code: 'resource_missing',
    });
  });

  it('uploads an evidence file as multipart/form-data with the purpose dispute_evidence', async () => {
    standIn.replies.push({
      status: 200,
      body: { id: 'file_1', object: 'file', purpose: 'dispute_evidence', filename: 'receipt.pdf', size: 17 },
    });
    const file = await gateway.uploadDisputeEvidenceFile({
      content: Buffer.from('%PDF-1.4 receipt'),
      filename: 'receipt.pdf',
      contentType: 'application/pdf',
    });
    expect(file).toEqual({ id: 'file_1' });
    const request = lastRequest();
    expect(request).toMatchObject({ method: 'POST', path: '/v1/files' });
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers['stripe-version']).toBe(PROVIDER_API_VERSION);
    expect(request.body).toMatch(
      /Content-Disposition: form-data; name="purpose"\r\n\r\ndispute_evidence\r\n/,
    );
    expect(request.body).toContain(
      'Content-Disposition: form-data; name="file"; filename="receipt.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 receipt\r\n',
    );
  });

  it("turns a refused upload into a GatewayError with Stripe's message", async () => {
    standIn.replies.push({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'file_invalid',
          message: 'The file you uploaded is not a valid PDF.',
        },
      },
    });
    await expect(
      gateway.uploadDisputeEvidenceFile({
        content: Buffer.from('not a pdf'),
        filename: 'x.pdf',
        contentType: 'application/pdf',
      }),
    ).rejects.toMatchObject({
      name: 'GatewayError',
      code: 'file_invalid',
      message: 'The file you uploaded is not a valid PDF.',
    });
  });

  it('sends only the evidence fields that are set, files by their Stripe names, and submits', async () => {
    standIn.replies.push({
      status: 200,
      body: disputeObject({
        status: 'under_review',
        evidence_details: { due_by: 1_800_000_000, has_evidence: true, past_due: false, submission_count: 1 },
      }),
    });
    const dispute = await gateway.updateDispute({
      disputeId: 'dp_1',
      evidence: {
        customerName: 'Grace Patient',
        customerEmailAddress: 'grace@example.com',
        serviceDate: '2 November 2026',
        uncategorizedText: 'The patient attended the appointment.',
        files: { receipt: 'file_1', service_documentation: 'file_2', refund_policy: undefined },
      },
      submit: true,
    });
    expect(dispute).toMatchObject({ id: 'dp_1', status: 'under_review', submissionCount: 1 });
    const request = lastRequest();
    expect(request).toMatchObject({ method: 'POST', path: '/v1/disputes/dp_1' });
    expect(Object.fromEntries(request.form)).toEqual({
      'evidence[customer_name]': 'Grace Patient',
      'evidence[customer_email_address]': 'grace@example.com',
      'evidence[service_date]': '2 November 2026',
      'evidence[uncategorized_text]': 'The patient attended the appointment.',
      'evidence[receipt]': 'file_1',
      'evidence[service_documentation]': 'file_2',
      submit: 'true',
    });
  });

  it('stages evidence without submitting it, sending no empty evidence hash', async () => {
    standIn.replies.push({ status: 200, body: disputeObject() }, { status: 200, body: disputeObject() });
    await gateway.updateDispute({
      disputeId: 'dp_1',
      evidence: { productDescription: 'Dental check-up' },
      submit: false,
    });
    expect(Object.fromEntries(lastRequest().form)).toEqual({
      'evidence[product_description]': 'Dental check-up',
      submit: 'false',
    });
    await gateway.updateDispute({ disputeId: 'dp_1', evidence: {}, submit: false });
    expect(Object.fromEntries(lastRequest().form)).toEqual({ submit: 'false' });
  });

  it('refuses an evidence file field Stripe does not have, asking Stripe nothing', async () => {
    await expect(
      gateway.updateDispute({
        disputeId: 'dp_1',
        evidence: { files: { x_ray: 'file_1' } },
        submit: false,
      }),
    ).rejects.toMatchObject({ name: 'GatewayError', code: 'parameter_unknown' });
    expect(standIn.requests).toHaveLength(0);
  });

  it("turns Stripe's refusal of evidence into a GatewayError, and no answer into an unknown outcome", async () => {
    standIn.replies.push({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          message: 'This dispute is already closed and can no longer accept evidence.',
        },
      },
    });
    await expect(
      gateway.updateDispute({ disputeId: 'dp_1', evidence: { uncategorizedText: 'x' }, submit: true }),
    ).rejects.toMatchObject({
      name: 'GatewayError',
      message: 'This dispute is already closed and can no longer accept evidence.',
    });
    const failure = { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong.' } } };
    standIn.replies.push(failure, failure, failure);
    await expect(
      gateway.updateDispute({ disputeId: 'dp_1', evidence: { uncategorizedText: 'x' }, submit: true }),
    ).rejects.toMatchObject({ name: 'GatewayOutcomeUnknownError' });
  });

  const paidIntent = (latestCharge: unknown) => ({
    status: 200,
    body: {
      id: 'pi_1',
      object: 'payment_intent',
      client_secret: 'pi_1_secret_x',
      status: 'succeeded',
      amount: 4500,
      application_fee_amount: 135,
      transfer_data: { destination: 'acct_123' },
      metadata: {},
      latest_charge: latestCharge,
    },
  });

  /** A charge's transfer as Stripe shows it expanded (docs.stripe.com/api/transfers/object). */
  const transferObject = (fields: Record<string, unknown> = {}) => ({
    id: 'tr_1',
    object: 'transfer',
    amount: 4365,
    amount_reversed: 0,
    reversals: { object: 'list', data: [], has_more: false, url: '/v1/transfers/tr_1/reversals' },
    ...fields,
  });
  const chargeWith = (transfer: unknown) => paidIntent({ id: 'ch_1', object: 'charge', transfer });
  const reversalReply = (amount: number, metadata: Record<string, string> = {}) => ({
    status: 200,
    body: { id: 'trr_1', object: 'transfer_reversal', amount, transfer: 'tr_1', metadata },
  });

  it("reverses the transfer on the payment's charge with the idempotency key, keeping the application fee", async () => {
    standIn.replies.push(chargeWith(transferObject()), reversalReply(4365));
    const reversal = await gateway.reverseTransfer({
      paymentIntentId: 'pi_1',
      amount: 4365,
      idempotencyKey: 'dispute-reversal:d-1',
      metadata: { clinicpay_dispute_id: 'd-1' },
    });
    expect(reversal).toEqual({ id: 'trr_1', amount: 4365 });
    expect(standIn.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /v1/payment_intents/pi_1?expand[0]=latest_charge.transfer',
      'POST /v1/transfers/tr_1/reversals',
    ]);
    const request = lastRequest();
    expect(Object.fromEntries(request.form)).toEqual({
      amount: '4365',
      'metadata[clinicpay_dispute_id]': 'd-1',
      'metadata[clinicpay_idempotency_key]': 'dispute-reversal:d-1',
    });
    expect(request.form.has('refund_application_fee')).toBe(false);
    expect(request.headers['idempotency-key']).toBe('dispute-reversal:d-1');
  });

  it('reverses at most what Stripe says is left of the transfer, and nothing when nothing is', async () => {
    // Refunds reversed £30.01 of £43.65 in Stripe's own rounding: £13.64 is left, not a penny more.
    standIn.replies.push(chargeWith(transferObject({ amount_reversed: 3001 })), reversalReply(1364));
    const reversal = await gateway.reverseTransfer({
      paymentIntentId: 'pi_1',
      amount: 4500,
      idempotencyKey: 'dispute-reversal:d-3',
      metadata: {},
    });
    expect(reversal).toEqual({ id: 'trr_1', amount: 1364 });
    expect(lastRequest().form.get('amount')).toBe('1364');

    standIn.requests.length = 0;
    standIn.replies.push(chargeWith(transferObject({ amount_reversed: 4365 })));
    expect(
      await gateway.reverseTransfer({
        paymentIntentId: 'pi_1',
        amount: 4500,
        idempotencyKey: 'k',
        metadata: {},
      }),
    ).toBeNull();
    expect(standIn.requests.map(({ method }) => method)).toEqual(['GET']);
  });

  it('answers the reversal a first ask made, asking nothing again, when a retry finds it under its key', async () => {
    // A refund's reversal of the same transfer, and the one the first ask made.
    const byRefund = {
      id: 'trr_refund',
      object: 'transfer_reversal',
      amount: 500,
      transfer: 'tr_1',
      metadata: {},
    };
    const mine = {
      id: 'trr_7',
      object: 'transfer_reversal',
      amount: 1364,
      transfer: 'tr_1',
      metadata: { clinicpay_idempotency_key: 'dispute-reversal:d-4' },
    };
    const listed = (data: unknown[], has_more: boolean) => ({
      object: 'list',
      data,
      has_more,
      url: '/v1/transfers/tr_1/reversals',
    });
    standIn.replies.push(
      chargeWith(transferObject({ amount_reversed: 1864, reversals: listed([byRefund, mine], false) })),
    );
    const retry = (metadata: Record<string, string> = {}) =>
      gateway.reverseTransfer({
        paymentIntentId: 'pi_1',
        amount: 4500,
        idempotencyKey: 'dispute-reversal:d-4',
        metadata,
      });
    expect(await retry()).toEqual({ id: 'trr_7', amount: 1364 });
    expect(standIn.requests.map(({ method }) => method)).toEqual(['GET']);

    // More than the transfer's embedded list holds: the full list is read, page after page.
    standIn.requests.length = 0;
    standIn.replies.push(
      chargeWith(transferObject({ amount_reversed: 1864, reversals: listed([byRefund], true) })),
      { status: 200, body: listed([byRefund], true) },
      { status: 200, body: listed([mine], false) },
    );
    expect(await retry()).toEqual({ id: 'trr_7', amount: 1364 });
    expect(standIn.requests.map(({ method, path }) => `${method} ${path.split('?')[0]}`)).toEqual([
      'GET /v1/payment_intents/pi_1',
      'GET /v1/transfers/tr_1/reversals',
      'GET /v1/transfers/tr_1/reversals',
    ]);
    expect(standIn.requests[2]?.path).toContain('starting_after=trr_refund');

    // One made before reversals carried their key is known by the caller's metadata (its dispute).
    standIn.requests.length = 0;
    const before = {
      ...mine,
      id: 'trr_8',
      metadata: { clinicpay_dispute_id: 'd-4', clinicpay_payment_id: 'p-4' },
    };
    standIn.replies.push(
      chargeWith(transferObject({ amount_reversed: 1864, reversals: listed([byRefund, before], false) })),
    );
    expect(await retry({ clinicpay_dispute_id: 'd-4', clinicpay_payment_id: 'p-4' })).toEqual({
      id: 'trr_8',
      amount: 1364,
    });
    expect(standIn.requests.map(({ method }) => method)).toEqual(['GET']);
  });

  it('reads a transfer the charge names only by its id', async () => {
    standIn.replies.push(
      chargeWith('tr_9'),
      { status: 200, body: transferObject({ id: 'tr_9' }) },
      reversalReply(100),
    );
    await gateway.reverseTransfer({
      paymentIntentId: 'pi_1',
      amount: 100,
      idempotencyKey: 'k',
      metadata: {},
    });
    expect(standIn.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /v1/payment_intents/pi_1?expand[0]=latest_charge.transfer',
      'GET /v1/transfers/tr_9',
      'POST /v1/transfers/tr_9/reversals',
    ]);
  });

  it.each([
    ['a charge without a transfer', { id: 'ch_1', object: 'charge', transfer: null }],
    ['no charge', null],
  ])('refuses to reverse a transfer when the payment has %s', async (_name, latestCharge) => {
    standIn.replies.push(paidIntent(latestCharge));
    await expect(
      gateway.reverseTransfer({ paymentIntentId: 'pi_1', amount: 100, idempotencyKey: 'k', metadata: {} }),
    ).rejects.toMatchObject({ name: 'GatewayError', code: 'no_transfer' });
    expect(standIn.requests).toHaveLength(1);
  });

  it("turns a refused reversal into a GatewayError with Stripe's code", async () => {
    standIn.replies.push(chargeWith(transferObject()), {
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'insufficient_funds',
          message: 'The connected account has insufficient funds to cover this reversal.',
        },
      },
    });
    await expect(
      gateway.reverseTransfer({ paymentIntentId: 'pi_1', amount: 4365, idempotencyKey: 'k', metadata: {} }),
    ).rejects.toMatchObject({ name: 'GatewayError', code: 'insufficient_funds' });
  });

  it('leaves a reversal in flight, not refused, when Stripe fails inside, retrying with the same key', async () => {
    const failure = { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong.' } } };
    standIn.replies.push(chargeWith(transferObject()), failure, failure, failure);
    await expect(
      gateway.reverseTransfer({
        paymentIntentId: 'pi_1',
        amount: 4365,
        idempotencyKey: 'dispute-reversal:d-2',
        metadata: {},
      }),
    ).rejects.toMatchObject({ name: 'GatewayOutcomeUnknownError' });
    const reversals = standIn.requests.filter(({ method }) => method === 'POST');
    expect(reversals).toHaveLength(3);
    expect(new Set(reversals.map((request) => request.headers['idempotency-key']))).toEqual(
      new Set(['dispute-reversal:d-2']),
    );
  });

  it("pays a connected account from the payment's charge in GBP with the idempotency key", async () => {
    standIn.replies.push(paidIntent('ch_1'), {
      status: 200,
      body: { id: 'tr_2', object: 'transfer', amount: 4365, currency: 'gbp', destination: 'acct_123' },
    });
    const transfer = await gateway.createTransfer({
      destinationAccountId: 'acct_123',
      paymentIntentId: 'pi_1',
      amount: 4365,
      idempotencyKey: 'dispute-reinstatement:d-1',
      metadata: { clinicpay_dispute_id: 'd-1' },
    });
    expect(transfer).toEqual({ id: 'tr_2', amount: 4365 });
    expect(standIn.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /v1/payment_intents/pi_1',
      'POST /v1/transfers',
    ]);
    const request = lastRequest();
    expect(Object.fromEntries(request.form)).toEqual({
      amount: '4365',
      currency: 'gbp',
      destination: 'acct_123',
      source_transaction: 'ch_1',
      'metadata[clinicpay_dispute_id]': 'd-1',
    });
    expect(request.headers['idempotency-key']).toBe('dispute-reinstatement:d-1');
  });

  it('refuses a transfer for a payment without a charge, and turns a refused transfer into a GatewayError', async () => {
    standIn.replies.push(paidIntent(null));
    await expect(
      gateway.createTransfer({
        destinationAccountId: 'acct_123',
        paymentIntentId: 'pi_1',
        amount: 100,
        idempotencyKey: 'k',
        metadata: {},
      }),
    ).rejects.toMatchObject({ name: 'GatewayError', code: 'no_charge' });
    expect(standIn.requests).toHaveLength(1);

    standIn.replies.push(paidIntent('ch_1'), {
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'balance_insufficient',
          message: 'You have insufficient funds in your Stripe account.',
        },
      },
    });
    await expect(
      gateway.createTransfer({
        destinationAccountId: 'acct_123',
        paymentIntentId: 'pi_1',
        amount: 100,
        idempotencyKey: 'k2',
        metadata: {},
      }),
    ).rejects.toMatchObject({ name: 'GatewayError', code: 'balance_insufficient' });
  });

  it('leaves a transfer in flight, not refused, when Stripe cannot be asked', async () => {
    const failure = { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong.' } } };
    standIn.replies.push(paidIntent('ch_1'), failure, failure, failure);
    await expect(
      gateway.createTransfer({
        destinationAccountId: 'acct_123',
        paymentIntentId: 'pi_1',
        amount: 100,
        idempotencyKey: 'dispute-reinstatement:d-3',
        metadata: {},
      }),
    ).rejects.toMatchObject({ name: 'GatewayOutcomeUnknownError' });
    const transfers = standIn.requests.filter(({ method }) => method === 'POST');
    expect(new Set(transfers.map((request) => request.headers['idempotency-key']))).toEqual(
      new Set(['dispute-reinstatement:d-3']),
    );
  });

  it('reads an early fraud warning, its charge and payment intent given as ids or expanded', async () => {
    const warning = (charge: unknown, paymentIntent: unknown) => ({
      status: 200,
      body: {
        id: 'issfr_1',
        object: 'radar.early_fraud_warning',
        actionable: true,
        charge,
        payment_intent: paymentIntent,
        fraud_type: 'made_with_stolen_card',
        livemode: false,
        created: 1,
      },
    });
    const expected = {
      id: 'issfr_1',
      chargeId: 'ch_1',
      paymentIntentId: 'pi_1',
      fraudType: 'made_with_stolen_card',
      actionable: true,
    };
    standIn.replies.push(warning('ch_1', 'pi_1'));
    expect(await gateway.retrieveEarlyFraudWarning('issfr_1')).toEqual(expected);
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/v1/radar/early_fraud_warnings/issfr_1' });
    standIn.replies.push(warning({ id: 'ch_1', object: 'charge' }, { id: 'pi_1', object: 'payment_intent' }));
    expect(await gateway.retrieveEarlyFraudWarning('issfr_1')).toEqual(expected);
    standIn.replies.push(warning('ch_1', undefined));
    expect(await gateway.retrieveEarlyFraudWarning('issfr_1')).toMatchObject({ paymentIntentId: null });
  });

  it('says resource_missing for an early fraud warning Stripe does not know', async () => {
    standIn.replies.push({
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: "No such early fraud warning: 'issfr_x'",
        },
      },
    });
    await expect(gateway.retrieveEarlyFraudWarning('issfr_x')).rejects.toMatchObject({
      name: 'GatewayError',
      code: 'resource_missing',
    });
  });

  it('reads the balance in GBP on the connected account', async () => {
    standIn.replies.push({
      status: 200,
      body: {
        object: 'balance',
        livemode: false,
        available: [
          { amount: 12_345, currency: 'gbp' },
          { amount: 999, currency: 'eur' },
        ],
        pending: [{ amount: 4365, currency: 'gbp' }],
      },
    });
    expect(await gateway.retrieveBalance('acct_123')).toEqual({ available: 12_345, pending: 4365 });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/v1/balance' });
    expect(lastRequest().headers['stripe-account']).toBe('acct_123');
  });

  const payoutObject = (fields: Record<string, unknown> = {}) => ({
    id: 'po_1',
    object: 'payout',
    amount: 12_125,
    arrival_date: 1_800_086_400,
    automatic: true,
    created: 1_800_000_000,
    currency: 'gbp',
    failure_code: null,
    failure_message: null,
    status: 'in_transit',
    ...fields,
  });

  it('lists the connected account’s payouts with their status, arrival and failure', async () => {
    standIn.replies.push({
      status: 200,
      body: {
        object: 'list',
        has_more: true,
        data: [
          payoutObject(),
          payoutObject({
            id: 'po_0',
            status: 'failed',
            failure_code: 'account_closed',
            failure_message: 'The bank account has been closed.',
          }),
        ],
      },
    });
    expect(await gateway.listPayouts('acct_123', { limit: 50 })).toEqual([
      {
        id: 'po_1',
        amount: 12_125,
        status: 'in_transit',
        arrivalDate: new Date(1_800_086_400 * 1000),
        created: new Date(1_800_000_000 * 1000),
        failureCode: null,
        failureMessage: null,
      },
      expect.objectContaining({
        id: 'po_0',
        status: 'failed',
        failureCode: 'account_closed',
        failureMessage: 'The bank account has been closed.',
      }),
    ]);
    // One page only: the latest payouts.
    expect(standIn.requests.map((request) => request.path)).toEqual(['/v1/payouts?limit=50']);
    expect(lastRequest().headers['stripe-account']).toBe('acct_123');
  });

  it('retrieves a payout on the connected account, and says resource_missing for one it does not have', async () => {
    standIn.replies.push({ status: 200, body: payoutObject({ status: 'paid' }) });
    expect(await gateway.retrievePayout('acct_123', 'po_1')).toMatchObject({ id: 'po_1', status: 'paid' });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/v1/payouts/po_1' });
    expect(lastRequest().headers['stripe-account']).toBe('acct_123');
    standIn.replies.push({
      status: 404,
      body: {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: "No such payout: 'po_x'" },
      },
    });
    await expect(gateway.retrievePayout('acct_123', 'po_x')).rejects.toMatchObject({
      name: 'GatewayError',
      code: 'resource_missing',
    });
  });

  it("lists a payout's balance transactions with their sources expanded, and reads each line's payment intent", async () => {
    const line = (id: string, type: string, amount: number, source: unknown) => ({
      id,
      object: 'balance_transaction',
      amount,
      available_on: 1_800_000_000,
      created: 1_800_000_000,
      currency: 'gbp',
      description: null,
      fee: 0,
      net: amount,
      reporting_category: type === 'payment' ? 'charge' : type === 'payout' ? 'payout' : 'refund',
      source,
      status: 'available',
      type,
    });
    const platformCharge = (id: string, intent: string, transfer: string) => ({
      id,
      object: 'charge',
      payment_intent: intent,
      transfer,
    });
    const ownTransfer = {
      id: 'tr_1',
      object: 'transfer',
      source_transaction: platformCharge('ch_1', 'pi_1', 'tr_1'),
    };
    standIn.replies.push(
      {
        status: 200,
        body: {
          object: 'list',
          has_more: true,
          data: [
            // A destination charge's payment: its own transfer.
            line('txn_1', 'payment', 4365, { id: 'py_1', object: 'charge', source_transfer: ownTransfer }),
            // A refund's reversal: the platform refund names the intent.
            line('txn_2', 'payment_refund', -970, {
              id: 'pyr_1',
              object: 'refund',
              source_transfer_reversal: {
                id: 'trr_1',
                object: 'transfer_reversal',
                source_refund: { id: 're_1', object: 'refund', payment_intent: 'pi_1' },
                transfer: ownTransfer,
              },
            }),
          ],
        },
      },
      {
        status: 200,
        body: {
          object: 'list',
          has_more: false,
          data: [
            // A dispute's reversal of the same charge's transfer: its intent is read from the first line.
            line('txn_3', 'payment_refund', -3395, {
              id: 'pyr_2',
              object: 'refund',
              source_transfer_reversal: {
                id: 'trr_2',
                object: 'transfer_reversal',
                source_refund: null,
                transfer: { id: 'tr_1', object: 'transfer', source_transaction: 'ch_1' },
              },
            }),
            // A dispute's funds paid back: a further transfer tied to the charge.
            line('txn_4', 'payment', 3395, {
              id: 'py_2',
              object: 'charge',
              source_transfer: {
                id: 'tr_2',
                object: 'transfer',
                source_transaction: platformCharge('ch_1', 'pi_1', 'tr_1'),
              },
            }),
            // A dispute's reversal of a charge paid out earlier: the charge is read on the platform.
            line('txn_5', 'payment_refund', -2000, {
              id: 'pyr_3',
              object: 'refund',
              source_transfer_reversal: {
                id: 'trr_3',
                object: 'transfer_reversal',
                source_refund: null,
                transfer: { id: 'tr_9', object: 'transfer', source_transaction: 'ch_9' },
              },
            }),
            line('txn_6', 'payout', -3395, 'po_1'),
          ],
        },
      },
      { status: 200, body: platformCharge('ch_9', 'pi_9', 'tr_9') },
    );
    const lines = await gateway.listPayoutBalanceTransactions('acct_123', 'po_1');
    expect(
      lines.map(({ id, type, origin, net, sourceId, paymentIntentId }) => [
        id,
        type,
        origin,
        net,
        sourceId,
        paymentIntentId,
      ]),
    ).toEqual([
      ['txn_1', 'payment', 'charge', 4365, 'py_1', 'pi_1'],
      ['txn_2', 'payment_refund', 'refund', -970, 'pyr_1', 'pi_1'],
      ['txn_3', 'payment_refund', 'transfer_reversal', -3395, 'pyr_2', 'pi_1'],
      ['txn_4', 'payment', 'transfer', 3395, 'py_2', 'pi_1'],
      ['txn_5', 'payment_refund', 'transfer_reversal', -2000, 'pyr_3', 'pi_9'],
      ['txn_6', 'payout', 'payout', -3395, 'po_1', null],
    ]);
    expect(lines[0]).toMatchObject({
      amount: 4365,
      fee: 0,
      created: new Date(1_800_000_000 * 1000),
      description: null,
      reportingCategory: 'charge',
    });
    const expand =
      'expand[0]=data.source.source_transfer.source_transaction&expand[1]=data.source.source_transfer_reversal.source_refund&expand[2]=data.source.source_transfer_reversal.transfer';
    expect(standIn.requests.map((request) => decodeURIComponent(request.path))).toEqual([
      `/v1/balance_transactions?payout=po_1&limit=100&${expand}`,
      `/v1/balance_transactions?payout=po_1&limit=100&${expand}&starting_after=txn_2`,
      '/v1/charges/ch_9',
    ]);
    expect(standIn.requests.map((request) => request.headers['stripe-account'])).toEqual([
      'acct_123',
      'acct_123',
      undefined,
    ]);
  });

  it("creates a login link to the account's Express dashboard, as the platform", async () => {
    standIn.replies.push({
      status: 200,
      body: { object: 'login_link', created: 1_800_000_000, url: 'https://connect.stripe.test/express/abc' },
    });
    expect(await gateway.createLoginLink('acct_123')).toEqual({
      url: 'https://connect.stripe.test/express/abc',
    });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/v1/accounts/acct_123/login_links' });
    expect(lastRequest().headers['stripe-account']).toBeUndefined();
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
    await expect(gateway.createLoginLink('acct_gone')).rejects.toMatchObject({
      name: 'GatewayError',
      code: 'resource_missing',
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
