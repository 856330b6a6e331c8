/**
 * Connecting a clinic to the card provider (spec §2 Clinic Settings → Payments, §4 "Card provider
 * connection"): Connect creates (or resumes) the connected account and returns the onboarding URL;
 * coming back, the status is re-read from the provider, because reaching the return URL does not
 * mean onboarding is done (design.md); Disconnect forgets the account and is audited.
 */
import { randomUUID } from 'node:crypto';
import { CLINIC_MESSAGES, type Clinic } from '@clinicpay/shared';
import type { Db, Tx } from '../../db/client.js';
import type { CardGateway } from '../../gateway/gateway.js';
import { AppError, fromGatewayError } from '../../http/app-error.js';
import { recordAudit } from '../audit/index.js';
import {
  type ClinicConnectionTarget,
  findClinic,
  lockClinicConnections,
  type StoredProviderStatus,
  setClinicConnection,
  setProviderStatus,
  storeAccountUnlessSet,
} from './queries.js';
import { getClinic, getClinicRow, toClinic } from './service.js';

export interface ProviderDeps {
  db: Db;
  gateway: CardGateway;
  publicUrl: string;
}

/** Where the provider sends the clinic back (spec §4 "Auth callback") or when a link has expired. */
export function onboardingUrls(publicUrl: string) {
  return {
    returnUrl: `${publicUrl}/auth/callback?type=stripe_connect`,
    refreshUrl: `${publicUrl}/dashboard/settings?tab=payments`,
  };
}

async function viaGateway<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw fromGatewayError(error);
  }
}

/** The clinic's account id, creating the connected account (status pending) on first connect. */
async function ensureConnectedAccount(deps: ProviderDeps, clinicId: string): Promise<string> {
  const clinic = await getClinicRow(deps.db, clinicId);
  if (clinic.stripeAccountId) return clinic.stripeAccountId;

  const account = await viaGateway(() =>
    deps.gateway.createConnectedAccount({
      email: clinic.email,
      clinicId,
      idempotencyKey: `account:${clinicId}:${randomUUID()}`,
    }),
  );
  // Only the first of two concurrent connects stores its account; the other uses that one.
  const stored = await storeAccountUnlessSet(deps.db, clinicId, account.id);
  if (stored) return stored;
  const winner = await findClinic(deps.db, clinicId);
  if (!winner?.stripeAccountId) throw new AppError('CONNECTION_CHANGED', CLINIC_MESSAGES.connectionChanged);
  return winner.stripeAccountId;
}

/** Starts or resumes onboarding; returns the provider's onboarding URL for the browser to open. */
export async function startProviderConnection(
  deps: ProviderDeps,
  clinicId: string,
): Promise<{ url: string }> {
  const accountId = await ensureConnectedAccount(deps, clinicId);
  return viaGateway(() =>
    deps.gateway.createOnboardingLink({ accountId, ...onboardingUrls(deps.publicUrl) }),
  );
}

/** Re-reads the account from the provider and stores its status (connected, pending or suspended). */
export async function refreshProviderConnection(deps: ProviderDeps, clinicId: string): Promise<Clinic> {
  const clinic = await getClinicRow(deps.db, clinicId);
  const accountId = clinic.stripeAccountId;
  if (!accountId) return toClinic(clinic);
  const account = await viaGateway(() => deps.gateway.retrieveConnectedAccount(accountId));
  await setProviderStatus(deps.db, { accountId, clinicId }, account.status);
  return getClinic(deps.db, clinicId);
}

/** Who disconnects a clinic from its provider account. */
export type DisconnectedBy = 'clinic' | 'admin' | 'provider';

// Spec §4: disconnect in the clinic settings sets the account id and the status to null; an admin's
// force-disconnect (and the provider's deauthorization, treated alike) sets the status to not_connected.
const STATUS_AFTER: Record<DisconnectedBy, StoredProviderStatus> = {
  clinic: null,
  admin: 'not_connected',
  provider: 'not_connected',
};

/**
 * The one provider disconnection (spec §4; design.md: audited). In `tx`, each target clinic (one
 * clinic by id, or every clinic holding a provider account) is locked, loses its account id and takes
 * the status its disconnecter leaves; each is audited in the same transaction with who did it
 * (`actorUserId`, null for the provider), the account and the status it had, and `details`. A clinic
 * already in that state is left as it is and not audited again. Returns the ids disconnected.
 */
export async function disconnectClinicProvider(
  tx: Tx,
  target: ClinicConnectionTarget,
  by: { by: DisconnectedBy; actorUserId: string | null; details?: Record<string, unknown> },
): Promise<string[]> {
  const stripeStatus = STATUS_AFTER[by.by];
  const disconnected: string[] = [];
  for (const clinic of await lockClinicConnections(tx, target)) {
    if (clinic.stripeAccountId === null && clinic.stripeStatus === stripeStatus) continue;
    await setClinicConnection(tx, clinic.id, { stripeAccountId: null, stripeStatus });
    await recordAudit(tx, {
      actorUserId: by.actorUserId,
      action: 'provider.disconnected',
      entityType: 'clinic',
      entityId: clinic.id,
      details: {
        accountId: clinic.stripeAccountId,
        from: clinic.stripeStatus ?? 'not_connected',
        by: by.by,
        ...by.details,
      },
    });
    disconnected.push(clinic.id);
  }
  return disconnected;
}

/** Spec §4: the clinic disconnects itself in its settings. Throws CLINIC_NOT_FOUND. */
export async function disconnectProvider(
  deps: ProviderDeps,
  input: { clinicId: string; actorUserId: string },
): Promise<Clinic> {
  await getClinicRow(deps.db, input.clinicId);
  await deps.db.transaction((tx) =>
    disconnectClinicProvider(
      tx,
      { clinicId: input.clinicId },
      { by: 'clinic', actorUserId: input.actorUserId },
    ),
  );
  return getClinic(deps.db, input.clinicId);
}
