/**
 * Reads and writes of accounts: users, their password credential, the clinic a sign-up creates, and
 * the verification rows ClinicPay issues itself. No rules here (service.ts, tokens.ts hold them).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, lt, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { accounts, clinics, users, verifications } from '../../db/schema/index.js';

/** The user with this (already lower-cased) email: id and whether it is verified; undefined if none. */
export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

type CredentialUser = Omit<typeof users.$inferInsert, 'createdAt' | 'updatedAt'> & { passwordHash: string };

/** A user and the email + password credential better-auth signs them in with. */
async function insertCredentialUser(tx: Tx, user: CredentialUser) {
  const { passwordHash, ...fields } = user;
  await tx.insert(users).values(fields);
  await tx.insert(accounts).values({
    id: randomUUID(),
    accountId: fields.id,
    providerId: 'credential',
    userId: fields.id,
    password: passwordHash,
  });
}

/**
 * Stores a clinic and its first user (with the password credential) in one transaction. A taken email
 * fails with the database's unique violation (23505).
 */
export async function insertClinicWithUser(
  db: Db,
  clinic: { clinicName: string; email: string },
  user: Omit<CredentialUser, 'clinicId' | 'email'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.insert(clinics).values(clinic).returning({ id: clinics.id });
    if (!row) throw new Error('clinic was not created');
    await insertCredentialUser(tx, { ...user, email: clinic.email, clinicId: row.id });
  });
}

/** Stores a user without a clinic (an admin) and the password credential, in one transaction. */
export async function insertUserWithoutClinic(db: Db, user: CredentialUser): Promise<void> {
  await db.transaction((tx) => insertCredentialUser(tx, user));
}

/** Marks the user's email verified. */
export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Deletes the verification rows holding `value` that are older than the row (createdAt, id), ordered
 * by (created_at, id), so of two rows stored at once the newer one stays.
 */
export async function deleteOlderVerifications(
  db: Db,
  value: string,
  newest: { createdAt: Date; id: string },
): Promise<void> {
  await db
    .delete(verifications)
    .where(
      and(
        eq(verifications.value, value),
        or(
          lt(verifications.createdAt, newest.createdAt),
          and(eq(verifications.createdAt, newest.createdAt), lt(verifications.id, newest.id)),
        ),
      ),
    );
}
