/** Reads and writes of the clinics table (and a clinic's user accounts). No rules here. */
import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { clinics, users } from '../../db/schema/index.js';

export type ClinicRow = typeof clinics.$inferSelect;
export type ClinicChanges = Partial<Omit<typeof clinics.$inferInsert, 'id' | 'createdAt'>>;
/** A stored provider status; null is what a clinic's own disconnect leaves (spec §4). */
export type StoredProviderStatus = ClinicRow['stripeStatus'];

/** The clinic row with this id, or undefined. */
export async function findClinic(db: Pick<Db, 'select'>, clinicId: string): Promise<ClinicRow | undefined> {
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

/** Inserts a clinic with its name and email; returns its id. */
export async function insertClinic(tx: Tx, input: { clinicName: string; email: string }): Promise<string> {
  const [clinic] = await tx
    .insert(clinics)
    .values({ clinicName: input.clinicName, email: input.email })
    .returning({ id: clinics.id });
  if (!clinic) throw new Error('clinic was not created');
  return clinic.id;
}

/** The email of a clinic's oldest user account, or null when it has none. */
export async function findClinicAccountEmail(
  db: Pick<Tx, 'select'>,
  clinicId: string,
): Promise<string | null> {
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.clinicId, clinicId))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return user?.email ?? null;
}

/** Which clinics a connection change is about: one clinic, or every clinic holding a provider account. */
export type ClinicConnectionTarget = { clinicId: string } | { accountId: string };

function connectionWhere(target: ClinicConnectionTarget): SQL {
  return 'clinicId' in target
    ? eq(clinics.id, target.clinicId)
    : eq(clinics.stripeAccountId, target.accountId);
}

/** Locks the target clinics' rows for the rest of `tx` and returns their connection columns. */
export function lockClinicConnections(tx: Tx, target: ClinicConnectionTarget) {
  return tx
    .select({ id: clinics.id, stripeAccountId: clinics.stripeAccountId, stripeStatus: clinics.stripeStatus })
    .from(clinics)
    .where(connectionWhere(target))
    .for('update');
}

/** Sets the clinic's account id and status to these values. */
export async function setClinicConnection(
  tx: Tx,
  clinicId: string,
  connection: { stripeAccountId: string | null; stripeStatus: StoredProviderStatus },
): Promise<void> {
  await tx.update(clinics).set(connection).where(eq(clinics.id, clinicId));
}

/**
 * Stores the account id and status pending, only when the clinic has no account yet; returns the
 * stored account id, or undefined when another account was stored first.
 */
export async function storeAccountUnlessSet(db: Db, clinicId: string, accountId: string) {
  const [stored] = await db
    .update(clinics)
    .set({ stripeAccountId: accountId, stripeStatus: 'pending' })
    .where(and(eq(clinics.id, clinicId), isNull(clinics.stripeAccountId)))
    .returning({ accountId: clinics.stripeAccountId });
  return stored?.accountId ?? undefined;
}

/**
 * Sets the provider status of the clinics holding `accountId` (of only `clinicId` among them, when
 * given). A clinic that holds another account by now is left as it is.
 */
export async function setProviderStatus(
  db: Pick<Db, 'update'>,
  target: { accountId: string; clinicId?: string },
  status: StoredProviderStatus,
): Promise<void> {
  const where = eq(clinics.stripeAccountId, target.accountId);
  await db
    .update(clinics)
    .set({ stripeStatus: status })
    .where(target.clinicId ? and(where, eq(clinics.id, target.clinicId)) : where);
}
