/**
 * The provider's payout events on the Connect endpoint (docs.stripe.com/api/events/types#event_types-payout.paid,
 * #event_types-payout.failed): the clinic is found by the connected account the event names, and the
 * payout is re-read from the provider on that account, so events arriving late, twice or out of order
 * leave what the provider holds now. A paid payout's lines are read from the provider too, once, and
 * kept with it (docs/decisions/0128-back-office-at-scale.md; Stripe lists an automatic payout's balance
 * transactions by payout: docs.stripe.com/payouts/reconciliation). An event for an account no clinic
 * holds, or about a payout the provider does not know, is acknowledged, logged and changes nothing; when
 * the provider cannot be read, the event is delivered again later.
 */

import type { EventHandler } from '../../gateway/event-handler.js';
import { readFromProvider } from '../../gateway/provider-reads.js';
import { findClinicByProviderAccount } from '../clinics/index.js';
import { payoutLinesKept } from './queries.js';
import { recordProviderPayout } from './service.js';

const UNREACHABLE = 'The card provider could not be read; deliver this event again later';

/** payout.paid and payout.failed: records the payout, and tells the clinic once when it failed. */
export const onPayoutEvent: EventHandler = async (deps, event) => {
  const accountId = String(event.account ?? '');
  const payoutId = String(event.data.object.id ?? '');
  const clinic = accountId ? await findClinicByProviderAccount(deps.db, accountId) : undefined;
  if (!clinic || !payoutId) {
    deps.log.info(
      { accountId, payoutId, type: event.type },
      'payout event for an account no clinic holds: ignored',
    );
    return async () => {};
  }
  const payout = await readFromProvider(() => deps.gateway.retrievePayout(accountId, payoutId), UNREACHABLE);
  if (!payout) {
    deps.log.info({ accountId, payoutId, type: event.type }, 'payout unknown to the provider: ignored');
    return async () => {};
  }
  // A paid payout's lines are read once: an event delivered again finds them kept.
  const transactions =
    payout.status === 'paid' && !(await payoutLinesKept(deps.db, payout.id))
      ? await readFromProvider(
          () => deps.gateway.listPayoutBalanceTransactions(accountId, payout.id),
          UNREACHABLE,
        )
      : undefined;
  return async (tx) => {
    await recordProviderPayout(tx, deps, clinic, accountId, payout, transactions);
  };
};
