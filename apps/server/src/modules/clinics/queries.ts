/** Reads and writes of the clinics table. Every call takes the clinic id from the session. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clinics } from '../../db/schema/index.js';

export type ClinicRow = typeof clinics.$inferSelect;
export type ClinicChanges = Partial<Omit<typeof clinics.$inferInsert, 'id' | 'createdAt'>>;

export async function findClinic(db: Db, clinicId: string): Promise<ClinicRow | undefined> {
  const [row] = await db.select().from(clinics).where(eq(clinics.id, clinicId));
  return row;
}

export async function updateClinic(
  db: Db,
  clinicId: string,
  changes: ClinicChanges,
): Promise<ClinicRow | undefined> {
  const [row] = await db.update(clinics).set(changes).where(eq(clinics.id, clinicId)).returning();
  return row;
}
