/** Reads and writes of the clinics table (and a clinic's user accounts). No rules here. */
import { and, asc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { clinics, users } from '../../db/schema/index.js';

export type ClinicRow = typeof clinics.$inferSelect;
export type ClinicChanges = Partial<Omit<typeof clinics.$inferInsert, 'id' | 'createdAt'>>;
/**
 * A stored provider status; null is what a clinic's own disconnect leaves
 * (docs/product.md#provider-connection).
 */
export type StoredProviderStatus = ClinicRow['stripeStatus'];

/** The clinic row with this id, or undefined. */
export async function findClinic(db: Pick<Db, 'select'>, clinicId: string): Promise<ClinicRow | undefined> {
  const [row] = await db.select().from(clinics).where(eq(clinics.id, clinicId));
  return row;
}

/** The clinic row, locked until the transaction ends; undefined when there is none. */
export async function lockClinic(tx: Tx, clinicId: string): Promise<ClinicRow | undefined> {
  const [row] = await tx.select().from(clinics).where(eq(clinics.id, clinicId)).for('update');
  return row;
}

/** Sets these columns of the clinic row; resolves to the row as stored, undefined when there is none. */
export async function updateClinic(
  db: Db | Tx,
  clinicId: string,
  changes: ClinicChanges,
): Promise<ClinicRow | undefined> {
  const [row] = await db.update(clinics).set(changes).where(eq(clinics.id, clinicId)).returning();
  return row;
}

/** Sets whether the clinic requires two-factor sign-in of its team (decision 0122). */
export async function setRequireTwoFactor(tx: Db | Tx, clinicId: string, required: boolean): Promise<void> {
  await tx.update(clinics).set({ requireTwoFactor: required }).where(eq(clinics.id, clinicId));
}

/**
 * Suspends sign-in for the clinic's team with `reason` (decision 0125), or lifts the suspension when
 * `suspension` is null. Only a clinic not already so changes: resolves to the row as stored, or undefined
 * when the clinic is unknown or already suspended (or, lifting, not suspended).
 */
export async function setSignInSuspension(
  tx: Db | Tx,
  clinicId: string,
  suspension: { at: Date; reason: string } | null,
): Promise<ClinicRow | undefined> {
  const [row] = await tx
    .update(clinics)
    .set({ signInSuspendedAt: suspension?.at ?? null, signInSuspensionReason: suspension?.reason ?? null })
    .where(
      and(
        eq(clinics.id, clinicId),
        suspension ? isNull(clinics.signInSuspendedAt) : isNotNull(clinics.signInSuspendedAt),
      ),
    )
    .returning();
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

/**
 * The clinic holding this connected account, in use or kept after disconnecting (decision 0081), or
 * undefined when no clinic holds it.
 */
export async function findClinicByProviderAccount(
  db: Pick<Db, 'select'>,
  accountId: string,
): Promise<ClinicRow | undefined> {
  const [row] = await db
    .select()
    .from(clinics)
    .where(or(eq(clinics.stripeAccountId, accountId), eq(clinics.providerAccountId, accountId)))
    .limit(1);
  return row;
}

/** Which clinics a connection change is about: one clinic, or every clinic holding a provider account. */
export type ClinicConnectionTarget = { clinicId: string } | { accountId: string };

function connectionWhere(target: ClinicConnectionTarget): SQL {
  if ('clinicId' in target) return eq(clinics.id, target.clinicId);
  return or(
    eq(clinics.stripeAccountId, target.accountId),
    eq(clinics.providerAccountId, target.accountId),
  ) as SQL;
}

/** Locks the target clinics' rows for the rest of `tx` and returns them. */
export function lockClinicConnections(tx: Tx, target: ClinicConnectionTarget) {
  return tx.select().from(clinics).where(connectionWhere(target)).for('update');
}

/** Sets the clinic's connection columns to these values. */
export async function setClinicConnection(
  tx: Tx,
  clinicId: string,
  connection: Pick<
    ClinicChanges,
    | 'stripeAccountId'
    | 'stripeStatus'
    | 'providerAccountId'
    | 'paymentsTurnedOffAt'
    | 'providerRequirementsDue'
    | 'providerRequirementsDeadline'
  > & { accountEnded?: boolean },
): Promise<void> {
  const { accountEnded, ...columns } = connection;
  await tx
    .update(clinics)
    .set({
      ...columns,
      ...(accountEnded ? { providerAccountsEnded: sql`${clinics.providerAccountsEnded} + 1` } : {}),
    })
    .where(eq(clinics.id, clinicId));
}

/**
 * Stores the account as the clinic's own and as the one in use (status pending), only when the clinic
 * has no account of its own yet and is not on an admin's hold; returns the clinic's account id then, or
 * undefined when another account was stored first (or a hold came meanwhile).
 */
export async function storeAccountUnlessSet(db: Db, clinicId: string, accountId: string) {
  const [stored] = await db
    .update(clinics)
    .set({ stripeAccountId: accountId, providerAccountId: accountId, stripeStatus: 'pending' })
    .where(
      and(eq(clinics.id, clinicId), isNull(clinics.providerAccountId), isNull(clinics.paymentsTurnedOffAt)),
    )
    .returning({ accountId: clinics.providerAccountId });
  return stored?.accountId ?? undefined;
}

/** The provider's view of an account, as stored on the clinic. */
export interface StoredAccountState {
  status: NonNullable<StoredProviderStatus>;
  requirementsDue: string[];
  requirementsDeadline: Date | null;
}

/**
 * Stores the provider's view of `accountId` on the clinics that own it (only `clinicId` among them,
 * when given): what is due and by when on the clinic whose own account it is, and the status only
 * where it is the account in use. A clinic that holds another account by now is left as it is.
 */
export async function setProviderStatus(
  db: Pick<Db, 'update'>,
  target: { accountId: string; clinicId?: string },
  state: StoredAccountState,
): Promise<void> {
  const scope = (where: SQL) =>
    target.clinicId ? (and(where, eq(clinics.id, target.clinicId)) as SQL) : where;
  await db
    .update(clinics)
    .set({
      providerRequirementsDue: state.requirementsDue,
      providerRequirementsDeadline: state.requirementsDeadline,
    })
    .where(scope(eq(clinics.providerAccountId, target.accountId)));
  await db
    .update(clinics)
    .set({ stripeStatus: state.status })
    .where(scope(eq(clinics.stripeAccountId, target.accountId)));
}
