/**
 * The admin's clinics (spec §2 "Admin Clinics", "Admin Clinic Profile", "Admin Settings"; §4
 * force-disconnect; §6 admin permissions). Amounts in pence. An unknown or malformed clinic id is
 * NOT_FOUND with the profile's spec message.
 */
import {
  ADMIN_MESSAGES,
  type AdminClinicPage,
  type AdminClinicProfile,
  type AdminClinicsQuery,
  type adminClinicsQuerySchema,
} from '@clinicpay/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/ids.js';
import {
  clinicAddress,
  disconnectClinicProvider,
  findClinic,
  findClinicAccountEmail,
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
    items: rows.map((row) => ({
      ...row,
      stripeStatus: row.stripeStatus ?? 'not_connected',
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
  const [contact, totals, recent, links, audit] = await Promise.all([
    findClinicAccountEmail(db, clinicId),
    selectClinicTotals(db, clinicId),
    selectClinicPayments(db, clinicId, RECENT_PAYMENTS),
    selectClinicLinks(db, clinicId, LINKS_SHOWN),
    selectClinicAudit(db, clinicId, AUDIT_SHOWN),
  ]);
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
      createdAt: clinic.createdAt.toISOString(),
    },
    stats: {
      payments: { count: totals.paymentCount, amount: totals.amountPaid },
      refunds: { count: totals.refundCount, amount: totals.refunded },
      platformFees: totals.platformFees,
      averagePayment: totals.paymentCount ? Math.round(totals.amountPaid / totals.paymentCount) : 0,
    },
    recentPayments: recent.map((payment) => ({
      id: payment.id,
      patientName: payment.patientName || 'Unknown Patient',
      date: payment.paidAt.toISOString(),
      amount: payment.amountPaid,
      status: payment.status,
    })),
    links: links.map((link) => ({ ...link, createdAt: link.createdAt.toISOString() })),
    audit: audit.map((entry) => ({
      ...entry,
      createdAt: entry.createdAt.toISOString(),
      details: (entry.details ?? {}) as Record<string, unknown>,
    })),
  };
}

/**
 * POST /api/admin/clinics/:clinicId/disconnect (spec §4): the clinic's account id goes and its status
 * becomes not_connected at once, so its payment page shows 'Payment Unavailable' and checkout refuses
 * new intents. Audited with who and the account it had, in the same transaction; a clinic already
 * disconnected is left as it is and not audited again. Throws NOT_FOUND.
 */
export async function forceDisconnect(db: Db, clinicId: string, actorUserId: string) {
  if (!isUuid(clinicId)) throw notFound();
  if (!(await findClinic(db, clinicId))) throw notFound();
  await db.transaction((tx) => disconnectClinicProvider(tx, { clinicId }, { by: 'admin', actorUserId }));
  return {
    message: ADMIN_MESSAGES.disconnected(clinicId),
    clinicId,
    stripeStatus: 'not_connected' as const,
  };
}
