/**
 * Connecting a clinic to the card provider (docs/product.md#clinic-settings → Payments,
 * docs/product.md#provider-connection; decisions 0080 and 0081). Connect creates the clinic's own connected
 * account once (one idempotency key per clinic and account, so concurrent connects make one account) and
 * returns the onboarding URL; a clinic that disconnected reconnects to the same account, without onboarding
 * again once it finished. Coming back, the status is re-read from the provider, because reaching the return
 * URL does not mean onboarding is done (decision 0080). Disconnecting stops new payments and keeps the
 * account; an admin's force-disconnect also turns payments off until an admin restores them. Every change of
 * connection is audited.
 */
import { CLINIC_MESSAGES, type Clinic, PROVIDER_ACCOUNT_MESSAGES } from '@clinicpay/shared';
import type { Db, Tx } from '../../db/client.js';
import { type CardGateway, type ConnectedAccount, GatewayError } from '../../gateway/gateway.js';
import { AppError, fromGatewayError } from '../../http/app-error.js';
import { recordAudit } from '../audit/index.js';
import {
  type ClinicConnectionTarget,
  type ClinicRow,
  findClinic,
  lockClinicConnections,
  type StoredAccountState,
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

/** Where the provider sends the clinic back (docs/product.md#auth-callback) or when a link has expired. */
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

/** What the clinic row keeps of the provider's view of an account. */
export function accountState(account: ConnectedAccount): StoredAccountState {
  return {
    status: account.status,
    requirementsDue: account.requirementsDue,
    requirementsDeadline: account.requirementsDeadline,
  };
}

function refuseWhenTurnedOff(clinic: ClinicRow): void {
  if (clinic.paymentsTurnedOffAt)
    throw new AppError('PAYMENTS_TURNED_OFF', PROVIDER_ACCOUNT_MESSAGES.turnedOffRefused);
}

/**
 * The clinic's own connected account, created (status pending) on its first connect. The idempotency
 * key names the clinic and how many accounts it has ended, so two concurrent connects, or a retry after
 * a crash, make one account, and a clinic whose account was closed or lost gets a new one.
 */
async function ensureConnectedAccount(deps: ProviderDeps, clinic: ClinicRow): Promise<string> {
  if (clinic.providerAccountId) return clinic.providerAccountId;
  const account = await viaGateway(() =>
    deps.gateway.createConnectedAccount({
      email: clinic.email,
      clinicId: clinic.id,
      idempotencyKey: `account:${clinic.id}:${clinic.providerAccountsEnded}`,
    }),
  );
  // Only the first of two concurrent connects stores its account; the other uses that one.
  const stored = await storeAccountUnlessSet(deps.db, clinic.id, account.id);
  if (stored) return stored;
  const winner = await findClinic(deps.db, clinic.id);
  if (winner) refuseWhenTurnedOff(winner);
  if (!winner?.providerAccountId) throw new AppError('CONNECTION_CHANGED', CLINIC_MESSAGES.connectionChanged);
  return winner.providerAccountId;
}

/** Stripe's answers for an account the platform can no longer use: gone, or its access revoked. */
const LOST_ACCOUNT_CODES = new Set(['resource_missing', 'account_invalid']);

/**
 * Forgets the clinic's own account once the provider says it is gone (locked, so concurrent callers
 * count it ended once); audited as a provider disconnection.
 */
async function forgetLostAccount(deps: ProviderDeps, clinicId: string, accountId: string) {
  await deps.db.transaction(async (tx) => {
    const [locked] = await lockClinicConnections(tx, { clinicId });
    if (locked?.providerAccountId !== accountId) return;
    await disconnectClinicProvider(
      tx,
      { clinicId },
      { by: 'provider', actorUserId: null, details: { reason: 'account_not_found' } },
    );
  });
}

/**
 * Reconnects a disconnected clinic to its own account: it becomes the account in use with the status
 * the provider gives it, audited. With `restoring`, an admin's hold is lifted in the same transaction
 * (audited too); without it, a clinic on hold is left as it is. The account is read again once it is
 * in use, so a change the provider reported while the clinic was disconnected (its events then change
 * no status) is not lost. Undefined when the provider no longer knows the account (it is then
 * forgotten, so the next connect makes a new one). Throws PROVIDER_UNAVAILABLE.
 */
async function reconnect(
  deps: ProviderDeps,
  clinic: ClinicRow,
  accountId: string,
  by: { actorUserId: string | null; restoring?: boolean },
): Promise<ConnectedAccount | undefined> {
  let account: ConnectedAccount;
  try {
    account = await deps.gateway.retrieveConnectedAccount(accountId);
  } catch (error) {
    if (error instanceof GatewayError && LOST_ACCOUNT_CODES.has(error.code ?? '')) {
      await forgetLostAccount(deps, clinic.id, accountId);
      if (by.restoring) await liftHold(deps, clinic, by.actorUserId);
      return undefined;
    }
    throw fromGatewayError(error);
  }
  const reconnected = await deps.db.transaction(async (tx) => {
    const [locked] = await lockClinicConnections(tx, { clinicId: clinic.id });
    if (!locked || locked.providerAccountId !== accountId) return false;
    if (locked.paymentsTurnedOffAt && !by.restoring) return false;
    if (by.restoring) await liftHoldIn(tx, clinic.id, accountId, by.actorUserId);
    if (locked.stripeAccountId === accountId) return false;
    const state = accountState(account);
    await setClinicConnection(tx, clinic.id, {
      stripeAccountId: accountId,
      stripeStatus: state.status,
      providerRequirementsDue: state.requirementsDue,
      providerRequirementsDeadline: state.requirementsDeadline,
    });
    await recordAudit(tx, {
      actorUserId: by.actorUserId,
      action: 'provider.reconnected',
      entityType: 'clinic',
      entityId: clinic.id,
      details: { accountId, status: state.status },
    });
    return true;
  });
  if (!reconnected) return account;
  const now = await readFromProviderOrKeep(deps, accountId, account);
  await setProviderStatus(deps.db, { accountId, clinicId: clinic.id }, accountState(now));
  return now;
}

/** The account read again, or the earlier read when the provider cannot answer now. */
async function readFromProviderOrKeep(deps: ProviderDeps, accountId: string, earlier: ConnectedAccount) {
  try {
    return await deps.gateway.retrieveConnectedAccount(accountId);
  } catch {
    return earlier;
  }
}

/** Lifts an admin's hold in `tx`, audited. */
async function liftHoldIn(tx: Tx, clinicId: string, accountId: string | null, actorUserId: string | null) {
  await setClinicConnection(tx, clinicId, { paymentsTurnedOffAt: null });
  await recordAudit(tx, {
    actorUserId,
    action: 'provider.payments_restored',
    entityType: 'clinic',
    entityId: clinicId,
    details: { accountId },
  });
}

/** Lifts an admin's hold alone (the clinic then connects anew), audited. */
async function liftHold(deps: ProviderDeps, clinic: ClinicRow, actorUserId: string | null) {
  await deps.db.transaction(async (tx) => {
    const [locked] = await lockClinicConnections(tx, { clinicId: clinic.id });
    if (!locked?.paymentsTurnedOffAt) return;
    await liftHoldIn(tx, clinic.id, locked.providerAccountId, actorUserId);
  });
}

/**
 * Starts or resumes onboarding, or reconnects: returns where the browser goes next. A clinic whose own
 * account finished onboarding is reconnected to it at once and sent straight back to ClinicPay's
 * callback (no second identity check); otherwise it gets the provider's onboarding URL. Throws
 * PAYMENTS_TURNED_OFF (403) while an admin has turned its payments off, PROVIDER_UNAVAILABLE.
 */
export async function startProviderConnection(
  deps: ProviderDeps,
  clinicId: string,
  actorUserId: string | null = null,
): Promise<{ url: string }> {
  let clinic = await getClinicRow(deps.db, clinicId);
  refuseWhenTurnedOff(clinic);
  const urls = onboardingUrls(deps.publicUrl);
  if (clinic.providerAccountId && clinic.stripeAccountId !== clinic.providerAccountId) {
    const account = await reconnect(deps, clinic, clinic.providerAccountId, { actorUserId });
    if (account?.detailsSubmitted) return { url: urls.returnUrl };
    clinic = await getClinicRow(deps.db, clinicId);
  }
  const accountId = await ensureConnectedAccount(deps, clinic);
  return viaGateway(() => deps.gateway.createOnboardingLink({ accountId, ...urls }));
}

/**
 * Where the clinic gives the provider what it asks for (decision 0080): an onboarding link that
 * collects what is due now and what will be, or the onboarding itself while it is unfinished. Throws
 * NO_PROVIDER_ACCOUNT (409) without an account in use, PAYMENTS_TURNED_OFF, PROVIDER_UNAVAILABLE.
 */
export async function providerUpdateLink(deps: ProviderDeps, clinicId: string): Promise<{ url: string }> {
  const clinic = await getClinicRow(deps.db, clinicId);
  refuseWhenTurnedOff(clinic);
  const accountId = clinic.stripeAccountId;
  if (!accountId) throw new AppError('NO_PROVIDER_ACCOUNT', PROVIDER_ACCOUNT_MESSAGES.noAccount);
  const purpose = clinic.stripeStatus === 'pending' ? 'onboarding' : 'update';
  return viaGateway(() =>
    deps.gateway.createOnboardingLink({ accountId, ...onboardingUrls(deps.publicUrl), purpose }),
  );
}

/** Re-reads the clinic's account from the provider and stores its status, what is due and by when. */
export async function refreshProviderConnection(deps: ProviderDeps, clinicId: string): Promise<Clinic> {
  const clinic = await getClinicRow(deps.db, clinicId);
  const accountId = clinic.stripeAccountId ?? clinic.providerAccountId;
  if (!accountId) return toClinic(clinic);
  const account = await viaGateway(() => deps.gateway.retrieveConnectedAccount(accountId));
  await setProviderStatus(deps.db, { accountId, clinicId }, accountState(account));
  return getClinic(deps.db, clinicId);
}

/** Who disconnects a clinic from its provider account. */
export type DisconnectedBy = 'clinic' | 'admin' | 'provider';

/**
 * What each disconnecter leaves (decision 0081): the clinic's own disconnect sets the account
 * in use and the status to null and keeps its account; an admin's force-disconnect sets the status to
 * not_connected and turns payments off; the provider's deauthorization (the platform lost the account)
 * forgets the account altogether.
 */
function afterDisconnect(clinic: ClinicRow, by: DisconnectedBy) {
  // A clinic that had disconnected itself keeps saying so under an admin's hold: restoring then lifts
  // the hold without connecting it again.
  const leftByClinic = by === 'admin' && clinic.stripeAccountId === null && clinic.stripeStatus === null;
  const stripeStatus: StoredProviderStatus = by === 'clinic' || leftByClinic ? null : 'not_connected';
  const providerAccountId = by === 'provider' ? null : clinic.providerAccountId;
  const paymentsTurnedOffAt =
    by === 'admin' ? (clinic.paymentsTurnedOffAt ?? new Date()) : clinic.paymentsTurnedOffAt;
  const unchanged =
    clinic.stripeAccountId === null &&
    clinic.stripeStatus === stripeStatus &&
    clinic.providerAccountId === providerAccountId &&
    clinic.paymentsTurnedOffAt === paymentsTurnedOffAt;
  return { unchanged, stripeStatus, providerAccountId, paymentsTurnedOffAt };
}

/**
 * The one provider disconnection (docs/product.md#provider-connection; audited, decision 0043). In `tx`, each
 * target clinic (one clinic by id, or every clinic holding the provider account) is locked, stops taking
 * payments and takes the state its disconnecter leaves (afterDisconnect); each is audited in the same
 * transaction with who did it (`actorUserId`, null for the provider), the account and the status it had, and
 * `details`. A clinic already in that state is left as it is and not audited again. Returns the ids
 * disconnected.
 */
export async function disconnectClinicProvider(
  tx: Tx,
  target: ClinicConnectionTarget,
  by: { by: DisconnectedBy; actorUserId: string | null; details?: Record<string, unknown> },
): Promise<string[]> {
  const disconnected: string[] = [];
  for (const clinic of await lockClinicConnections(tx, target)) {
    const after = afterDisconnect(clinic, by.by);
    if (after.unchanged) continue;
    await setClinicConnection(tx, clinic.id, {
      stripeAccountId: null,
      stripeStatus: after.stripeStatus,
      providerAccountId: after.providerAccountId,
      paymentsTurnedOffAt: after.paymentsTurnedOffAt,
      accountEnded: clinic.providerAccountId !== null && after.providerAccountId === null,
    });
    await recordAudit(tx, {
      actorUserId: by.actorUserId,
      action: 'provider.disconnected',
      entityType: 'clinic',
      entityId: clinic.id,
      details: {
        accountId: clinic.stripeAccountId ?? clinic.providerAccountId,
        from: clinic.stripeStatus ?? 'not_connected',
        by: by.by,
        ...by.details,
      },
    });
    disconnected.push(clinic.id);
  }
  return disconnected;
}

/**
 * The clinic disconnects itself in its settings (docs/product.md#provider-connection); its account is
 * kept (decision 0081). Throws CLINIC_NOT_FOUND.
 */
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

/**
 * An admin turns a force-disconnected clinic's payments back on (decision 0081): the hold goes and,
 * when the admin's disconnect had taken the clinic's own account out of use, it is reconnected to it
 * with the provider's status, in the same transaction, so payments work again at once. A clinic that
 * had disconnected itself stays disconnected. Audited. Throws CLINIC_NOT_FOUND, PAYMENTS_NOT_TURNED_OFF
 * (409), PROVIDER_UNAVAILABLE (nothing changed then).
 */
export async function restoreClinicPayments(
  deps: ProviderDeps,
  input: { clinicId: string; actorUserId: string },
): Promise<ClinicRow> {
  const clinic = await getClinicRow(deps.db, input.clinicId);
  if (!clinic.paymentsTurnedOffAt)
    throw new AppError('PAYMENTS_NOT_TURNED_OFF', PROVIDER_ACCOUNT_MESSAGES.notTurnedOff);
  const takenOutOfUse = clinic.providerAccountId !== null && clinic.stripeStatus === 'not_connected';
  if (clinic.providerAccountId && takenOutOfUse)
    await reconnect(deps, clinic, clinic.providerAccountId, {
      actorUserId: input.actorUserId,
      restoring: true,
    });
  else await liftHold(deps, clinic, input.actorUserId);
  return getClinicRow(deps.db, clinic.id);
}

/**
 * Closes the clinic's provider account for good when it leaves (decision 0081: accounts.del, once its
 * balance is zero): the clinic is disconnected and forgets the account. Audited. Throws
 * CLINIC_NOT_FOUND, NO_PROVIDER_ACCOUNT (409), PROVIDER_ACCOUNT_NOT_CLOSABLE (409, the provider's
 * reason: money is still held), PROVIDER_UNAVAILABLE.
 */
export async function closeClinicProviderAccount(
  deps: ProviderDeps,
  input: { clinicId: string; actorUserId: string },
): Promise<ClinicRow> {
  const clinic = await getClinicRow(deps.db, input.clinicId);
  const accountId = clinic.providerAccountId;
  if (!accountId) throw new AppError('NO_PROVIDER_ACCOUNT', PROVIDER_ACCOUNT_MESSAGES.noAccountToClose);
  try {
    await deps.gateway.closeConnectedAccount(accountId);
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'balance_not_zero')
      throw new AppError('PROVIDER_ACCOUNT_NOT_CLOSABLE', error.message);
    // Already closed at the provider (or its access revoked): all that is left is to forget it.
    const gone = error instanceof GatewayError && LOST_ACCOUNT_CODES.has(error.code ?? '');
    if (!gone) throw fromGatewayError(error);
  }
  await deps.db.transaction(async (tx) => {
    await setClinicConnection(tx, clinic.id, {
      stripeAccountId: null,
      providerAccountId: null,
      stripeStatus: 'not_connected',
      providerRequirementsDue: [],
      providerRequirementsDeadline: null,
      accountEnded: true,
    });
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: 'provider.account_closed',
      entityType: 'clinic',
      entityId: clinic.id,
      details: { accountId, from: clinic.stripeStatus ?? 'not_connected' },
    });
  });
  return getClinicRow(deps.db, clinic.id);
}
