/**
 * Connecting a clinic to the card provider (spec §2 Clinic Settings → Payments, §4 "Card provider
 * connection"): Connect creates (or resumes) the connected account and returns the onboarding URL;
 * coming back, the status is re-read from the provider, because reaching the return URL does not
 * mean onboarding is done (design.md); Disconnect forgets the account and is audited.
 */
import { randomUUID } from 'node:crypto';
import { CLINIC_MESSAGES, type Clinic } from '@clinicpay/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clinics } from '../../db/schema/index.js';
import type { CardGateway } from '../../gateway/gateway.js';
import { AppError, fromGatewayError } from '../../http/app-error.js';
import { recordAudit } from '../audit/index.js';
import { findClinic } from './queries.js';
import { getClinic, toClinic } from './service.js';

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
  const clinic = await findClinic(deps.db, clinicId);
  if (!clinic) throw new AppError('CLINIC_NOT_FOUND', CLINIC_MESSAGES.noClinic);
  if (clinic.stripeAccountId) return clinic.stripeAccountId;

  const account = await viaGateway(() =>
    deps.gateway.createConnectedAccount({
      email: clinic.email,
      clinicId,
      idempotencyKey: `account:${clinicId}:${randomUUID()}`,
    }),
  );
  // Only the first of two concurrent connects stores its account; the other uses that one.
  const [stored] = await deps.db
    .update(clinics)
    .set({ stripeAccountId: account.id, stripeStatus: 'pending' })
    .where(and(eq(clinics.id, clinicId), isNull(clinics.stripeAccountId)))
    .returning({ accountId: clinics.stripeAccountId });
  if (stored?.accountId) return stored.accountId;
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
  const clinic = await findClinic(deps.db, clinicId);
  if (!clinic) throw new AppError('CLINIC_NOT_FOUND', CLINIC_MESSAGES.noClinic);
  const accountId = clinic.stripeAccountId;
  if (!accountId) return toClinic(clinic);
  const account = await viaGateway(() => deps.gateway.retrieveConnectedAccount(accountId));
  await deps.db
    .update(clinics)
    .set({ stripeStatus: account.status })
    .where(and(eq(clinics.id, clinicId), eq(clinics.stripeAccountId, accountId)));
  return getClinic(deps.db, clinicId);
}

/** Spec §4: disconnect in the clinic settings sets the account id and the status to null. */
export async function disconnectProvider(
  deps: ProviderDeps,
  input: { clinicId: string; actorUserId: string },
): Promise<Clinic> {
  const before = await findClinic(deps.db, input.clinicId);
  if (!before) throw new AppError('CLINIC_NOT_FOUND', CLINIC_MESSAGES.noClinic);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(clinics)
      .set({ stripeAccountId: null, stripeStatus: null })
      .where(eq(clinics.id, input.clinicId));
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: 'provider.disconnected',
      entityType: 'clinic',
      entityId: input.clinicId,
      details: { accountId: before.stripeAccountId, by: 'clinic' },
    });
  });
  return getClinic(deps.db, input.clinicId);
}
