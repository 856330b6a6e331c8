/**
 * The card provider gateway (decision 0037): the one interface through which
 * ClinicPay talks to its card provider. Two implementations, chosen by configuration: Stripe Connect
 * (stripe/) and the offline sandbox (sandbox/). Nothing outside this folder imports `stripe`.
 * Every amount is integer pence in GBP.
 */

/**
 * The provider's API version, pinned in one place (docs.stripe.com/api/versioning): the Stripe SDK
 * sends it on every request, the sandbox stamps it on its events, and docs/going-live.md tells the
 * operator to create both webhook endpoints with it. It is the version stripe-node 23 is typed for.
 */
export const PROVIDER_API_VERSION = '2026-10-28.endive';

/**
 * A connected account's status as the provider runs it (decision 0080): every status of the clinic's
 * connection except not_connected, which means no account is in use.
 */
export type ConnectedAccountStatus =
  | 'pending'
  | 'verifying'
  | 'connected'
  | 'action_needed'
  | 'restricted'
  | 'rejected';

export interface ConnectedAccount {
  /** The provider's id, e.g. 'acct_…'. */
  id: string;
  status: ConnectedAccountStatus;
  /** Whether the account holder finished onboarding (details_submitted). */
  detailsSubmitted: boolean;
  /** The provider's requirement ids currently due or past due (requirements.currently_due ∪ past_due). */
  requirementsDue: string[];
  /** requirements.current_deadline: when what is due must be given to keep the account enabled; null if none. */
  requirementsDeadline: Date | null;
}

export interface CreatePaymentIntentInput {
  /** What the patient pays, in pence. */
  amount: number;
  /** The platform fee in pence, kept by the platform as the application fee. */
  applicationFeeAmount: number;
  /** The clinic's connected account, which receives amount − application fee. */
  destinationAccountId: string;
  metadata: Record<string, string>;
  /**
   * The clinic's part of the patient's card statement (statement_descriptor_suffix, decision 0082):
   * the platform's prefix, '* ' and this, at most 22 characters in all. Null: the prefix alone.
   */
  statementDescriptorSuffix: string | null;
  /**
   * One key per set of parameters (decision 0083): Stripe refuses a reused key whose parameters differ
   * (400 idempotency_error), and so does the sandbox.
   */
  idempotencyKey: string;
  /**
   * Saves the card the patient pays with for later charges without them (decision 0091): the
   * intent is made for this Customer with setup_future_usage 'off_session', and the card is attached to
   * the Customer once the payment succeeds (docs.stripe.com/payments/save-during-payment). Absent:
   * nothing is saved.
   */
  saveCardForCustomerId?: string;
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
  /** The connected account that receives the transfer (transfer_data.destination). */
  destinationAccountId: string | null;
  /** The statement descriptor suffix the charge carries (statement_descriptor_suffix), if any. */
  statementDescriptorSuffix: string | null;
  /** The charge's card processing fee in pence, once the provider reports it. */
  cardFee: number | null;
  /** The Customer the intent is for (customer), if any. */
  customerId: string | null;
  /** The payment method confirmed on the intent (payment_method), once there is one. */
  paymentMethodId: string | null;
  /** Whether the card is saved for off-session use when the payment succeeds (setup_future_usage). */
  savesCard: boolean;
  /** Why the last attempt failed (last_payment_error), until the next attempt. */
  lastPaymentError: CardError | null;
  /** The card that paid, from the latest charge's payment_method_details.card; null before a charge. */
  card: ChargeCard | null;
}

/**
 * The card a charge was paid with (docs.stripe.com/api/charges/object, payment_method_details.card):
 * `brand` as Stripe names it ('visa', 'mastercard', 'amex', …), the last 4 digits, and the 3-D Secure
 * result ('authenticated', 'attempt_acknowledged', …), null when 3-D Secure was not used.
 */
export interface ChargeCard {
  brand: string;
  last4: string;
  threeDSecure: string | null;
}

/**
 * Why a card was refused, as Stripe says it (docs.stripe.com/declines/codes, /error-codes): `code` is
 * e.g. 'card_declined', 'authentication_required' or 'expired_card'; `declineCode` the bank's reason
 * for a card_declined ('insufficient_funds', …); `message` is Stripe's text, safe to show.
 */
export interface CardError {
  code: string;
  declineCode: string | null;
  message: string;
}

/** Stripe's SetupIntent statuses (docs.stripe.com/payments/setupintents/lifecycle). */
export type SetupIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'canceled'
  | 'succeeded';

/**
 * A SetupIntent (docs.stripe.com/api/setup_intents/object): saves a card for off-session charges when
 * nothing is paid now. The card is attached to the Customer when it succeeds.
 */
export interface SetupIntent {
  /** 'seti_…'. */
  id: string;
  /** Handed to the browser to confirm the setup; never logged. */
  clientSecret: string;
  status: SetupIntentStatus;
  customerId: string;
  /** The card being set up or set up (payment_method), once there is one. */
  paymentMethodId: string | null;
  metadata: Record<string, string>;
  /** Why the last attempt failed (last_setup_error), until the next attempt. */
  lastSetupError: CardError | null;
}

/**
 * A saved card (docs.stripe.com/api/payment_methods/object, type card): its brand ('visa', …), last 4
 * digits and expiry (month 1 to 12, four-digit year). customerId is null once detached: a detached card
 * can never be charged or attached again.
 */
export interface SavedCard {
  /** 'pm_…'. */
  id: string;
  customerId: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** ISO country of the issuing bank, when known. */
  country: string | null;
}

/**
 * An off-session charge of a saved card (docs.stripe.com/payments/save-and-reuse#charge-saved-payment-method):
 * a destination charge confirmed at once without the patient, with the application fee. Amounts in pence.
 */
export interface ChargeSavedCardInput {
  amount: number;
  applicationFeeAmount: number;
  destinationAccountId: string;
  customerId: string;
  paymentMethodId: string;
  metadata: Record<string, string>;
  statementDescriptorSuffix: string | null;
  /** One per deliberate attempt: a retry after a decline is a new attempt with a new key. */
  idempotencyKey: string;
}

/**
 * The card was refused on a charge or setup: `error` says why, and `paymentIntent` is the intent left
 * behind (status requires_payment_method) when there is one. For `authentication_required`, the patient
 * confirms that same intent on-session to complete it (docs.stripe.com/payments/save-and-reuse).
 */
export class CardDeclinedError extends Error {
  constructor(
    readonly error: CardError,
    readonly paymentIntent: PaymentIntent | null,
  ) {
    super(error.message);
    this.name = 'CardDeclinedError';
  }
}

/** Stripe's refund reasons (docs.stripe.com/api/refunds/create). */
export type RefundReason = 'requested_by_customer' | 'duplicate' | 'fraudulent';

export interface CreateRefundInput {
  paymentIntentId: string;
  /** Pence; at most what is left to refund. */
  amount: number;
  /** Why, when the clinic said (sent to the provider as `reason`). */
  reason?: RefundReason;
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
  /** Whether the event happened in live mode; an event of the other mode than the key's is ignored. */
  livemode: boolean;
  /** The connected account the event is about, for Connect events. */
  account?: string;
  data: { object: Record<string, unknown> };
}

/**
 * A dispute as the provider holds it (docs.stripe.com/api/disputes/object). Amounts in pence; the
 * status is one of Stripe's (DISPUTE_STATUSES in packages/shared).
 */
export interface Dispute {
  /** 'dp_…'. */
  id: string;
  /** The disputed amount, pence. */
  amount: number;
  /** Stripe's reason, e.g. 'fraudulent'. */
  reason: string;
  status: string;
  /** The disputed payment intent, when the provider names one. */
  paymentIntentId: string | null;
  chargeId: string;
  /** evidence_details.due_by; null when none is set. */
  evidenceDueBy: Date | null;
  /** evidence_details.submission_count: how many times evidence was submitted. */
  submissionCount: number;
  /**
   * The dispute's withdrawal as balance transactions show it (balance_transactions): the amount
   * withdrawn from the platform (pence, positive; 0 until the funds are withdrawn), the amount
   * reinstated (0 unless reinstated) and the provider's dispute fee net of any fee returned.
   */
  fundsWithdrawn: number;
  fundsReinstated: number;
  fee: number;
  /**
   * is_charge_refundable: the disputed payment can still be refunded (an inquiry's can, a chargeback's
   * cannot); once it is refunded in full, no more funds are withdrawn for the dispute.
   */
  chargeRefundable: boolean;
}

/**
 * The evidence ClinicPay sends (docs.stripe.com/api/disputes/update#update_dispute-evidence): text
 * fields, and file fields holding file ids from uploadDisputeEvidenceFile.
 */
export interface DisputeEvidence {
  customerName?: string;
  customerEmailAddress?: string;
  customerPurchaseIp?: string;
  productDescription?: string;
  serviceDate?: string;
  uncategorizedText?: string;
  /** Stripe's file fields (receipt, customer_communication, …) to file ids ('file_…'). */
  files?: Partial<Record<string, string>>;
}

/**
 * Stripe's evidence fields that take a file id (docs.stripe.com/api/disputes/update#update_dispute-evidence);
 * the Stripe gateway checks the list against stripe-node's types.
 */
export const EVIDENCE_FILE_FIELDS = [
  'cancellation_policy',
  'customer_communication',
  'customer_signature',
  'duplicate_charge_documentation',
  'receipt',
  'refund_policy',
  'service_documentation',
  'shipping_documentation',
  'uncategorized_file',
] as const;
export type EvidenceFileField = (typeof EVIDENCE_FILE_FIELDS)[number];

/** Whether `field` is one of Stripe's evidence file fields. */
export function isEvidenceFileField(field: string): field is EvidenceFileField {
  return (EVIDENCE_FILE_FIELDS as readonly string[]).includes(field);
}

/** The evidence's text fields by Stripe's names, only those set (docs.stripe.com/api/disputes/update). */
export function evidenceTextFields(evidence: DisputeEvidence) {
  const text = {
    customer_name: evidence.customerName,
    customer_email_address: evidence.customerEmailAddress,
    customer_purchase_ip: evidence.customerPurchaseIp,
    product_description: evidence.productDescription,
    service_date: evidence.serviceDate,
    uncategorized_text: evidence.uncategorizedText,
  };
  const set: Partial<Record<keyof typeof text, string>> = {};
  for (const field of Object.keys(text) as (keyof typeof text)[]) {
    const value = text[field];
    if (value !== undefined) set[field] = value;
  }
  return set;
}

/** An early fraud warning (docs.stripe.com/api/radar/early_fraud_warnings/object). */
export interface EarlyFraudWarning {
  /** 'issfr_…'. */
  id: string;
  chargeId: string;
  paymentIntentId: string | null;
  /** Stripe's fraud_type, e.g. 'made_with_stolen_card'. */
  fraudType: string;
  /** Not disputed and not fully refunded yet (Stripe's actionable). */
  actionable: boolean;
}

/** What the browser needs to take a payment. */
export interface BrowserConfig {
  provider: 'stripe' | 'sandbox';
  publishableKey: string | null;
}

/**
 * A connected account's balance in GBP (docs.stripe.com/api/balance/balance_object), pence: what can be
 * paid out now, and what is not available yet.
 */
export interface AccountBalance {
  available: number;
  pending: number;
}

/** Stripe's payout statuses (docs.stripe.com/api/payouts/object#payout_object-status). */
export type PayoutStatus = 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';

/** A payout from a connected account to its bank account (docs.stripe.com/api/payouts/object). */
export interface Payout {
  /** 'po_…'. */
  id: string;
  /** Pence paid to the bank account. */
  amount: number;
  status: PayoutStatus;
  /** When the payout is expected in the bank (arrival_date). */
  arrivalDate: Date;
  created: Date;
  /** Stripe's failure code (docs.stripe.com/api/payouts/failures), e.g. 'account_closed'; null unless failed. */
  failureCode: string | null;
  /** Stripe's own text for the failure; null unless failed. */
  failureMessage: string | null;
}

/**
 * What a connected account's balance transaction is, as far as the provider tells: 'charge' (the
 * transfer of a destination charge), 'refund' (the transfer reversed by a refund of the charge),
 * 'refund_failure' (a failed refund's reversal given back: the sandbox only), 'transfer_reversal' (a
 * reversal made on its own, such as a dispute's), 'transfer' (a further transfer tied to the charge,
 * such as a dispute's funds paid back), 'payout', 'payout_failure' (a failed payout's money returned),
 * 'other'.
 */
export type BalanceTransactionOrigin =
  | 'charge'
  | 'refund'
  | 'refund_failure'
  | 'transfer_reversal'
  | 'transfer'
  | 'payout'
  | 'payout_failure'
  | 'other';

/**
 * A balance transaction on a connected account (docs.stripe.com/api/balance_transactions/object).
 * Amounts in pence: net = amount − fee; a negative amount takes money from the account.
 */
export interface BalanceTransaction {
  /** 'txn_…'. */
  id: string;
  /** Stripe's type: 'payment', 'payment_refund', 'payout', 'payout_failure', … */
  type: string;
  origin: BalanceTransactionOrigin;
  amount: number;
  fee: number;
  net: number;
  created: Date;
  description: string | null;
  /** Stripe's reporting_category, e.g. 'charge', 'refund', 'payout'. */
  reportingCategory: string;
  /** The object that caused it on the account ('py_…', 'pyr_…', 'po_…'), when named. */
  sourceId: string | null;
  /** The platform payment intent the line comes from, when the provider tells it; null otherwise. */
  paymentIntentId: string | null;
}

export interface CardGateway {
  readonly kind: 'stripe' | 'sandbox';
  /** Whether the gateway moves real money (a live secret key); the sandbox never does. */
  readonly livemode: boolean;

  /**
   * A connected account in GB with card payments and transfers, configured with controller properties
   * as an Express account (Stripe dashboard 'express', the platform pays Stripe's fees and bears
   * losses: docs.stripe.com/connect/migrate-to-controller-properties); idempotent per key.
   */
  createConnectedAccount(input: {
    email: string | null;
    clinicId: string;
    idempotencyKey: string;
  }): Promise<ConnectedAccount>;
  /** The provider's current view of the account (status, what is due and by when). */
  retrieveConnectedAccount(accountId: string): Promise<ConnectedAccount>;
  /**
   * Whether the platform can still reach the connected account, asked of the provider itself: false
   * when the provider says the account is gone or the platform's access to it was revoked (as after
   * account.application.deauthorized), true when it answers with the account. Throws (GatewayError,
   * GatewayOutcomeUnknownError) when it cannot tell, e.g. the provider could not be reached.
   */
  hasAccountAccess(accountId: string): Promise<boolean>;
  /**
   * A one-time Account Link of type account_onboarding; the provider sends the clinic back to returnUrl
   * (or refreshUrl if it expired). purpose 'update' asks for what is due now and what will be
   * (collection_options fields currently_due, future_requirements include): Express accounts cannot
   * have account_update links (docs.stripe.com/api/account_links/create), so this is how a clinic gives
   * what the provider asks for after onboarding.
   */
  createOnboardingLink(input: {
    accountId: string;
    returnUrl: string;
    refreshUrl: string;
    purpose?: 'onboarding' | 'update';
  }): Promise<{ url: string }>;
  /**
   * Closes a connected account for good (accounts.del: docs.stripe.com/api/accounts/delete), once its
   * balance is zero. Throws GatewayError 'balance_not_zero' when money is still held (available or
   * pending, read with balance.retrieve on the account), 'resource_missing' for an unknown account.
   */
  closeConnectedAccount(accountId: string): Promise<void>;

  /** A destination charge in GBP with the application fee. */
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntent>;
  /**
   * A Customer on the platform account that saved cards belong to (customers.create:
   * docs.stripe.com/api/customers/create, decision 0091); one per idempotency key.
   */
  createCustomer(input: {
    email: string;
    name: string | null;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  /**
   * A SetupIntent that saves a card on the Customer for off-session charges (usage 'off_session',
   * cards only: docs.stripe.com/api/setup_intents/create); one per idempotency key. Throws GatewayError
   * 'resource_missing' for an unknown Customer.
   */
  createSetupIntent(input: {
    customerId: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<SetupIntent>;
  /** Throws GatewayError 'resource_missing' for a SetupIntent the provider does not know. */
  retrieveSetupIntent(setupIntentId: string): Promise<SetupIntent>;
  /** Throws GatewayError 'resource_missing' for a payment method the provider does not know. */
  retrievePaymentMethod(paymentMethodId: string): Promise<SavedCard>;
  /**
   * Detaches a saved card from its Customer for good (payment_methods.detach:
   * docs.stripe.com/api/payment_methods/detach): it can never be charged or attached again. Throws
   * GatewayError: 'resource_missing' for an unknown one, and Stripe's refusal for one not attached.
   */
  detachPaymentMethod(paymentMethodId: string): Promise<SavedCard>;
  /**
   * Charges a saved card without the patient (off_session, confirm: docs.stripe.com/payments/save-and-reuse).
   * Resolves to the intent (succeeded, or processing). Throws CardDeclinedError when the card is refused,
   * with the intent left behind: 'authentication_required' when the bank asks the patient to
   * authenticate, 'card_declined' with the bank's decline code, and so on. Throws GatewayError for
   * other refusals (e.g. a detached card).
   */
  chargeSavedCard(input: ChargeSavedCardInput): Promise<PaymentIntent>;
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
   * Cancels an intent that can no longer be paid for on ClinicPay's side (a cancelled request), with
   * cancellation_reason 'abandoned' (docs.stripe.com/api/payment_intents/cancel): no charge can then be
   * made on it, and the provider sends payment_intent.canceled. Resolves to the canceled intent. Throws
   * GatewayError 'payment_intent_unexpected_state' when it cannot be canceled (it succeeded, is
   * processing, or was canceled already), and 'resource_missing' for an unknown intent.
   */
  cancelPaymentIntent(paymentIntentId: string): Promise<PaymentIntent>;

  /**
   * Refunds part or all of a payment, reversing the transfer and keeping the application fee. The same
   * idempotency key returns the same refund. Throws GatewayError when the provider refuses.
   */
  createRefund(input: CreateRefundInput): Promise<Refund>;
  /** Every refund of a payment intent, as the provider holds them now (docs.stripe.com/api/refunds/list). */
  listRefunds(paymentIntentId: string): Promise<Refund[]>;

  /** Throws GatewayError 'resource_missing' for a dispute the provider does not know. */
  retrieveDispute(disputeId: string): Promise<Dispute>;
  /**
   * Uploads one evidence file (files.create with purpose dispute_evidence:
   * docs.stripe.com/api/files/create) and resolves to its file id. The caller has checked type and size.
   */
  uploadDisputeEvidenceFile(input: {
    content: Buffer;
    filename: string;
    contentType: string;
  }): Promise<{ id: string }>;
  /**
   * Sends evidence for a dispute (disputes.update: docs.stripe.com/api/disputes/update); submit true
   * submits it to the bank, after which it cannot change. Throws GatewayError when the provider
   * refuses (e.g. the dispute no longer accepts evidence).
   */
  updateDispute(input: { disputeId: string; evidence: DisputeEvidence; submit: boolean }): Promise<Dispute>;
  /**
   * Takes back part of the transfer a destination charge made to the connected account
   * (transfers.createReversal on the charge's transfer: docs.stripe.com/api/transfer_reversals/create),
   * keeping the application fee: `amount`, or what is left of the transfer when less is (the provider's
   * own figure, after its refunds' reversals, which it refuses to exceed). One reversal per idempotency
   * key: a retry answers the reversal made. Resolves with what was reversed (pence), or null when
   * nothing is left of the transfer. Throws GatewayError 'no_transfer' for a charge with no transfer.
   */
  reverseTransfer(input: {
    paymentIntentId: string;
    amount: number;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<{ id: string; amount: number } | null>;
  /**
   * Pays a connected account from the platform's balance (transfers.create:
   * docs.stripe.com/api/transfers/create), tied to the payment's charge (source_transaction). One
   * transfer per idempotency key. Pence.
   */
  createTransfer(input: {
    destinationAccountId: string;
    paymentIntentId: string;
    amount: number;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<{ id: string; amount: number }>;
  /** Throws GatewayError 'resource_missing' for a warning the provider does not know. */
  retrieveEarlyFraudWarning(warningId: string): Promise<EarlyFraudWarning>;

  /**
   * The connected account's balance in GBP, pence (balance.retrieve on the account:
   * docs.stripe.com/api/balance/balance_retrieve, docs.stripe.com/connect/account-balances). Throws
   * GatewayError ('resource_missing' for an account the platform cannot reach).
   */
  retrieveBalance(accountId: string): Promise<AccountBalance>;
  /**
   * The connected account's payouts to its bank, newest first, at most `limit` (1 to 100)
   * (payouts.list on the account: docs.stripe.com/api/payouts/list,
   * docs.stripe.com/connect/payouts-connected-accounts). Throws GatewayError.
   */
  listPayouts(accountId: string, options: { limit: number }): Promise<Payout[]>;
  /**
   * One payout of the connected account (payouts.retrieve on the account:
   * docs.stripe.com/api/payouts/retrieve). Throws GatewayError 'resource_missing' for a payout the
   * account does not have (another account's included).
   */
  retrievePayout(accountId: string, payoutId: string): Promise<Payout>;
  /**
   * Every balance transaction paid out in an automatic payout of the connected account, the payout's
   * own included (balance_transactions.list with `payout` on the account:
   * docs.stripe.com/api/balance_transactions/list), each with the platform payment intent it comes
   * from when the provider tells it (docs.stripe.com/expand/use-cases). Pence. Throws GatewayError.
   */
  listPayoutBalanceTransactions(accountId: string, payoutId: string): Promise<BalanceTransaction[]>;
  /**
   * A single-use link that signs the account holder into its Express dashboard, where bank details
   * and payouts are managed (accounts.createLoginLink: docs.stripe.com/api/accounts/login_link/create).
   * Throws GatewayError (e.g. 'resource_missing' for an account the platform cannot reach).
   */
  createLoginLink(accountId: string): Promise<{ url: string }>;

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

/**
 * Stripe's refusal of an id it does not know, as the sandbox gives it: `No such <object>: '<id>'`
 * with code 'resource_missing' (docs.stripe.com/error-codes#resource-missing).
 */
export function noSuchResource(object: string, id: string): GatewayError {
  return new GatewayError(`No such ${object}: '${id}'`, 'resource_missing');
}

/**
 * The statuses of a payment intent whose money is taken or being taken (docs.stripe.com/payments/paymentintents/lifecycle):
 * it can no longer be paid, changed in amount or cancelled.
 */
export const PAID_INTENT_STATUSES: ReadonlySet<PaymentIntent['status']> = new Set([
  'succeeded',
  'processing',
  'requires_capture',
]);

/**
 * The payment intent `id`, or undefined when the provider has none by that id (resource_missing): one
 * made under other keys, as when a platform goes from the sandbox or test keys to live ones. Other
 * errors are thrown as retrievePaymentIntent throws them.
 */
export async function knownPaymentIntent(
  gateway: CardGateway,
  id: string,
): Promise<PaymentIntent | undefined> {
  try {
    return await gateway.retrievePaymentIntent(id);
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'resource_missing') return undefined;
    throw error;
  }
}

/** The parts of Stripe's account object (docs.stripe.com/api/accounts/object) that make its status. */
export interface ProviderAccountObject {
  id: string;
  charges_enabled?: boolean | null;
  payouts_enabled?: boolean | null;
  details_submitted?: boolean | null;
  capabilities?: { card_payments?: string | null; transfers?: string | null } | null;
  requirements?: {
    current_deadline?: number | null;
    currently_due?: string[] | null;
    past_due?: string[] | null;
    pending_verification?: string[] | null;
    disabled_reason?: string | null;
  } | null;
}

/**
 * The account's status as ClinicPay shows it (decision 0080), from the account as the provider gives
 * it (docs.stripe.com/connect/handling-api-verification, /api/accounts/object#account_object-requirements):
 * - rejected: requirements.disabled_reason is rejected.*;
 * - pending: onboarding not finished (details_submitted false);
 * - connected or action_needed: charges_enabled and the transfers capability active, which destination
 *   charges need; action_needed when something is currently or past due (with current_deadline);
 * - verifying: otherwise, while the provider checks what was given (disabled_reason
 *   requirements.pending_verification, or a capability still pending) and nothing is due from the clinic;
 * - restricted: otherwise (past due, under review, paused, or a capability inactive).
 */
export function connectedAccountStatus(account: ProviderAccountObject): ConnectedAccountStatus {
  const requirements = account.requirements ?? {};
  const disabledReason = requirements.disabled_reason ?? '';
  const due = [...(requirements.currently_due ?? []), ...(requirements.past_due ?? [])];
  if (disabledReason.startsWith('rejected.')) return 'rejected';
  if (!account.details_submitted) return 'pending';
  const transfers = account.capabilities?.transfers ?? null;
  if (account.charges_enabled && transfers === 'active')
    return due.length > 0 ? 'action_needed' : 'connected';
  const checking =
    disabledReason === 'requirements.pending_verification' ||
    (disabledReason === '' && (account.capabilities?.card_payments === 'pending' || transfers === 'pending'));
  if (checking && due.length === 0) return 'verifying';
  return 'restricted';
}

/** The gateway's view of a Stripe-shaped account object. */
export function toConnectedAccount(account: ProviderAccountObject): ConnectedAccount {
  const requirements = account.requirements ?? {};
  const deadline = requirements.current_deadline;
  return {
    id: account.id,
    status: connectedAccountStatus(account),
    detailsSubmitted: account.details_submitted ?? false,
    requirementsDue: [...new Set([...(requirements.past_due ?? []), ...(requirements.currently_due ?? [])])],
    requirementsDeadline: deadline ? new Date(deadline * 1000) : null,
  };
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
