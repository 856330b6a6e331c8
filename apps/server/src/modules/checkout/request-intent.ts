/**
 * A payment request's one payment intent (decision 0020: a payment request has one payment intent,
 * reused by every tab and attempt, so it is charged at most once; Stripe: one PaymentIntent
 * per order, docs.stripe.com/payments/payment-intents#best-practices).
 *
 * The intent is made without the payer in it, under an idempotency key naming the request and a
 * digest of what is sent (amount, fee, destination, statement suffix: decision 0083), so callers racing
 * to make it with the same terms are all given the same one; it is then stored on the request
 * (payment_requests.payment_intent_id) with a compare-and-set, so one id is kept whatever the order.
 * Each Pay Now writes its payer's details (and the price in force) onto that intent. An intent that can
 * no longer be paid (canceled), that pays an account the clinic no longer uses, or that saves the card
 * where the link no longer asks for it (or the other way round), or that the provider does not know, is
 * replaced, under a key naming the one it replaces, and the replaced one is cancelled; a payment of it
 * that still got through is refunded as a request's second payment (refunds module).
 */
import { CHECKOUT_MESSAGES, CHECKOUT_REFUSALS } from '@clinicpay/shared';
import type { Db } from '../../db/client.js';
import {
  type CardGateway,
  GatewayError,
  knownPaymentIntent,
  PAID_INTENT_STATUSES,
  type PaymentIntent,
  type UpdatePaymentIntentInput,
} from '../../gateway/gateway.js';
import { AppError } from '../../http/app-error.js';
import { intentIdempotencyKey } from './idempotency.js';
import { storeRequestIntent } from './queries.js';

/** What the request's intent must hold; amounts in pence. */
export interface RequestOrder {
  requestId: string;
  /** The intent already stored on the request, if any. */
  storedIntentId: string | null;
  amount: number;
  applicationFeeAmount: number;
  destinationAccountId: string;
  /** The clinic's part of the card statement (statement_descriptor_suffix). */
  statementDescriptorSuffix: string | null;
  /** The order's metadata, the same for every payer (clinic, request, title, type). */
  metadata: Record<string, string>;
  /** The request patient's Customer, when the card is saved with the payment (decision 0091). */
  saveCardForCustomerId?: string;
}

/** The payer of this Pay Now; `metadata` holds '' for a detail to remove (Stripe's update). */
export interface RequestPayer {
  metadata: Record<string, string>;
}

/**
 * The request's one payment intent, carrying this payer's details. Throws AppError REQUEST_ALREADY_PAID 'This
 * payment request has already been paid. Thank you.' (409) when the intent has been paid or is being
 * paid, and GatewayError when the provider refuses or fails (the route answers 503).
 */
export async function requestIntent(
  deps: { db: Db; gateway: CardGateway },
  order: RequestOrder,
  payer: RequestPayer,
): Promise<PaymentIntent> {
  const intent = await openIntent(deps, order);
  if (PAID_INTENT_STATUSES.has(intent.status))
    throw new AppError('REQUEST_ALREADY_PAID', CHECKOUT_MESSAGES.alreadyPaid);
  const changes = changesFor(intent, order, payer);
  if (!changes) return intent;
  try {
    const updated = await deps.gateway.updatePaymentIntent(changes);
    // The provider takes new metadata on a paid intent: another tab paid between the read and the update.
    if (PAID_INTENT_STATUSES.has(updated.status))
      throw new AppError('REQUEST_ALREADY_PAID', CHECKOUT_MESSAGES.alreadyPaid);
    return updated;
  } catch (error) {
    // Another tab's payment went through between the read and the update.
    if (error instanceof GatewayError && error.code === 'payment_intent_unexpected_state') {
      const now = await deps.gateway.retrievePaymentIntent(intent.id);
      if (PAID_INTENT_STATUSES.has(now.status))
        throw new AppError('REQUEST_ALREADY_PAID', CHECKOUT_MESSAGES.alreadyPaid);
    }
    throw error;
  }
}

/**
 * The stored intent, made (and stored) now if there is none, replaced if it was canceled or the
 * provider does not know it (it was made under other keys).
 */
async function openIntent(deps: { db: Db; gateway: CardGateway }, order: RequestOrder) {
  if (order.storedIntentId === null) return makeAndStore(deps, order, null);
  const stored = await knownPaymentIntent(deps.gateway, order.storedIntentId);
  if (!stored) return makeAndStore(deps, order, order.storedIntentId);
  const elsewhere =
    stored.destinationAccountId !== null && stored.destinationAccountId !== order.destinationAccountId;
  // The link began (or stopped) asking for a card on file after the intent was made.
  const savingChanged =
    (order.saveCardForCustomerId ?? null) !== (stored.savesCard ? stored.customerId : null);
  const replace = elsewhere || savingChanged;
  if (stored.status !== 'canceled' && !(replace && !PAID_INTENT_STATUSES.has(stored.status))) return stored;
  return makeAndStore(deps, order, stored.id);
}

/**
 * Makes the request's intent, in place of `replaced` if given, and stores it unless another caller
 * stored one first, in which case that one is returned. No payer details go in: every caller sends
 * the same parameters, as a reused idempotency key requires.
 */
async function makeAndStore(
  deps: { db: Db; gateway: CardGateway },
  order: RequestOrder,
  replaced: string | null,
): Promise<PaymentIntent> {
  const terms = {
    amount: order.amount,
    applicationFeeAmount: order.applicationFeeAmount,
    destinationAccountId: order.destinationAccountId,
    metadata: order.metadata,
    statementDescriptorSuffix: order.statementDescriptorSuffix,
    ...(order.saveCardForCustomerId ? { saveCardForCustomerId: order.saveCardForCustomerId } : {}),
  };
  const base = `checkout:request:${order.requestId}`;
  const made = await deps.gateway.createPaymentIntent({
    ...terms,
    idempotencyKey: intentIdempotencyKey(replaced ? `${base}:after:${replaced}` : base, terms),
  });
  const kept = await storeRequestIntent(deps.db, { requestId: order.requestId, intentId: made.id, replaced });
  if (!kept) throw new AppError('PAYMENT_PAGE_NOT_FOUND', CHECKOUT_REFUSALS.notFound);
  if (kept !== made.id) return deps.gateway.retrievePaymentIntent(kept);
  // The one replaced can no longer be paid from a tab that still holds it. One that cannot be cancelled
  // (paid meanwhile, or unknown to the provider) is left: a payment of it is refunded automatically.
  if (replaced) await deps.gateway.cancelPaymentIntent(replaced).catch(() => undefined);
  return made;
}

/** What differs between the intent and what this Pay Now wants on it; null when nothing does. */
function changesFor(
  intent: PaymentIntent,
  order: RequestOrder,
  payer: RequestPayer,
): UpdatePaymentIntentInput | null {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...order.metadata, ...payer.metadata })) {
    const current = intent.metadata[key];
    if (value === '' ? current !== undefined : current !== value) metadata[key] = value;
  }
  const changes: UpdatePaymentIntentInput = {
    paymentIntentId: intent.id,
    ...(intent.amount !== order.amount ? { amount: order.amount } : {}),
    ...(intent.applicationFeeAmount !== order.applicationFeeAmount
      ? { applicationFeeAmount: order.applicationFeeAmount }
      : {}),
    ...(Object.keys(metadata).length ? { metadata } : {}),
  };
  return Object.keys(changes).length > 1 ? changes : null;
}
