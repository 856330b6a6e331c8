/**
 * Connect events about a clinic's connected account (docs.stripe.com/connect/webhooks). The status
 * is re-read from the provider rather than taken from the payload, so events arriving late or out of
 * order still leave the status the provider has now.
 */
import { eq } from 'drizzle-orm';
import { clinics } from '../../db/schema/index.js';
import { GatewayError } from '../../gateway/gateway.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/index.js';
import type { EventHandler } from './handler.js';

/** account.updated: the clinic linked to the account takes the account's current status. */
export const onAccountUpdated: EventHandler = async ({ gateway }, event) => {
  const accountId = String(event.data.object.id ?? event.account ?? '');
  if (!accountId) return async () => {};
  let account: Awaited<ReturnType<typeof gateway.retrieveConnectedAccount>>;
  try {
    account = await gateway.retrieveConnectedAccount(accountId);
  } catch (error) {
    // An account the provider does not know is not a clinic's: acknowledged, nothing to do.
    if (error instanceof GatewayError && error.code === 'resource_missing') return async () => {};
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'The card provider could not be reached; deliver this event again later',
    );
  }
  return async (tx) => {
    await tx
      .update(clinics)
      .set({ stripeStatus: account.status })
      .where(eq(clinics.stripeAccountId, accountId));
  };
};

/**
 * account.application.deauthorized: the clinic disconnected the platform from its provider account; it
 * is no longer connected. Audited like every provider disconnection (design.md).
 */
export const onAccountDeauthorized: EventHandler = async (_deps, event) => {
  const accountId = String(event.account ?? '');
  return async (tx) => {
    const disconnected = await tx
      .update(clinics)
      .set({ stripeAccountId: null, stripeStatus: 'not_connected' })
      .where(eq(clinics.stripeAccountId, accountId))
      .returning({ id: clinics.id });
    for (const clinic of disconnected) {
      await recordAudit(tx, {
        actorUserId: null,
        action: 'provider.disconnected',
        entityType: 'clinic',
        entityId: clinic.id,
        details: { accountId, by: 'provider', eventId: event.id },
      });
    }
  };
};
