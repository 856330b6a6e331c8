/**
 * Connect events about a clinic's connected account (docs.stripe.com/connect/webhooks). What an event
 * says is confirmed with the provider rather than taken from the payload: the status is re-read, so
 * events arriving late or out of order still leave the status the provider has now, and a
 * deauthorization disconnects a clinic only once the provider confirms the platform lost the account.
 */

import type { EventHandler } from '../../gateway/event-handler.js';
import { DeliverAgainLater, readFromProvider } from '../../gateway/provider-reads.js';
import { accountState, disconnectClinicProvider, setProviderStatus } from '../clinics/index.js';

const UNREACHABLE = 'The card provider could not be reached; deliver this event again later';

/**
 * account.updated and capability.updated: the clinic whose account it is takes the account's current
 * status, what is due and by when, re-read from the provider (decision 0080). A Connect event names
 * its account in `account`; an account.updated also carries it as the object's id.
 */
export const onAccountUpdated: EventHandler = async ({ gateway }, event) => {
  const accountId = String(
    event.account ?? (event.type === 'account.updated' ? event.data.object.id : '') ?? '',
  );
  if (!accountId) return async () => {};
  // An account the provider does not know is not a clinic's: acknowledged, nothing to do.
  const account = await readFromProvider(() => gateway.retrieveConnectedAccount(accountId), UNREACHABLE);
  if (!account) return async () => {};
  return async (tx) => {
    await setProviderStatus(tx, { accountId }, accountState(account));
  };
};

/**
 * account.application.deauthorized: the clinic disconnected the platform from its provider account.
 * The provider is asked first (decision 0067): only when it confirms the platform can no longer reach the
 * account is the clinic disconnected (no account, status not_connected), audited like every provider
 * disconnection (decision 0043). An event about an account the platform still reaches, genuine but
 * overtaken (the account was connected again) or forged with a leaked signing secret, is acknowledged
 * and changes nothing. When the provider cannot answer, the event is delivered again later.
 */
export const onAccountDeauthorized: EventHandler = async ({ gateway }, event) => {
  const accountId = String(event.account ?? '');
  if (!accountId) return async () => {};
  let reachable: boolean;
  try {
    reachable = await gateway.hasAccountAccess(accountId);
  } catch {
    throw new DeliverAgainLater(
      'The card provider could not confirm the deauthorization; deliver this event again later',
    );
  }
  if (reachable) return async () => {};
  return async (tx) => {
    await disconnectClinicProvider(
      tx,
      { accountId },
      { by: 'provider', actorUserId: null, details: { eventId: event.id } },
    );
  };
};
