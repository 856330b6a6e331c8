/**
 * The card provider gateway (design.md "The card provider gateway"): the one interface through which
 * ClinicPay talks to its card provider. Two implementations, chosen by configuration: Stripe Connect
 * (stripe/) and the offline sandbox (sandbox/). Nothing outside this folder imports `stripe`.
 * Every amount is integer pence in GBP.
 */

/** A clinic's connection as ClinicPay shows it (spec §3 clinics.stripe_status). */
export type ConnectedAccountStatus = 'connected' | 'pending' | 'suspended';

export interface ConnectedAccount {
  /** The provider's id, e.g. 'acct_…'. */
  id: string;
  status: ConnectedAccountStatus;
}

export interface CreatePaymentIntentInput {
  /** What the patient pays, in pence. */
  amount: number;
  /** The platform fee in pence, kept by the platform as the application fee. */
  applicationFeeAmount: number;
  /** The clinic's connected account, which receives amount − application fee. */
  destinationAccountId: string;
  metadata: Record<string, string>;
  receiptEmail?: string;
  idempotencyKey: string;
}

/**
 * Changes to an open payment intent (docs.stripe.com/api/payment_intents/update). Only what is given
 * changes; metadata is merged into the intent's, and a key set to '' is removed, as Stripe does.
 */
export interface UpdatePaymentIntentInput {
  paymentIntentId: string;
  /** Pence. */
  amount?: number;
  /** Pence. */
  applicationFeeAmount?: number;
  metadata?: Record<string, string>;
  receiptEmail?: string;
}

/** Stripe's PaymentIntent statuses (docs.stripe.com/payments/paymentintents/lifecycle). */
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface PaymentIntent {
  id: string;
  /** Handed to the browser to confirm the payment; never logged. */
  clientSecret: string;
  status: PaymentIntentStatus;
  amount: number;
  applicationFeeAmount: number;
  metadata: Record<string, string>;
  /** Where the provider sends its receipt, if anywhere. */
  receiptEmail: string | null;
  /** The charge's card processing fee in pence, once the provider reports it. */
  cardFee: number | null;
}

export interface CreateRefundInput {
  paymentIntentId: string;
  /** Pence; at most what is left to refund. */
  amount: number;
  idempotencyKey: string;
  /**
   * Attached to the provider's refund, so its events can be matched to ClinicPay's refund row
   * (REFUND_METADATA_KEY holds ClinicPay's refund id).
   */
  metadata?: Record<string, string>;
}

/** Stripe's refund statuses (docs.stripe.com/api/refunds/object). A succeeded refund may still fail later. */
export type RefundStatus = 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';

/** A refund as the provider holds it (docs.stripe.com/api/refunds/object). Amounts in pence. */
export interface Refund {
  id: string;
  status: RefundStatus;
  amount: number;
  /** The refunded payment intent, when the provider names one. */
  paymentIntentId: string | null;
  metadata: Record<string, string>;
}

/** The metadata key under which ClinicPay's refund id travels with the provider's refund. */
export const REFUND_METADATA_KEY = 'clinicpay_refund_id';

/** Which webhook endpoint an event came to: payments and refunds, or connected-account events. */
export type WebhookEndpoint = 'platform' | 'connect';

/** A verified webhook event in Stripe's shape (docs.stripe.com/api/events/object). */
export interface ProviderEvent {
  id: string;
  type: string;
  created: number;
  /** The connected account the event is about, for Connect events. */
  account?: string;
  data: { object: Record<string, unknown> };
}

/** What the browser needs to take a payment. */
export interface BrowserConfig {
  provider: 'stripe' | 'sandbox';
  publishableKey: string | null;
}

export interface CardGateway {
  readonly kind: 'stripe' | 'sandbox';

  /** An Express account in GB with card payments and transfers; idempotent per key. */
  createConnectedAccount(input: {
    email: string | null;
    clinicId: string;
    idempotencyKey: string;
  }): Promise<ConnectedAccount>;
  /** The provider's current view of the account: connected, pending or suspended. */
  retrieveConnectedAccount(accountId: string): Promise<ConnectedAccount>;
  /**
   * Whether the platform can still reach the connected account, asked of the provider itself: false
   * when the provider says the account is gone or the platform's access to it was revoked (as after
   * account.application.deauthorized), true when it answers with the account. Throws (GatewayError,
   * GatewayOutcomeUnknownError) when it cannot tell, e.g. the provider could not be reached.
   */
  hasAccountAccess(accountId: string): Promise<boolean>;
  /** A one-time onboarding URL; the provider sends the clinic back to returnUrl (or refreshUrl if it expired). */
  createOnboardingLink(input: {
    accountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<{ url: string }>;

  /** A destination charge in GBP with the application fee. */
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntent>;
  /** Throws GatewayError 'resource_missing' for an intent the provider does not know. */
  retrievePaymentIntent(paymentIntentId: string): Promise<PaymentIntent>;
  /**
   * Changes an intent that can still be paid (requires_payment_method, requires_confirmation or
   * requires_action). Throws GatewayError: 'payment_intent_unexpected_state' when the intent can no
   * longer take the change (Stripe refuses a new amount once it succeeded, is processing or was
   * canceled; the sandbox refuses any change then); 'resource_missing' for an unknown intent.
   */
  updatePaymentIntent(input: UpdatePaymentIntentInput): Promise<PaymentIntent>;

  /**
   * Refunds part or all of a payment, reversing the transfer and keeping the application fee. The same
   * idempotency key returns the same refund. Throws GatewayError when the provider refuses.
   */
  createRefund(input: CreateRefundInput): Promise<Refund>;
  /** Every refund of a payment intent, as the provider holds them now (docs.stripe.com/api/refunds/list). */
  listRefunds(paymentIntentId: string): Promise<Refund[]>;

  /**
   * Verifies the signature on the raw body with the endpoint's signing secret and resolves to the
   * event. Rejects with WebhookSignatureError for a bad or stale signature.
   */
  verifyWebhookEvent(input: {
    rawBody: Buffer;
    signature: string | undefined;
    endpoint: WebhookEndpoint;
  }): Promise<ProviderEvent>;

  browserConfig(): BrowserConfig;
}

export class WebhookSignatureError extends Error {
  constructor(message = 'Webhook signature verification failed') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The card provider refused or failed a request; `message` is safe to show. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** Spec §3: connected when charges are enabled; suspended when the provider disabled it; else pending. */
export function connectedAccountStatus(account: {
  charges_enabled?: boolean | null;
  details_submitted?: boolean | null;
  requirements?: { disabled_reason?: string | null } | null;
}): ConnectedAccountStatus {
  if (account.charges_enabled) return 'connected';
  if (account.details_submitted && account.requirements?.disabled_reason) return 'suspended';
  return 'pending';
}

/**
 * The provider could not be reached, or failed inside, so whether the request took effect is unknown
 * (docs.stripe.com/error-handling: connection and API errors). Retrying with the same idempotency key,
 * or the provider's events, settle it.
 */
export class GatewayOutcomeUnknownError extends Error {
  constructor(message = 'The card provider did not answer') {
    super(message);
    this.name = 'GatewayOutcomeUnknownError';
  }
}
