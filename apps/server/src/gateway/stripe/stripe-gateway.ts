/**
 * The Stripe Connect gateway (docs/ARCHITECTURE.md, decision 0063): connected accounts configured with controller properties as
 * Express accounts (docs.stripe.com/connect/migrate-to-controller-properties) and onboarded with
 * Account Links, destination charges with an application fee and the clinic's statement descriptor
 * suffix, refunds that reverse the transfer and keep the application fee, an idempotency key on every
 * create call, every request in the pinned API version (client.ts). Disputes on destination charges are
 * debited from the platform, which recovers the money by reversing the transfer and pays it back with a
 * new transfer when a dispute is won (docs.stripe.com/connect/disputes). Docs:
 * docs.stripe.com/api/accounts/create, /api/account_links/create, /api/accounts/delete,
 * /api/balance/balance_retrieve, /connect/destination-charges, /connect/statement-descriptors,
 * /api/payment_intents/update, /api/refunds/create, /api/refunds/list, /api/disputes/retrieve,
 * /api/disputes/update, /api/files/create, /api/transfer_reversals/create, /api/transfers/create,
 * /api/radar/early_fraud_warnings/retrieve. A connected account's balance, payouts and their balance
 * transactions are read on the account (the Stripe-Account header: docs.stripe.com/connect/authentication),
 * its Express dashboard opened with a login link: /api/balance/balance_retrieve, /api/payouts/list,
 * /api/payouts/retrieve, /api/balance_transactions/list, /api/charges/retrieve,
 * /api/accounts/login_link/create. Saved cards (decision 0091) belong to Customers on the platform, are
 * saved while paying (setup_future_usage) or with SetupIntents, and are charged off-session as
 * destination charges: /payments/save-and-reuse, /payments/save-during-payment, /api/customers/create,
 * /api/setup_intents/create, /api/payment_methods/retrieve, /api/payment_methods/detach.
 */
import Stripe from 'stripe';
import {
  type AccountBalance,
  type BalanceTransaction,
  type BalanceTransactionOrigin,
  type BrowserConfig,
  CardDeclinedError,
  type CardError,
  type CardGateway,
  type ChargeCard,
  type CreatePaymentIntentInput,
  type CreateRefundInput,
  type Dispute,
  type DisputeEvidence,
  type EarlyFraudWarning,
  EVIDENCE_FILE_FIELDS,
  evidenceTextFields,
  GatewayError,
  GatewayOutcomeUnknownError,
  isEvidenceFileField,
  type PaymentIntent,
  type Payout,
  type PayoutStatus,
  type ProviderAccountObject,
  type ProviderEvent,
  type Refund,
  type SavedCard,
  type SetupIntent,
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

/** The latest charge's card (expanded latest_charge), or null when it is not expanded or not a card. */
function chargeCardOf(intent: Stripe.PaymentIntent): ChargeCard | null {
  const charge = intent.latest_charge;
  if (!charge || typeof charge === 'string') return null;
  const card = charge.payment_method_details?.card;
  if (!card?.last4) return null;
  return {
    brand: card.brand ?? 'unknown',
    last4: card.last4,
    threeDSecure: card.three_d_secure?.result ?? null,
  };
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
    customerId: idOf(intent.customer),
    paymentMethodId: idOf(intent.payment_method),
    savesCard: intent.setup_future_usage === 'off_session',
    lastPaymentError: toCardError(intent.last_payment_error),
    card: chargeCardOf(intent),
  };
}

/** Stripe's last_payment_error or last_setup_error as ClinicPay keeps it, or null. */
function toCardError(
  error: { code?: string; decline_code?: string; message?: string } | null | undefined,
): CardError | null {
  if (!error) return null;
  return {
    code: error.code ?? 'card_declined',
    declineCode: error.decline_code ?? null,
    message: error.message ?? '',
  };
}

function toSetupIntent(intent: Stripe.SetupIntent): SetupIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status as SetupIntent['status'],
    customerId: idOf(intent.customer) ?? '',
    paymentMethodId: idOf(intent.payment_method),
    metadata: intent.metadata ?? {},
    lastSetupError: toCardError(intent.last_setup_error),
  };
}

function toSavedCard(method: Stripe.PaymentMethod): SavedCard {
  return {
    id: method.id,
    customerId: idOf(method.customer),
    brand: method.card?.brand ?? 'unknown',
    last4: method.card?.last4 ?? '',
    expMonth: method.card?.exp_month ?? 0,
    expYear: method.card?.exp_year ?? 0,
    country: method.card?.country ?? null,
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

/** The id of a field Stripe gives either as an id or as the expanded object. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * A dispute as ClinicPay sees it (docs.stripe.com/api/disputes/object). Its balance_transactions are
 * the zero, one or two balance transactions that withdraw the disputed amount from the platform and
 * reinstate it: the withdrawal is negative and carries the dispute fee, a reinstatement is positive and
 * carries a negative fee when Stripe returns the fee, so the fees are netted.
 */
function toDispute(dispute: Stripe.Dispute): Dispute {
  const transactions = dispute.balance_transactions ?? [];
  const dueBy = dispute.evidence_details?.due_by;
  return {
    id: dispute.id,
    amount: dispute.amount,
    reason: dispute.reason,
    status: dispute.status,
    paymentIntentId: idOf(dispute.payment_intent),
    chargeId: idOf(dispute.charge) ?? '',
    // due_by is 0 when the card issuer allows no response.
    evidenceDueBy: dueBy ? new Date(dueBy * 1000) : null,
    submissionCount: dispute.evidence_details?.submission_count ?? 0,
    fundsWithdrawn: transactions.reduce((sum, { amount }) => sum + Math.max(-amount, 0), 0),
    fundsReinstated: transactions.reduce((sum, { amount }) => sum + Math.max(amount, 0), 0),
    fee: transactions.reduce((sum, { fee }) => sum + fee, 0),
    chargeRefundable: dispute.is_charge_refundable,
  };
}

// The gateway's list of evidence file fields, checked against stripe-node's types.
EVIDENCE_FILE_FIELDS satisfies readonly (keyof Stripe.DisputeUpdateParams.Evidence)[];

/**
 * The evidence hash of disputes.update (docs.stripe.com/api/disputes/update#update_dispute-evidence),
 * with only the fields that are set. Throws GatewayError 'parameter_unknown' for a file field Stripe
 * does not have, as Stripe would.
 */
function toEvidenceParams(evidence: DisputeEvidence): Stripe.DisputeUpdateParams.Evidence {
  const params: Stripe.DisputeUpdateParams.Evidence = evidenceTextFields(evidence);
  for (const [field, fileId] of Object.entries(evidence.files ?? {})) {
    if (fileId === undefined) continue;
    if (!isEvidenceFileField(field)) {
      throw new GatewayError(`Received unknown parameter: evidence[${field}]`, 'parameter_unknown');
    }
    params[field] = fileId;
  }
  return params;
}

/** An early fraud warning as ClinicPay sees it (docs.stripe.com/api/radar/early_fraud_warnings/object). */
function toEarlyFraudWarning(warning: Stripe.Radar.EarlyFraudWarning): EarlyFraudWarning {
  return {
    id: warning.id,
    chargeId: idOf(warning.charge) ?? '',
    paymentIntentId: idOf(warning.payment_intent),
    fraudType: warning.fraud_type,
    actionable: warning.actionable,
  };
}

const NO_TRANSFER = 'This payment has no transfer to the connected account.';

/** The metadata key a reversal carries its idempotency key under, so that a retry finds it made. */
const REVERSAL_KEY = 'clinicpay_idempotency_key';

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

/** Pence in GBP in one of the balance's lists (available, pending): docs.stripe.com/api/balance/balance_object. */
function gbpOf(amounts: { amount: number; currency: string }[]): number {
  return amounts.filter(({ currency }) => currency === 'gbp').reduce((sum, { amount }) => sum + amount, 0);
}

/** A payout as ClinicPay sees it (docs.stripe.com/api/payouts/object). */
function toPayout(payout: Stripe.Payout): Payout {
  return {
    id: payout.id,
    amount: payout.amount,
    status: payout.status as PayoutStatus,
    arrivalDate: new Date(payout.arrival_date * 1000),
    created: new Date(payout.created * 1000),
    failureCode: payout.failure_code ?? null,
    failureMessage: payout.failure_message ?? null,
  };
}

/**
 * What listPayoutBalanceTransactions expands (at most four levels: docs.stripe.com/expand): a payment
 * on the connected account (py_) to the platform's transfer and the platform charge it came from, whose
 * payment_intent is ClinicPay's; a payment refund (pyr_) to the platform's transfer reversal, and the
 * platform refund that caused it (with its payment_intent) or the transfer it reversed (with the
 * charge's id). Objects without the field are left as they are.
 */
const PAYOUT_LINE_EXPANSIONS = [
  'data.source.source_transfer.source_transaction',
  'data.source.source_transfer_reversal.source_refund',
  'data.source.source_transfer_reversal.transfer',
];

/** The expanded object in a field Stripe gives as an id or an object, or null. */
function expanded<T extends { id: string }>(value: string | T | null | undefined): T | null {
  return value && typeof value !== 'string' ? value : null;
}

interface LineFacts {
  origin: BalanceTransactionOrigin;
  paymentIntentId: string | null;
  /** The platform charge the line comes from, when only its id is known. */
  chargeId: string | null;
}

/**
 * What a connected account's balance transaction is and where it comes from, read from its expanded
 * source (docs.stripe.com/connect/destination-charges, /expand/use-cases): a payment (py_) is a
 * destination charge's own transfer, or a further transfer tied to the charge when the transfer is not
 * the charge's; a payment refund (pyr_) is a refund's reversal when a platform refund caused it, and a
 * reversal made on its own otherwise.
 */
function lineFacts(transaction: Stripe.BalanceTransaction): LineFacts {
  const none = { paymentIntentId: null, chargeId: null };
  if (transaction.type === 'payout') return { origin: 'payout', ...none };
  if (transaction.type === 'payout_failure') return { origin: 'payout_failure', ...none };
  const source = expanded(transaction.source);
  if (source?.object === 'charge') {
    const transfer = expanded(source.source_transfer);
    const charge = transfer ? expanded(transfer.source_transaction) : null;
    const chargesOwnTransfer = charge ? idOf(charge.transfer) : null;
    return {
      origin: transfer && chargesOwnTransfer && transfer.id !== chargesOwnTransfer ? 'transfer' : 'charge',
      paymentIntentId: charge ? idOf(charge.payment_intent) : null,
      chargeId: transfer ? idOf(transfer.source_transaction) : null,
    };
  }
  if (source?.object === 'refund') {
    const reversal = expanded(source.source_transfer_reversal);
    if (!reversal) return { origin: 'refund', ...none };
    const refund = expanded(reversal.source_refund);
    const transfer = expanded(reversal.transfer);
    return {
      origin: reversal.source_refund ? 'refund' : 'transfer_reversal',
      paymentIntentId: refund ? idOf(refund.payment_intent) : null,
      chargeId: transfer ? idOf(transfer.source_transaction) : null,
    };
  }
  return { origin: 'other', ...none };
}

/** Far more lines than one payout of a clinic ever has. */
const MAX_PAYOUT_LINES = 10_000;

export function createStripeGateway(options: StripeGatewayOptions): CardGateway {
  const stripe = createStripeClient(options.secretKey, options.api);

  /**
   * A request made on a connected account: Stripe's refusal to show the account to the platform (it is
   * gone, or access was revoked) becomes GatewayError 'resource_missing'; other errors as `call`.
   */
  const onAccount = <T>(request: () => Promise<T>): Promise<T> =>
    call(async () => {
      try {
        return await request();
      } catch (error) {
        if (isNoAccessError(error) && error instanceof Stripe.errors.StripeError)
          throw new GatewayError(error.message, 'resource_missing');
        throw error;
      }
    });

  /**
   * The payment intent of each platform charge named only by its id (a dispute's reversal names the
   * transfer it reversed, not the refund or charge): read from the other lines when one of them expanded
   * the charge, otherwise from the charge itself (charges.retrieve: docs.stripe.com/api/charges/retrieve).
   */
  async function intentsOfCharges(
    facts: LineFacts[],
    transactions: Stripe.BalanceTransaction[],
  ): Promise<Map<string, string | null>> {
    const known = new Map<string, string | null>();
    for (const transaction of transactions) {
      const source = expanded(transaction.source);
      if (source?.object !== 'charge') continue;
      const charge = expanded(expanded(source.source_transfer)?.source_transaction);
      if (charge) known.set(charge.id, idOf(charge.payment_intent));
    }
    for (const { paymentIntentId, chargeId } of facts) {
      if (paymentIntentId !== null || chargeId === null || known.has(chargeId)) continue;
      try {
        known.set(chargeId, idOf((await stripe.charges.retrieve(chargeId)).payment_intent));
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404))
          throw error;
        known.set(chargeId, null);
      }
    }
    return known;
  }

  /**
   * The reversal of this transfer made under `idempotencyKey` (its metadata names the key), or, for one
   * made before reversals carried their key, one whose metadata holds all of `metadata` (a dispute's
   * id): from the transfer's embedded list when that holds them all, else from the full list
   * (docs.stripe.com/api/transfer_reversals/list). A retry whose first ask reached Stripe then finds it,
   * where asking again under the key for a smaller amount left would be refused.
   */
  async function reversalUnderKey(
    transferId: string,
    embedded: Stripe.ApiList<Stripe.TransferReversal> | undefined,
    idempotencyKey: string,
    metadata: Record<string, string>,
  ): Promise<Stripe.TransferReversal | undefined> {
    const entries = Object.entries(metadata);
    const underKey = (reversal: Stripe.TransferReversal) =>
      reversal.metadata?.[REVERSAL_KEY] === idempotencyKey ||
      (entries.length > 0 && entries.every(([key, value]) => reversal.metadata?.[key] === value));
    if (embedded && !embedded.has_more) return embedded.data.find(underKey);
    for await (const reversal of stripe.transfers.listReversals(transferId, { limit: 100 })) {
      if (underKey(reversal)) return reversal;
    }
    return undefined;
  }

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
              ...(input.saveCardForCustomerId
                ? { customer: input.saveCardForCustomerId, setup_future_usage: 'off_session' as const }
                : {}),
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

    createCustomer: (input) =>
      call(async () => {
        const customer = await stripe.customers.create(
          { email: input.email, ...(input.name ? { name: input.name } : {}), metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: customer.id };
      }),

    // Cards only: the sandbox card field and Stripe's card element confirm it (confirmCardSetup).
    createSetupIntent: (input) =>
      call(async () =>
        toSetupIntent(
          await stripe.setupIntents.create(
            {
              customer: input.customerId,
              usage: 'off_session',
              allowed_payment_method_types: ['card'],
              metadata: input.metadata,
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      ),

    retrieveSetupIntent: (setupIntentId) =>
      call(async () => toSetupIntent(await stripe.setupIntents.retrieve(setupIntentId))),

    retrievePaymentMethod: (paymentMethodId) =>
      call(async () => toSavedCard(await stripe.paymentMethods.retrieve(paymentMethodId))),

    detachPaymentMethod: (paymentMethodId) =>
      call(async () => toSavedCard(await stripe.paymentMethods.detach(paymentMethodId))),

    // Cards only, so confirming at once needs no return_url; a card refusal is a 402 that carries the
    // intent left behind (docs.stripe.com/payments/save-and-reuse#charge-saved-payment-method).
    chargeSavedCard: (input) =>
      callKnowingOutcome(async () => {
        try {
          return toPaymentIntent(
            await stripe.paymentIntents.create(
              {
                amount: input.amount,
                currency: 'gbp',
                customer: input.customerId,
                payment_method: input.paymentMethodId,
                allowed_payment_method_types: ['card'],
                off_session: true,
                confirm: true,
                application_fee_amount: input.applicationFeeAmount,
                transfer_data: { destination: input.destinationAccountId },
                ...(input.statementDescriptorSuffix !== null
                  ? { statement_descriptor_suffix: input.statementDescriptorSuffix }
                  : {}),
                metadata: input.metadata,
              },
              { idempotencyKey: input.idempotencyKey },
            ),
          );
        } catch (error) {
          if (error instanceof Stripe.errors.StripeCardError) {
            const cardError = toCardError({
              ...(error.code ? { code: error.code } : {}),
              ...(error.decline_code ? { decline_code: error.decline_code } : {}),
              message: error.message,
            });
            throw new CardDeclinedError(
              cardError ?? { code: 'card_declined', declineCode: null, message: error.message },
              error.payment_intent ? toPaymentIntent(error.payment_intent) : null,
            );
          }
          throw error;
        }
      }),

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

    // docs.stripe.com/api/payment_intents/cancel
    cancelPaymentIntent: (paymentIntentId) =>
      call(async () =>
        toPaymentIntent(
          await stripe.paymentIntents.cancel(paymentIntentId, { cancellation_reason: 'abandoned' }),
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
              ...(input.reason ? { reason: input.reason } : {}),
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

    // docs.stripe.com/api/disputes/retrieve
    retrieveDispute: (disputeId) => call(async () => toDispute(await stripe.disputes.retrieve(disputeId))),

    // docs.stripe.com/api/files/create: sent as multipart/form-data to Stripe's files host.
    uploadDisputeEvidenceFile: ({ content, filename, contentType }) =>
      call(async () => {
        const file = await stripe.files.create({
          purpose: 'dispute_evidence',
          file: { data: content, name: filename, type: contentType },
        });
        return { id: file.id };
      }),

    // docs.stripe.com/api/disputes/update: submit false stages the evidence, true sends it to the bank.
    // Submitting is final, so an unanswered request is reported as unknown, not as a refusal.
    updateDispute: ({ disputeId, evidence, submit }) =>
      callKnowingOutcome(async () => {
        const params = toEvidenceParams(evidence);
        return toDispute(
          await stripe.disputes.update(disputeId, {
            ...(Object.keys(params).length > 0 ? { evidence: params } : {}),
            submit,
          }),
        );
      }),

    // docs.stripe.com/api/transfer_reversals/create: the transfer a destination charge made is on the
    // intent's charge (charge.transfer), read as Stripe holds it (docs.stripe.com/api/transfers/object:
    // amount, amount_reversed, its reversals), so what is left is Stripe's figure, whatever rounding its
    // refunds' reversals took, and Stripe refuses a reversal of more. The application fee is kept
    // (refund_application_fee is false unless sent).
    reverseTransfer: ({ paymentIntentId, amount, idempotencyKey, metadata }) =>
      callKnowingOutcome(async () => {
        const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {
          expand: ['latest_charge.transfer'],
        });
        const charge = intent.latest_charge;
        const transfer = charge && typeof charge !== 'string' ? charge.transfer : null;
        if (!transfer) throw new GatewayError(NO_TRANSFER, 'no_transfer');
        const held = typeof transfer === 'string' ? await stripe.transfers.retrieve(transfer) : transfer;
        const made = await reversalUnderKey(held.id, held.reversals, idempotencyKey, metadata);
        if (made) return { id: made.id, amount: made.amount };
        const left = held.amount - held.amount_reversed;
        if (left <= 0) return null;
        const reversal = await stripe.transfers.createReversal(
          held.id,
          { amount: Math.min(amount, left), metadata: { ...metadata, [REVERSAL_KEY]: idempotencyKey } },
          { idempotencyKey },
        );
        return { id: reversal.id, amount: reversal.amount };
      }),

    // docs.stripe.com/api/transfers/create: source_transaction ties the transfer to the payment's charge,
    // so it is paid from the charge's funds even while they are pending
    // (docs.stripe.com/connect/separate-charges-and-transfers).
    createTransfer: ({ destinationAccountId, paymentIntentId, amount, idempotencyKey, metadata }) =>
      callKnowingOutcome(async () => {
        const chargeId = idOf((await stripe.paymentIntents.retrieve(paymentIntentId)).latest_charge);
        if (!chargeId) throw new GatewayError('This payment has no charge.', 'no_charge');
        const transfer = await stripe.transfers.create(
          {
            amount,
            currency: 'gbp',
            destination: destinationAccountId,
            source_transaction: chargeId,
            metadata,
          },
          { idempotencyKey },
        );
        return { id: transfer.id, amount: transfer.amount };
      }),

    // docs.stripe.com/api/radar/early_fraud_warnings/retrieve
    retrieveEarlyFraudWarning: (warningId) =>
      call(async () => toEarlyFraudWarning(await stripe.radar.earlyFraudWarnings.retrieve(warningId))),

    // docs.stripe.com/api/balance/balance_retrieve, read on the account (docs.stripe.com/connect/account-balances).
    retrieveBalance: (accountId): Promise<AccountBalance> =>
      onAccount(async () => {
        const balance = await stripe.balance.retrieve({}, { stripeAccount: accountId });
        return { available: gbpOf(balance.available), pending: gbpOf(balance.pending) };
      }),

    // docs.stripe.com/api/payouts/list on the account (docs.stripe.com/connect/payouts-connected-accounts).
    listPayouts: (accountId, { limit }) =>
      onAccount(async () =>
        (await stripe.payouts.list({ limit }, { stripeAccount: accountId })).data.map(toPayout),
      ),

    // docs.stripe.com/api/payouts/retrieve on the account: another account's payout is resource_missing.
    retrievePayout: (accountId, payoutId) =>
      onAccount(async () =>
        toPayout(await stripe.payouts.retrieve(payoutId, {}, { stripeAccount: accountId })),
      ),

    // docs.stripe.com/api/balance_transactions/list with `payout` (automatic payouts only), on the account.
    listPayoutBalanceTransactions: (accountId, payoutId) =>
      onAccount(async () => {
        const transactions = await stripe.balanceTransactions
          .list(
            { payout: payoutId, limit: 100, expand: PAYOUT_LINE_EXPANSIONS },
            { stripeAccount: accountId },
          )
          .autoPagingToArray({ limit: MAX_PAYOUT_LINES });
        const facts = transactions.map(lineFacts);
        const intents = await intentsOfCharges(facts, transactions);
        return transactions.map((transaction, index): BalanceTransaction => {
          const { origin, paymentIntentId, chargeId } = facts[index] ?? lineFacts(transaction);
          return {
            id: transaction.id,
            type: transaction.type,
            origin,
            amount: transaction.amount,
            fee: transaction.fee,
            net: transaction.net,
            created: new Date(transaction.created * 1000),
            description: transaction.description ?? null,
            reportingCategory: transaction.reporting_category,
            sourceId: idOf(transaction.source),
            paymentIntentId: paymentIntentId ?? (chargeId ? (intents.get(chargeId) ?? null) : null),
          };
        });
      }),

    // docs.stripe.com/api/accounts/login_link/create: made by the platform for the account (no
    // Stripe-Account header); only accounts with the Express dashboard can have one.
    createLoginLink: (accountId) =>
      onAccount(async () => ({ url: (await stripe.accounts.createLoginLink(accountId)).url })),

    verifyWebhookEvent: async ({ rawBody, signature, endpoint }): Promise<ProviderEvent> =>
      verifyStripeSignature(rawBody, signature, options.webhookSecrets[endpoint]),

    browserConfig: (): BrowserConfig => ({ provider: 'stripe', publishableKey: options.publishableKey }),
  };
}
