/**
 * The admin's clinics (docs/product.md#admin-clinics, docs/product.md#admin-clinic-profile,
 * docs/product.md#admin-settings; force-disconnect in docs/product.md#provider-connection; admin
 * permissions in docs/product.md#roles). Amounts in pence. An unknown or malformed clinic id is
 * NOT_FOUND with the profile's message (docs/product.md#messages-payment-page).
 */
import {
  ADMIN_MESSAGES,
  type AdminClinicPage,
  type AdminClinicProfile,
  type AdminClinicsQuery,
  type AdminProviderActionResponse,
  type adminClinicsQuerySchema,
  averagePayment,
  PROVIDER_ACCOUNT_MESSAGES,
  paymentFigures,
  SIGN_IN_SUSPENSION_MESSAGES,
  type SignInSuspensionResponse,
} from '@clinicpay/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { CardGateway } from '../../gateway/gateway.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/ids.js';
import type { JobQueue } from '../../jobs/index.js';
import { queueEmail } from '../../mail/email-job.js';
import type { Mail } from '../../mail/mailer.js';
import { renderTemplate } from '../../mail/render-email.js';
import { recordAudit } from '../audit/index.js';
import { deleteClinicSessions, findClinicOwner } from '../auth/index.js';
import {
  type ClinicRow,
  clinicAddress,
  closeClinicProviderAccount,
  disconnectClinicProvider,
  findClinic,
  findClinicAccountEmail,
  restoreClinicPayments,
  setSignInSuspension,
} from '../clinics/index.js';
import {
  selectClinicAudit,
  selectClinicLinks,
  selectClinicPage,
  selectClinicPayments,
  selectClinicTotals,
} from './queries.js';

export { adminStats } from './stats.js';

const RECENT_PAYMENTS = 5;
const LINKS_SHOWN = 50;
const AUDIT_SHOWN = 20;

/** GET /api/admin/clinics: one page, newest first, searched by name or email (any case). */
export async function listClinics(
  db: Db,
  query: z.output<typeof adminClinicsQuerySchema> & AdminClinicsQuery,
): Promise<AdminClinicPage> {
  const { page, pageSize } = query;
  const { rows, total } = await selectClinicPage(db, query.search, pageSize, (page - 1) * pageSize);
  return {
    items: rows.map(({ paymentsTurnedOffAt, ...row }) => ({
      ...row,
      stripeStatus: row.stripeStatus ?? 'not_connected',
      paymentsTurnedOff: paymentsTurnedOffAt !== null,
      createdAt: row.createdAt.toISOString(),
    })),
    page,
    pageSize,
    total,
  };
}

const notFound = () => new AppError('CLINIC_NOT_FOUND', ADMIN_MESSAGES.clinicNotFound);

/** GET /api/admin/clinics/:clinicId: what the clinic profile shows. Throws NOT_FOUND. */
export async function clinicProfile(db: Db, clinicId: string): Promise<AdminClinicProfile> {
  if (!isUuid(clinicId)) throw notFound();
  const clinic = await findClinic(db, clinicId);
  if (!clinic) throw notFound();
  const [contact, owner, totals, recent, links, audit] = await Promise.all([
    findClinicAccountEmail(db, clinicId),
    findClinicOwner(db, clinicId),
    selectClinicTotals(db, clinicId),
    selectClinicPayments(db, clinicId, RECENT_PAYMENTS),
    selectClinicLinks(db, clinicId, LINKS_SHOWN),
    selectClinicAudit(db, clinicId, AUDIT_SHOWN),
  ]);
  const figures = paymentFigures(totals);
  return {
    clinic: {
      id: clinic.id,
      clinicName: clinic.clinicName,
      logoUrl: clinic.logoUrl,
      contact,
      email: clinic.email,
      phone: clinic.phone,
      address: clinicAddress(clinic),
      stripeStatus: clinic.stripeStatus ?? 'not_connected',
      paymentsTurnedOff: clinic.paymentsTurnedOffAt !== null,
      providerAccountId: clinic.providerAccountId,
      createdAt: clinic.createdAt.toISOString(),
      invitationPending: owner !== undefined && !owner.hasPassword,
      signInSuspendedAt: clinic.signInSuspendedAt?.toISOString() ?? null,
      signInSuspensionReason: clinic.signInSuspendedAt ? clinic.signInSuspensionReason : null,
    },
    stats: { ...figures, averagePayment: averagePayment(figures) },
    recentPayments: recent.map((payment) => ({
      id: payment.id,
      patientName: payment.patientName || 'Unknown Patient',
      date: payment.paidAt.toISOString(),
      amount: payment.amountPaid,
      status: payment.status,
      disputeStatus: payment.disputeStatus,
    })),
    links: links.map((link) => ({ ...link, createdAt: link.createdAt.toISOString() })),
    audit: audit.map((entry) => ({
      ...entry,
      createdAt: entry.createdAt.toISOString(),
      details: (entry.details ?? {}) as Record<string, unknown>,
    })),
  };
}

/** What the admin's provider actions need: the database, the card provider, the job queue for email. */
export interface ProviderActionDeps {
  db: Db;
  gateway: CardGateway;
  jobs: Pick<JobQueue, 'send'>;
  /** Where the clinic's emails link to (its contact page). */
  publicUrl: string;
}

/** The clinic's name as the admin's answers and the clinic's emails give it. */
export const nameOf = (clinic: Pick<ClinicRow, 'clinicName'>) =>
  clinic.clinicName ?? ADMIN_MESSAGES.unnamedClinic;

/**
 * The email to `to` telling the clinic `clinicName` that an admin turned its card payments off (decision
 * 0081), with a button to `contactUrl` (absolute), built with React Email
 * (templates/payments-turned-off-email.tsx, loaded with the first email: decision 0077); the plain text
 * holds the link in full. Rejects only when rendering fails.
 */
export async function paymentsTurnedOffEmail(
  to: string,
  clinicName: string,
  contactUrl: string,
): Promise<Mail> {
  return {
    to,
    subject: PROVIDER_ACCOUNT_MESSAGES.turnedOffTitle,
    ...(await renderTemplate(
      async () => (await import('./templates/payments-turned-off-email.js')).PaymentsTurnedOffEmail,
      { clinicName, contactUrl },
    )),
  };
}

/** The clinic row with this id. Throws CLINIC_NOT_FOUND for an unknown or malformed id. */
export async function clinicOrNotFound(db: Db, clinicId: string): Promise<ClinicRow> {
  if (!isUuid(clinicId)) throw notFound();
  const clinic = await findClinic(db, clinicId);
  if (!clinic) throw notFound();
  return clinic;
}

/**
 * POST /api/admin/clinics/:clinicId/disconnect (decision 0081): the clinic's account in use
 * goes and its status becomes not_connected at once, so its payment page says card payments are
 * temporarily unavailable and checkout refuses new intents; its payments stay turned off, and it cannot
 * reconnect, until an admin restores them. Audited with who and the account it had, and the clinic is
 * emailed (at its clinic email, else its account's), in the same transaction; a clinic already turned
 * off is left as it is. Throws CLINIC_NOT_FOUND.
 */
export async function forceDisconnect(deps: ProviderActionDeps, clinicId: string, actorUserId: string) {
  const clinic = await clinicOrNotFound(deps.db, clinicId);
  const to = clinic.email ?? (await findClinicAccountEmail(deps.db, clinicId));
  // Rendered before the transaction, which then only writes; a clinic already turned off is not told again.
  const mail =
    to && !clinic.paymentsTurnedOffAt
      ? await paymentsTurnedOffEmail(to, nameOf(clinic), `${deps.publicUrl}/contact`)
      : undefined;
  await deps.db.transaction(async (tx) => {
    const changed = await disconnectClinicProvider(tx, { clinicId }, { by: 'admin', actorUserId });
    if (changed.length > 0 && mail) await queueEmail(deps.jobs, mail, { tx });
  });
  return {
    message: ADMIN_MESSAGES.disconnected(nameOf(clinic)),
    clinicId,
    clinicName: nameOf(clinic),
    stripeStatus: 'not_connected' as const,
  };
}

function providerActionResult(clinic: ClinicRow, message: string): AdminProviderActionResponse {
  return {
    message,
    clinicId: clinic.id,
    clinicName: nameOf(clinic),
    stripeStatus: clinic.stripeStatus ?? 'not_connected',
    paymentsTurnedOff: clinic.paymentsTurnedOffAt !== null,
  };
}

/**
 * POST /api/admin/clinics/:clinicId/restore-payments: turns a force-disconnected clinic's payments back
 * on and reconnects it to its own account (restoreClinicPayments). Throws CLINIC_NOT_FOUND,
 * PAYMENTS_NOT_TURNED_OFF, PROVIDER_UNAVAILABLE.
 */
export async function restorePayments(deps: ProviderActionDeps, clinicId: string, actorUserId: string) {
  await clinicOrNotFound(deps.db, clinicId);
  const clinic = await restoreClinicPayments(deps, { clinicId, actorUserId });
  return providerActionResult(clinic, ADMIN_MESSAGES.restored(nameOf(clinic)));
}

/**
 * POST /api/admin/clinics/:clinicId/close-provider-account: closes the clinic's provider account for
 * good once its balance is zero (closeClinicProviderAccount). Throws CLINIC_NOT_FOUND,
 * NO_PROVIDER_ACCOUNT, PROVIDER_ACCOUNT_NOT_CLOSABLE, PROVIDER_UNAVAILABLE.
 */
export async function closeProviderAccount(deps: ProviderActionDeps, clinicId: string, actorUserId: string) {
  await clinicOrNotFound(deps.db, clinicId);
  const clinic = await closeClinicProviderAccount(deps, { clinicId, actorUserId });
  return providerActionResult(clinic, ADMIN_MESSAGES.accountClosed(nameOf(clinic)));
}

/** What suspending and reactivating a clinic's sign-in need: the database, and the job queue for email. */
export interface SignInSuspensionDeps {
  db: Db;
  jobs: Pick<JobQueue, 'send'>;
  /** Where the clinic's emails link to (the contact and sign-in pages). */
  publicUrl: string;
}

/**
 * The email to `to` telling the clinic `clinicName` that an admin suspended its sign-in, and why
 * (decision 0125), built with React Email (templates/sign-in-suspended-email.tsx). Rejects only when
 * rendering fails.
 */
export async function signInSuspendedEmail(
  to: string,
  clinicName: string,
  reason: string,
  contactUrl: string,
): Promise<Mail> {
  return {
    to,
    subject: SIGN_IN_SUSPENSION_MESSAGES.suspendedSubject,
    ...(await renderTemplate(
      async () => (await import('./templates/sign-in-suspended-email.js')).SignInSuspendedEmail,
      { clinicName, reason, contactUrl },
    )),
  };
}

/**
 * The email to `to` telling the clinic `clinicName` that its sign-in is back (decision 0125), built
 * with React Email (templates/sign-in-reactivated-email.tsx). Rejects only when rendering fails.
 */
export async function signInReactivatedEmail(
  to: string,
  clinicName: string,
  signInUrl: string,
): Promise<Mail> {
  return {
    to,
    subject: SIGN_IN_SUSPENSION_MESSAGES.reactivatedSubject,
    ...(await renderTemplate(
      async () => (await import('./templates/sign-in-reactivated-email.js')).SignInReactivatedEmail,
      { clinicName, signInUrl },
    )),
  };
}

/** The clinic's addresses, each once: its profile email and its owner's account email. */
async function clinicAddresses(db: Db, clinic: ClinicRow): Promise<string[]> {
  const owner = await findClinicOwner(db, clinic.id);
  const addresses = [clinic.email, owner?.email].filter((address): address is string => Boolean(address));
  return [...new Map(addresses.map((address) => [address.toLowerCase(), address])).values()];
}

function suspensionResult(clinic: ClinicRow, message: string): SignInSuspensionResponse {
  return {
    message,
    clinicId: clinic.id,
    clinicName: nameOf(clinic),
    signInSuspendedAt: clinic.signInSuspendedAt?.toISOString() ?? null,
    signInSuspensionReason: clinic.signInSuspendedAt ? clinic.signInSuspensionReason : null,
  };
}

/**
 * POST /api/admin/clinics/:clinicId/suspend-sign-in (decision 0125): in one transaction, marks the
 * clinic suspended with `reason` (trimmed, 3 to 500 characters, as the route's schema checks), signs
 * every member of its team out, queues the email telling the clinic why (to its email and its owner's)
 * and audits it. From then on every sign-in of a member is refused with the reason. Throws
 * CLINIC_NOT_FOUND and SIGN_IN_ALREADY_SUSPENDED (409).
 */
export async function suspendClinicSignIn(
  deps: SignInSuspensionDeps,
  clinicId: string,
  reason: string,
  actorUserId: string,
): Promise<SignInSuspensionResponse> {
  const clinic = await clinicOrNotFound(deps.db, clinicId);
  const alreadySuspended = () =>
    new AppError('SIGN_IN_ALREADY_SUSPENDED', SIGN_IN_SUSPENSION_MESSAGES.alreadySuspended);
  if (clinic.signInSuspendedAt) throw alreadySuspended();
  // Rendered before the transaction, which then only writes.
  const mails = await Promise.all(
    (await clinicAddresses(deps.db, clinic)).map((to) =>
      signInSuspendedEmail(to, nameOf(clinic), reason, `${deps.publicUrl}/contact`),
    ),
  );
  const suspended = await deps.db.transaction(async (tx) => {
    // Set only on a clinic not suspended already, so two admins at once suspend it once.
    const row = await setSignInSuspension(tx, clinicId, { at: new Date(), reason });
    if (!row) throw alreadySuspended();
    await deleteClinicSessions(tx, clinicId);
    for (const mail of mails) await queueEmail(deps.jobs, mail, { tx });
    await recordAudit(tx, {
      actorUserId,
      action: 'clinic.sign_in_suspended',
      entityType: 'clinic',
      entityId: clinicId,
      details: { reason },
    });
    return row;
  });
  return suspensionResult(suspended, SIGN_IN_SUSPENSION_MESSAGES.suspended(nameOf(suspended)));
}

/**
 * POST /api/admin/clinics/:clinicId/reactivate-sign-in (decision 0125): in one transaction, lifts the
 * clinic's suspension, queues the email saying its sign-in is back and audits it (with the reason it
 * had). Throws CLINIC_NOT_FOUND and SIGN_IN_NOT_SUSPENDED (409).
 */
export async function reactivateClinicSignIn(
  deps: SignInSuspensionDeps,
  clinicId: string,
  actorUserId: string,
): Promise<SignInSuspensionResponse> {
  const clinic = await clinicOrNotFound(deps.db, clinicId);
  const notSuspended = () => new AppError('SIGN_IN_NOT_SUSPENDED', SIGN_IN_SUSPENSION_MESSAGES.notSuspended);
  if (!clinic.signInSuspendedAt) throw notSuspended();
  const mails = await Promise.all(
    (await clinicAddresses(deps.db, clinic)).map((to) =>
      signInReactivatedEmail(to, nameOf(clinic), `${deps.publicUrl}/sign-in`),
    ),
  );
  const reactivated = await deps.db.transaction(async (tx) => {
    const row = await setSignInSuspension(tx, clinicId, null);
    if (!row) throw notSuspended();
    for (const mail of mails) await queueEmail(deps.jobs, mail, { tx });
    await recordAudit(tx, {
      actorUserId,
      action: 'clinic.sign_in_reactivated',
      entityType: 'clinic',
      entityId: clinicId,
      details: { reason: clinic.signInSuspensionReason },
    });
    return row;
  });
  return suspensionResult(reactivated, SIGN_IN_SUSPENSION_MESSAGES.reactivated(nameOf(reactivated)));
}
