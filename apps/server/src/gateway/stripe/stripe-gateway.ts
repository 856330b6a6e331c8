/**
 * The Stripe Connect gateway (design.md): Express accounts with Account Links onboarding, destination
 * charges with an application fee, refunds that reverse the transfer and keep the application fee, an
 * idempotency key on every create call. Docs: docs.stripe.com/connect/express-accounts,
 * /connect/destination-charges, /api/payment_intents/update, /api/refunds/create, /api/refunds/list.
 */
import Stripe from 'stripe';
import {
  type BrowserConfig,
  type CardGateway,
  type ConnectedAccount,
  type CreatePaymentIntentInput,
  type CreateRefundInput,
  connectedAccountStatus,
  GatewayError,
  GatewayOutcomeUnknownError,
  type PaymentIntent,
  type ProviderEvent,
  type Refund,
  type UpdatePaymentIntentInput,
  type WebhookEndpoint,
} from '../gateway.js';
import { verifyStripeSignature } from '../webhook-signature.js';

export interface StripeGatewayOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecrets: Record<WebhookEndpoint, string>;
  /** Where the Stripe API is; set only to point the SDK at a local stand-in in tests. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

function toAccount(account: Stripe.Account): ConnectedAccount {
  return { id: account.id, status: connectedAccountStatus(account) };
}

function cardFeeOf(intent: Stripe.PaymentIntent): number | null {
  const charge = intent.latest_charge;
  if (!charge || typeof charge === 'string') return null;
  const transaction = charge.balance_transaction;
  return transaction && typeof transaction !== 'string' ? transaction.fee : null;
}

function toPaymentIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status as PaymentIntent['status'],
    amount: intent.amount,
    applicationFeeAmount: intent.application_fee_amount ?? 0,
    metadata: intent.metadata,
    receiptEmail: intent.receipt_email,
    cardFee: cardFeeOf(intent),
  };
}

/** Far more refunds than one payment ever has: a payment can be refunded at most once per penny. */
const MAX_REFUNDS_LISTED = 10_000;

function toRefund(refund: Stripe.Refund): Refund {
  const intent = refund.payment_intent;
  return {
    id: refund.id,
    status: (refund.status ?? 'pending') as Refund['status'],
    amount: refund.amount,
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    metadata: refund.metadata ?? {},
  };
}

/** Turns the SDK's errors into GatewayError with Stripe's user-safe message. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw new GatewayError(error.message, error.code);
    throw error;
  }
}

/**
 * As `call`, but a connection or API error (Stripe could not be reached, or failed inside) leaves the
 * outcome unknown rather than refused: GatewayOutcomeUnknownError, so the caller keeps it in flight.
 */
async function callKnowingOutcome<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError)
      throw new GatewayOutcomeUnknownError(error.message);
    if (error instanceof Stripe.errors.StripeError) throw new GatewayError(error.message, error.code);
    throw error;
  }
}

export function createStripeGateway(options: StripeGatewayOptions): CardGateway {
  const stripe = new Stripe(options.secretKey, {
    telemetry: false,
    maxNetworkRetries: 2,
    ...(options.api ?? {}),
  });

  return {
    kind: 'stripe',

    createConnectedAccount: ({ email, clinicId, idempotencyKey }) =>
      call(async () =>
        toAccount(
          await stripe.accounts.create(
            {
              type: 'express',
              country: 'GB',
              email: email ?? undefined,
              capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
              metadata: { clinic_id: clinicId },
            },
            { idempotencyKey },
          ),
        ),
      ),

    retrieveConnectedAccount: (accountId) =>
      call(async () => toAccount(await stripe.accounts.retrieve(accountId))),

    // Once a connected account revokes the platform's access, Stripe refuses to show it to the
    // platform: 403 (permission error), or 'account_invalid' / 404 'resource_missing' ("does not have
    // access to account ... (or that account does not exist)"). Anything else is not an answer.
    hasAccountAccess: (accountId) =>
      callKnowingOutcome(async () => {
        try {
          await stripe.accounts.retrieve(accountId);
          return true;
        } catch (error) {
          if (error instanceof Stripe.errors.StripePermissionError) return false;
          const refused =
            error instanceof Stripe.errors.StripeInvalidRequestError &&
            (error.statusCode === 404 ||
              error.code === 'account_invalid' ||
              error.code === 'resource_missing');
          if (refused) return false;
          throw error;
        }
      }),

    createOnboardingLink: ({ accountId, returnUrl, refreshUrl }) =>
      call(async () => {
        const link = await stripe.accountLinks.create({
          account: accountId,
          type: 'account_onboarding',
          return_url: returnUrl,
          refresh_url: refreshUrl,
        });
        return { url: link.url };
      }),

    createPaymentIntent: (input: CreatePaymentIntentInput) =>
      call(async () =>
        toPaymentIntent(
          await stripe.paymentIntents.create(
            {
              amount: input.amount,
              currency: 'gbp',
              application_fee_amount: input.applicationFeeAmount,
              transfer_data: { destination: input.destinationAccountId },
              automatic_payment_methods: { enabled: true },
              receipt_email: input.receiptEmail,
              metadata: input.metadata,
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      ),

    retrievePaymentIntent: (paymentIntentId) =>
      call(async () =>
        toPaymentIntent(
          await stripe.paymentIntents.retrieve(paymentIntentId, {
            expand: ['latest_charge.balance_transaction'],
          }),
        ),
      ),

    // docs.stripe.com/api/payment_intents/update: metadata keys are merged, '' removes one.
    updatePaymentIntent: (input: UpdatePaymentIntentInput) =>
      call(async () =>
        toPaymentIntent(
          await stripe.paymentIntents.update(input.paymentIntentId, {
            ...(input.amount !== undefined ? { amount: input.amount } : {}),
            ...(input.applicationFeeAmount !== undefined
              ? { application_fee_amount: input.applicationFeeAmount }
              : {}),
            ...(input.metadata ? { metadata: input.metadata } : {}),
            ...(input.receiptEmail !== undefined ? { receipt_email: input.receiptEmail } : {}),
          }),
        ),
      ),

    createRefund: (input: CreateRefundInput): Promise<Refund> =>
      callKnowingOutcome(async () =>
        toRefund(
          await stripe.refunds.create(
            {
              payment_intent: input.paymentIntentId,
              amount: input.amount,
              reverse_transfer: true,
              refund_application_fee: false,
              metadata: input.metadata,
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      ),

    listRefunds: (paymentIntentId) =>
      call(async () =>
        (
          await stripe.refunds
            .list({ payment_intent: paymentIntentId, limit: 100 })
            .autoPagingToArray({ limit: MAX_REFUNDS_LISTED })
        ).map(toRefund),
      ),

    verifyWebhookEvent: async ({ rawBody, signature, endpoint }): Promise<ProviderEvent> =>
      verifyStripeSignature(rawBody, signature, options.webhookSecrets[endpoint]),

    browserConfig: (): BrowserConfig => ({ provider: 'stripe', publishableKey: options.publishableKey }),
  };
}
