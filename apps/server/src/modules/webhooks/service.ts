/**
 * Processes verified provider events exactly once, whatever the order or repetition (decision 0042):
 * the event id is the primary key of webhook_events, and the event's effect commits in the same
 * transaction as that row. Unknown types are acknowledged and logged.
 */

import type { EventDeps, EventHandler } from '../../gateway/event-handler.js';
import type { ProviderEvent, WebhookEndpoint } from '../../gateway/gateway.js';
import { DeliverAgainLater } from '../../gateway/provider-reads.js';
import { onDisputeEvent, onEarlyFraudWarning } from '../disputes/index.js';
import { onChargeUpdated, onPaymentAttemptFailed, onPaymentIntentSucceeded } from '../payments/index.js';
import { onPayoutEvent } from '../payouts/index.js';
import { onRefundEvent } from '../refunds/index.js';
import { onCardChargeFailed, onSetupIntentSucceeded } from '../saved-cards/index.js';
import { onAccountDeauthorized, onAccountUpdated } from './events.js';
import { eventRecorded, insertEventUnlessRecorded } from './queries.js';

/** Two handlers of one event: both read first, then both write in the event's one transaction. */
function both(first: EventHandler, second: EventHandler): EventHandler {
  return async (deps, event) => {
    const [writeFirst, writeSecond] = await Promise.all([first(deps, event), second(deps, event)]);
    return async (tx) => {
      await writeFirst(tx);
      await writeSecond(tx);
    };
  };
}

// Each endpoint handles its own events: payment events about a connected account's own charges
// reaching the Connect endpoint are not ClinicPay's payments.
const HANDLERS: Record<WebhookEndpoint, Record<string, EventHandler>> = {
  platform: {
    'payment_intent.succeeded': onPaymentIntentSucceeded,
    'charge.updated': onChargeUpdated,
    // A saved card's charge refused after ClinicPay stopped waiting for the answer (decision 0093),
    // and a declined attempt on a payment page, listed under the Failed filter (decision 0101).
    'payment_intent.payment_failed': both(onCardChargeFailed, onPaymentAttemptFailed),
    // A card saved with nothing paid, on a link that secures an appointment (decision 0095).
    'setup_intent.succeeded': onSetupIntentSucceeded,
    // Refunds made in ClinicPay or in the provider's dashboard, and refunds that fail later.
    'charge.refunded': onRefundEvent,
    'refund.created': onRefundEvent,
    'refund.updated': onRefundEvent,
    'refund.failed': onRefundEvent,
    // Disputes on destination charges debit the platform (docs.stripe.com/connect/disputes): each is
    // re-read from the provider (docs/decisions/0086-disputes.md).
    'charge.dispute.created': onDisputeEvent,
    'charge.dispute.updated': onDisputeEvent,
    'charge.dispute.closed': onDisputeEvent,
    'charge.dispute.funds_withdrawn': onDisputeEvent,
    'charge.dispute.funds_reinstated': onDisputeEvent,
    'radar.early_fraud_warning.created': onEarlyFraudWarning,
  },
  connect: {
    'account.updated': onAccountUpdated,
    // A capability of the account changed (docs.stripe.com/api/events/types#event_types-capability.updated):
    // the account is re-read, as for account.updated.
    'capability.updated': onAccountUpdated,
    'account.application.deauthorized': onAccountDeauthorized,
    // A connected account's payout reached its bank or failed (docs.stripe.com/api/events/types): the
    // payout is re-read on the account; a failure is told to the clinic once (decision 0087).
    'payout.paid': onPayoutEvent,
    'payout.failed': onPayoutEvent,
  },
};

export type ProcessResult =
  | { outcome: 'processed' | 'duplicate' | 'unhandled' | 'other_mode' }
  /** Nothing was recorded: the provider should deliver the event again later, for this reason. */
  | { outcome: 'deliver_again_later'; reason: string };

/**
 * Applies one verified event at most once: 'duplicate' when its id was seen, 'unhandled' for a type
 * no module handles (recorded, so it is not processed twice), 'deliver_again_later' when its handler
 * cannot apply it yet (nothing recorded), 'other_mode' for an event from the other mode than the
 * gateway's key (a test-mode event reaching a live installation, or the reverse: acknowledged, nothing
 * recorded or changed). Other errors propagate.
 */
export async function processWebhookEvent(
  deps: EventDeps,
  endpoint: WebhookEndpoint,
  event: ProviderEvent,
): Promise<ProcessResult> {
  if (Boolean(event.livemode) !== deps.gateway.livemode) return { outcome: 'other_mode' };
  try {
    return { outcome: await applyOnce(deps, endpoint, event) };
  } catch (error) {
    if (error instanceof DeliverAgainLater) return { outcome: 'deliver_again_later', reason: error.message };
    throw error;
  }
}

async function applyOnce(
  deps: EventDeps,
  endpoint: WebhookEndpoint,
  event: ProviderEvent,
): Promise<'processed' | 'duplicate' | 'unhandled'> {
  if (await eventRecorded(deps.db, event.id)) return 'duplicate';

  const handler = Object.hasOwn(HANDLERS[endpoint], event.type) ? HANDLERS[endpoint][event.type] : undefined;
  const apply = handler ? await handler(deps, event) : undefined;
  let recorded = false;
  await deps.db.transaction(async (tx) => {
    if (!(await insertEventUnlessRecorded(tx, endpoint, event))) return;
    recorded = true;
    await apply?.(tx);
  });
  if (!recorded) return 'duplicate';
  return handler ? 'processed' : 'unhandled';
}
