/** Reads for the public payment page: a payment request first, then a payment link (spec §7). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clinics, paymentLinks, paymentRequests } from '../../db/schema/index.js';

export type ClinicRow = typeof clinics.$inferSelect;
export type LinkRow = typeof paymentLinks.$inferSelect;
export type RequestRow = typeof paymentRequests.$inferSelect;

export async function findRequestWithClinic(db: Db, requestId: string) {
  const [row] = await db
    .select({ request: paymentRequests, clinic: clinics, link: paymentLinks })
    .from(paymentRequests)
    .innerJoin(clinics, eq(clinics.id, paymentRequests.clinicId))
    .leftJoin(paymentLinks, eq(paymentLinks.id, paymentRequests.paymentLinkId))
    .where(eq(paymentRequests.id, requestId));
  return row;
}

export async function findLinkWithClinic(db: Db, linkId: string) {
  const [row] = await db
    .select({ link: paymentLinks, clinic: clinics })
    .from(paymentLinks)
    .innerJoin(clinics, eq(clinics.id, paymentLinks.clinicId))
    .where(eq(paymentLinks.id, linkId));
  return row;
}
