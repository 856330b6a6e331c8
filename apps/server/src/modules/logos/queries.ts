/**
 * Reads and writes of clinics.logo_url (docs/product.md#record-clinic; Storage in
 * docs/product.md#server-calls). No rules here.
 */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { clinics } from '../../db/schema/index.js';

/** The clinic's logo URL (null when it has none), or undefined when there is no such clinic. */
export async function findLogoUrl(db: Db, clinicId: string): Promise<string | null | undefined> {
  const [row] = await db.select({ logoUrl: clinics.logoUrl }).from(clinics).where(eq(clinics.id, clinicId));
  return row?.logoUrl;
}

/**
 * In `tx`: sets the clinic's logo URL (null clears it) with the row locked until `tx` ends, and returns
 * the URL it replaced; undefined when there is no such clinic. Writes nothing when the value does not
 * change.
 */
export async function swapLogoUrl(
  tx: Tx,
  clinicId: string,
  logoUrl: string | null,
): Promise<{ previous: string | null } | undefined> {
  const [row] = await tx
    .select({ logoUrl: clinics.logoUrl })
    .from(clinics)
    .where(eq(clinics.id, clinicId))
    .for('update');
  if (!row) return undefined;
  if (row.logoUrl !== logoUrl) {
    await tx.update(clinics).set({ logoUrl }).where(eq(clinics.id, clinicId));
  }
  return { previous: row.logoUrl };
}
