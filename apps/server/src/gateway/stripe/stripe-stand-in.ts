/**
 * A local HTTP stand-in for the Stripe API, for tests only (docs/ARCHITECTURE.md "Tests": third-party
 * services are stood in for at the network boundary). It listens on 127.0.0.1, answers each endpoint
 * ClinicPay uses with a minimal Stripe-shaped object (or with what a test queued), and records every
 * request: method, path, the form or query parameter names as Stripe's form encoding flattens them
 * ('controller[fees][payer]', 'expand[0]') or, for a file upload, the multipart/form-data part names
 * (docs.stripe.com/api/files/create), and the Idempotency-Key, Stripe-Version and Stripe-Account
 * headers. Used by contract.test.ts and register-domain.test.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StripeApiLocation } from './client.js';

export interface StandInRequest {
  method: string;
  /** The path without the query string, e.g. '/v1/accounts/acct_1'. */
  path: string;
  /**
   * The form (POST) or query (GET, DELETE) parameters as sent; for a multipart/form-data POST, each
   * part's name with its value, or its filename for a file part.
   */
  params: URLSearchParams;
  headers: http.IncomingHttpHeaders;
}

export interface StandInReply {
  status: number;
  body: unknown;
}

export interface StripeStandIn {
  /** e.g. 'http://127.0.0.1:41234' */
  url: string;
  api: StripeApiLocation;
  requests: StandInRequest[];
  /** Answers given, in order, before the default ones. */
  replies: StandInReply[];
  close(): Promise<void>;
}

const CREATED = 1_700_000_000;

function account(id: string) {
  return {
    id,
    object: 'account',
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    capabilities: { card_payments: 'inactive', transfers: 'inactive' },
    requirements: {
      current_deadline: null,
      currently_due: ['business_type', 'tos_acceptance.date'],
      past_due: [],
      pending_verification: [],
      disabled_reason: 'requirements.past_due',
      eventually_due: [],
      errors: [],
      alternatives: [],
    },
  };
}

/**
 * The charge of a paid destination charge, with the transfer it made to the connected account: the
 * transfer's id, or the transfer itself when `withTransfer` (expand latest_charge.transfer).
 */
function charge(id: string, withTransfer = false) {
  return {
    id,
    object: 'charge',
    amount: 4500,
    currency: 'gbp',
    status: 'succeeded',
    transfer: withTransfer ? heldTransfer('tr_standin') : 'tr_standin',
    balance_transaction: null,
    payment_intent: 'pi_standin',
  };
}

/** An intent as created or changed (not paid yet), or, when `paid`, with its charge: expanded if asked. */
function paymentIntent(id: string, params: URLSearchParams, paid = false) {
  const expanded = (params.get('expand[0]') ?? '').startsWith('latest_charge');
  const withTransfer = params.get('expand[0]') === 'latest_charge.transfer';
  return {
    id,
    object: 'payment_intent',
    client_secret: `${id}_secret_standin`,
    // An off-session charge is confirmed at once (confirm=true) and, by default, succeeds.
    status: paid || params.get('confirm') === 'true' ? 'succeeded' : 'requires_payment_method',
    amount: Number(params.get('amount') ?? 4500),
    currency: 'gbp',
    application_fee_amount: Number(params.get('application_fee_amount') ?? 135),
    transfer_data: { destination: params.get('transfer_data[destination]') ?? 'acct_standin' },
    statement_descriptor_suffix: params.get('statement_descriptor_suffix'),
    metadata: {},
    customer: params.get('customer'),
    payment_method: params.get('payment_method'),
    setup_future_usage: params.get('setup_future_usage'),
    last_payment_error: null,
    latest_charge: !paid ? null : expanded ? charge('ch_standin', withTransfer) : 'ch_standin',
  };
}

function setupIntent(id: string, params: URLSearchParams) {
  return {
    id,
    object: 'setup_intent',
    client_secret: `${id}_secret_standin`,
    status: 'requires_payment_method',
    customer: params.get('customer') ?? 'cus_standin',
    payment_method: null,
    usage: 'off_session',
    metadata: {},
    last_setup_error: null,
  };
}

/** A saved card; detached, it belongs to no Customer. */
function paymentMethod(id: string, customer: string | null) {
  return {
    id,
    object: 'payment_method',
    type: 'card',
    customer,
    card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, country: 'GB' },
  };
}

function refund(id: string, params: URLSearchParams) {
  return {
    id,
    object: 'refund',
    status: 'succeeded',
    amount: Number(params.get('amount') ?? 1000),
    payment_intent: params.get('payment_intent') ?? 'pi_standin',
    metadata: {},
  };
}

function dispute(id: string) {
  return {
    id,
    object: 'dispute',
    amount: 4500,
    currency: 'gbp',
    charge: 'ch_standin',
    payment_intent: 'pi_standin',
    reason: 'fraudulent',
    status: 'needs_response',
    balance_transactions: [],
    evidence_details: {
      due_by: CREATED + 7 * 86_400,
      has_evidence: false,
      past_due: false,
      submission_count: 0,
    },
    is_charge_refundable: false,
    metadata: {},
    livemode: false,
    created: CREATED,
  };
}

function file(params: URLSearchParams) {
  return {
    id: 'file_standin',
    object: 'file',
    purpose: params.get('purpose') ?? 'dispute_evidence',
    filename: params.get('file'),
    size: 0,
    type: 'pdf',
    created: CREATED,
    expires_at: null,
    title: null,
    url: null,
  };
}

function transfer(params: URLSearchParams) {
  return {
    id: 'tr_standin_2',
    object: 'transfer',
    amount: Number(params.get('amount') ?? 1000),
    currency: 'gbp',
    destination: params.get('destination') ?? 'acct_standin',
    source_transaction: params.get('source_transaction'),
    metadata: {},
    reversals: { object: 'list', data: [], has_more: false, url: '/v1/transfers/tr_standin_2/reversals' },
    created: CREATED,
  };
}

/** A destination charge's transfer as it stands: nothing reversed yet (docs.stripe.com/api/transfers/object). */
function heldTransfer(id: string) {
  return {
    id,
    object: 'transfer',
    amount: 4365,
    amount_reversed: 0,
    currency: 'gbp',
    destination: 'acct_standin',
    source_transaction: 'ch_standin',
    metadata: {},
    reversals: { object: 'list', data: [], has_more: false, url: `/v1/transfers/${id}/reversals` },
    created: CREATED,
  };
}

function transferReversal(transferId: string, params: URLSearchParams) {
  return {
    id: 'trr_standin',
    object: 'transfer_reversal',
    amount: Number(params.get('amount') ?? 1000),
    currency: 'gbp',
    transfer: transferId,
    balance_transaction: null,
    destination_payment_refund: null,
    source_refund: null,
    metadata: {},
    created: CREATED,
  };
}

function earlyFraudWarning(id: string) {
  return {
    id,
    object: 'radar.early_fraud_warning',
    actionable: true,
    charge: 'ch_standin',
    payment_intent: 'pi_standin',
    fraud_type: 'made_with_stolen_card',
    livemode: false,
    created: CREATED,
  };
}

function payout(id: string) {
  return {
    id,
    object: 'payout',
    amount: 4365,
    arrival_date: CREATED + 86_400,
    automatic: true,
    balance_transaction: 'txn_standin_payout',
    created: CREATED,
    currency: 'gbp',
    description: 'STRIPE PAYOUT',
    destination: 'ba_standin',
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: {},
    method: 'standard',
    reconciliation_status: 'completed',
    source_type: 'card',
    statement_descriptor: null,
    status: 'paid',
    type: 'bank_account',
  };
}

/** A connected account's balance transaction, paid out in po_standin. */
function balanceTransaction(id: string, type: string, amount: number, source: unknown) {
  return {
    id,
    object: 'balance_transaction',
    amount,
    available_on: CREATED,
    created: CREATED,
    currency: 'gbp',
    description: null,
    fee: 0,
    fee_details: [],
    net: amount,
    reporting_category: type === 'payment' ? 'charge' : type === 'payout' ? 'payout' : 'refund',
    source,
    status: 'available',
    type,
  };
}

/**
 * The lines of po_standin as Stripe gives them with their sources expanded: a destination charge's
 * payment (its transfer and platform charge expanded), a refund's reversal (the platform refund
 * expanded), a dispute's reversal of another charge's transfer (only the charge's id: the gateway
 * reads that charge), and the payout itself.
 */
function payoutLines() {
  const transfer = { id: 'tr_standin', object: 'transfer', source_transaction: charge('ch_standin') };
  return [
    balanceTransaction('txn_standin_1', 'payment', 4365, {
      id: 'py_standin',
      object: 'charge',
      source_transfer: transfer,
    }),
    balanceTransaction('txn_standin_2', 'payment_refund', -970, {
      id: 'pyr_standin_1',
      object: 'refund',
      source_transfer_reversal: {
        id: 'trr_standin_1',
        object: 'transfer_reversal',
        source_refund: { id: 're_standin', object: 'refund', payment_intent: 'pi_standin' },
        transfer: transfer,
      },
    }),
    balanceTransaction('txn_standin_3', 'payment_refund', -4365, {
      id: 'pyr_standin_2',
      object: 'refund',
      source_transfer_reversal: {
        id: 'trr_standin_2',
        object: 'transfer_reversal',
        source_refund: null,
        transfer: { id: 'tr_standin_3', object: 'transfer', source_transaction: 'ch_standin_3' },
      },
    }),
    balanceTransaction('txn_standin_payout', 'payout', -3395, 'po_standin'),
  ];
}

function paymentMethodDomain(params: URLSearchParams) {
  const active = { status: 'active' };
  return {
    id: 'pmd_standin',
    object: 'payment_method_domain',
    domain_name: params.get('domain_name') ?? '',
    enabled: params.get('enabled') === 'true',
    livemode: false,
    created: CREATED,
    apple_pay: active,
    google_pay: active,
    link: active,
    paypal: active,
    amazon_pay: active,
    klarna: active,
  };
}

/** The minimal valid answer Stripe would give to each request ClinicPay makes. */
function defaultReply({ method, path, params }: StandInRequest): StandInReply {
  const route = `${method} ${path
    .replace(/^\/v1\/radar\/early_fraud_warnings\/[^/]+$/, '/v1/radar/early_fraud_warnings/:id')
    .replace(/^\/v1\/transfers\/[^/]+\/reversals$/, '/v1/transfers/:id/reversals')
    .replace(/^\/v1\/accounts\/[^/]+\/login_links$/, '/v1/accounts/:id/login_links')
    .replace(/^\/v1\/payment_methods\/[^/]+\/detach$/, '/v1/payment_methods/:id/detach')
    .replace(/^\/v1\/payment_intents\/[^/]+\/cancel$/, '/v1/payment_intents/:id/cancel')
    .replace(/^\/v1\/(\w+)\/[^/]+$/, '/v1/$1/:id')}`;
  const id = path.startsWith('/v1/radar/') ? (path.split('/')[4] ?? '') : (path.split('/')[3] ?? '');
  switch (route) {
    case 'POST /v1/accounts':
      return { status: 200, body: account('acct_standin') };
    case 'GET /v1/accounts/:id':
      return { status: 200, body: account(id) };
    case 'DELETE /v1/accounts/:id':
      return { status: 200, body: { id, object: 'account', deleted: true } };
    case 'POST /v1/account_links':
      return {
        status: 200,
        body: {
          object: 'account_link',
          created: CREATED,
          expires_at: CREATED + 300,
          url: 'https://connect.stripe.test/setup/standin',
        },
      };
    case 'GET /v1/balance':
      return {
        status: 200,
        body: {
          object: 'balance',
          livemode: false,
          available: [{ amount: 0, currency: 'gbp' }],
          pending: [{ amount: 0, currency: 'gbp' }],
        },
      };
    case 'POST /v1/payment_intents':
      return { status: 200, body: paymentIntent('pi_standin', params) };
    case 'GET /v1/payment_intents/:id':
      return { status: 200, body: paymentIntent(id, params, true) };
    case 'POST /v1/payment_intents/:id':
      return { status: 200, body: paymentIntent(id, params) };
    case 'POST /v1/payment_intents/:id/cancel':
      return { status: 200, body: { ...paymentIntent(id, params), status: 'canceled' } };
    case 'POST /v1/customers':
      return { status: 200, body: { id: 'cus_standin', object: 'customer', metadata: {} } };
    case 'POST /v1/setup_intents':
      return { status: 200, body: setupIntent('seti_standin', params) };
    case 'GET /v1/setup_intents/:id':
      return { status: 200, body: setupIntent(id, params) };
    case 'GET /v1/payment_methods/:id':
      return { status: 200, body: paymentMethod(id, 'cus_standin') };
    case 'POST /v1/payment_methods/:id/detach':
      return { status: 200, body: paymentMethod(id, null) };
    case 'POST /v1/refunds':
      return { status: 200, body: refund('re_standin', params) };
    case 'GET /v1/refunds':
      return {
        status: 200,
        body: { object: 'list', url: '/v1/refunds', has_more: false, data: [refund('re_standin', params)] },
      };
    case 'GET /v1/disputes/:id':
    case 'POST /v1/disputes/:id':
      return { status: 200, body: dispute(id) };
    case 'POST /v1/files':
      return { status: 200, body: file(params) };
    case 'POST /v1/transfers':
      return { status: 200, body: transfer(params) };
    case 'GET /v1/transfers/:id':
      return { status: 200, body: heldTransfer(id) };
    case 'POST /v1/transfers/:id/reversals':
      return { status: 200, body: transferReversal(id, params) };
    case 'GET /v1/radar/early_fraud_warnings/:id':
      return { status: 200, body: earlyFraudWarning(id) };
    case 'GET /v1/payouts':
      return {
        status: 200,
        body: { object: 'list', url: '/v1/payouts', has_more: false, data: [payout('po_standin')] },
      };
    case 'GET /v1/payouts/:id':
      return { status: 200, body: payout(id) };
    case 'GET /v1/balance_transactions':
      return {
        status: 200,
        body: { object: 'list', url: '/v1/balance_transactions', has_more: false, data: payoutLines() },
      };
    case 'GET /v1/charges/:id':
      return { status: 200, body: { ...charge(id), payment_intent: 'pi_standin_3' } };
    case 'POST /v1/accounts/:id/login_links':
      return {
        status: 200,
        body: { object: 'login_link', created: CREATED, url: 'https://connect.stripe.test/express/standin' },
      };
    case 'POST /v1/payment_method_domains':
      return { status: 200, body: paymentMethodDomain(params) };
    default:
      return {
        status: 404,
        body: {
          error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` },
        },
      };
  }
}

/**
 * The parameters of a POST: its form fields, or, for multipart/form-data (files.create), each part's
 * name with its value, or its filename for a file part (RFC 7578).
 */
function postParams(body: string, contentType: string | undefined): URLSearchParams {
  const boundary = /^multipart\/form-data;\s*boundary=(.+)$/i.exec(contentType ?? '')?.[1];
  if (!boundary) return new URLSearchParams(body);
  const params = new URLSearchParams();
  for (const part of body.split(`--${boundary}`).slice(1, -1)) {
    const [head = '', ...content] = part.replace(/^\r\n/, '').split('\r\n\r\n');
    const name = /name="([^"]*)"/.exec(head)?.[1];
    if (name === undefined) continue;
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    params.append(name, filename ?? content.join('\r\n\r\n').replace(/\r\n$/, ''));
  }
  return params;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const replies: StandInReply[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const recorded: StandInRequest = {
        method: request.method ?? '',
        path: url.pathname,
        params:
          request.method === 'POST' ? postParams(body, request.headers['content-type']) : url.searchParams,
        headers: request.headers,
      };
      requests.push(recorded);
      const reply = replies.shift() ?? defaultReply(recorded);
      response.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': 'req_standin' });
      response.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    api: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    replies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
