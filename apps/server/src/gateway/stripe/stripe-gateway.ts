/**
 * The Stripe Connect gateway (docs/ARCHITECTURE.md, decision 0063): connected accounts configured with controller properties as
 * Express accounts (docs.stripe.com/connect/migrate-to-controller-properties) and onboarded with
 * Account Links, destination charges with an application fee and the clinic's statement descriptor
 * suffix, refunds that reverse the transfer and keep the application fee, an idempotency key on every
 * create call, every request in the pinned API version (client.ts). Docs: docs.stripe.com/api/accounts/create,
 * /api/account_links/create, /api/accounts/delete, /api/balance/balance_retrieve,
 * /connect/destination-charges, /connect/statement-descriptors, /api/payment_intents/update,
 * /api/refunds/create, /api/refunds/list.
 */
import Stripe from 'stripe';
import {
  type BrowserConfig,
  type CardGateway,
  type CreatePaymentIntentInput,
  type CreateRefundInput,
  GatewayError,
  GatewayOutcomeUnknownError,
  type PaymentIntent,
  type ProviderAccountObject,
  type ProviderEvent,
  type Refund,
  toConnectedAccount,
  type UpdatePaymentIntentInput,
  type WebhookEndpoint,
} from '../gateway.js';
import { verifyStripeSignature } from '../webhook-signature.js';
import { callStripe as call, createStripeClient, isLiveKey, type StripeApiLocation } from './client.js';

export interface StripeGatewayOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecrets: Record<WebhookEndpoint, string>;
  /** Where the Stripe API is; set only to point the SDK at a local stand-in in tests. */
  api?: StripeApiLocation;
}

/** The parts of Stripe's account object that make ClinicPay's view of it (gateway.ts toConnectedAccount). */
function toProviderAccount(account: Stripe.Account): ProviderAccountObject {
  const requirements = account.requirements;
  return {
    id: account.id,
    charges_enabled: account.charges_enabled,
    payouts_enabled: account.payouts_enabled,
    details_submitted: account.details_submitted,
    capabilities: {
      card_payments: account.capabilities?.card_payments ?? null,
      transfers: account.capabilities?.transfers ?? null,
    },
    requirements: requirements
      ? {
          current_deadline: requirements.current_deadline,
          currently_due: requirements.currently_due,
          past_due: requirements.past_due,
          pending_verification: requirements.pending_verification,
          disabled_reason: requirements.disabled_reason,
        }
      : null,
  };
}

function cardFeeOf(intent: Stripe.PaymentIntent): number | null {
  const charge = intent.latest_charge;
  if (!charge || typeof charge === 'string') return null;
  const transaction = charge.balance_transaction;
  return transaction && typeof transaction !== 'string' ? transaction.fee : null;
}

function toPaymentIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  const destination = intent.transfer_data?.destination;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status as PaymentIntent['status'],
    amount: intent.amount,
    applicationFeeAmount: intent.application_fee_amount ?? 0,
    metadata: intent.metadata,
    destinationAccountId: typeof destination === 'string' ? destination : (destination?.id ?? null),
    statementDescriptorSuffix: intent.statement_descriptor_suffix ?? null,
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

/** Stripe's refusals that mean the platform cannot reach the account: it is gone, or access was revoked. */
function isNoAccessError(error: unknown): boolean {
  if (error instanceof Stripe.errors.StripePermissionError) return true;
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    (error.statusCode === 404 || error.code === 'account_invalid' || error.code === 'resource_missing')
  );
}

const BALANCE_NOT_ZERO = 'This account still holds a balance; it can be closed once its balance is zero.';

export function createStripeGateway(options: StripeGatewayOptions): CardGateway {
  const stripe = createStripeClient(options.secretKey, options.api);

  return {
    kind: 'stripe',
    livemode: isLiveKey(options.secretKey),

    // Controller properties equivalent to an Express account: the Express Dashboard, the platform pays
    // Stripe's fees (platform-owned pricing) and is liable for losses, Stripe collects requirements
    // (docs.stripe.com/connect/migrate-to-controller-properties, /api/accounts/create#create_account-controller).
    createConnectedAccount: ({ email, clinicId, idempotencyKey }) =>
      call(async () =>
        toConnectedAccount(
          toProviderAccount(
            await stripe.accounts.create(
              {
                controller: {
                  stripe_dashboard: { type: 'express' },
                  fees: { payer: 'application' },
                  losses: { payments: 'application' },
                  requirement_collection: 'stripe',
                },
                country: 'GB',
                email: email ?? undefined,
                capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
                metadata: { clinic_id: clinicId },
              },
              { idempotencyKey },
            ),
          ),
        ),
      ),

    retrieveConnectedAccount: (accountId) =>
      call(async () => toConnectedAccount(toProviderAccount(await stripe.accounts.retrieve(accountId)))),

    // Once a connected account revokes the platform's access, Stripe refuses to show it to the
    // platform: 403 (permission error), or 'account_invalid' / 404 'resource_missing' ("does not have
    // access to account ... (or that account does not exist)"). Anything else is not an answer.
    hasAccountAccess: (accountId) =>
      callKnowingOutcome(async () => {
        try {
          await stripe.accounts.retrieve(accountId);
          return true;
        } catch (error) {
          if (isNoAccessError(error)) return false;
          throw error;
        }
      }),

    // Always account_onboarding: Express accounts cannot have account_update links. An update link asks
    // for what is due now and what will be (docs.stripe.com/api/account_links/create#create_account_link-collection_options).
    createOnboardingLink: ({ accountId, returnUrl, refreshUrl, purpose }) =>
      call(async () => {
        const link = await stripe.accountLinks.create({
          account: accountId,
          type: 'account_onboarding',
          return_url: returnUrl,
          refresh_url: refreshUrl,
          ...(purpose === 'update'
            ? { collection_options: { fields: 'currently_due', future_requirements: 'include' } }
            : {}),
        });
        return { url: link.url };
      }),

    // docs.stripe.com/api/accounts/delete: a live account the platform is liable for can be deleted
    // once all its balances are zero; the balance is read on the account (Stripe-Account header).
    closeConnectedAccount: (accountId) =>
      call(async () => {
        try {
          const balance = await stripe.balance.retrieve({}, { stripeAccount: accountId });
          if ([...balance.available, ...balance.pending].some(({ amount }) => amount !== 0)) {
            throw new GatewayError(BALANCE_NOT_ZERO, 'balance_not_zero');
          }
          await stripe.accounts.del(accountId);
        } catch (error) {
          if (isNoAccessError(error) && error instanceof Stripe.errors.StripeError) {
            throw new GatewayError(error.message, 'resource_missing');
          }
          throw error;
        }
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
              // No receipt_email: ClinicPay sends its own receipt, and Stripe would send a second in live mode.
              ...(input.statementDescriptorSuffix !== null
                ? { statement_descriptor_suffix: input.statementDescriptorSuffix }
                : {}),
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
