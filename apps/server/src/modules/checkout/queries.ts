/**
 * Reads for the public payment page: a payment request first, then a payment link
 * (docs/product.md#server-calls).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clinics, paymentLinks, paymentRequests } from '../../db/schema/index.js';

export type ClinicRow = typeof clinics.$inferSelect;

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

/**
 * Stores `intentId` as the request's payment intent if the request still holds `replaced` (null: none
 * yet), so of two callers only the first one's intent is kept. Resolves to the intent the request
 * holds afterwards, or undefined for an unknown request.
 */
export async function storeRequestIntent(
  db: Db,
  change: { requestId: string; intentId: string; replaced: string | null },
): Promise<string | undefined> {
  const [stored] = await db
    .update(paymentRequests)
    .set({ paymentIntentId: change.intentId })
    .where(
      and(
        eq(paymentRequests.id, change.requestId),
        change.replaced === null
          ? isNull(paymentRequests.paymentIntentId)
          : eq(paymentRequests.paymentIntentId, change.replaced),
      ),
    )
    .returning({ paymentIntentId: paymentRequests.paymentIntentId });
  if (stored?.paymentIntentId) return stored.paymentIntentId;
  const [current] = await db
    .select({ paymentIntentId: paymentRequests.paymentIntentId })
    .from(paymentRequests)
    .where(eq(paymentRequests.id, change.requestId));
  return current?.paymentIntentId ?? undefined;
}
