/**
 * Reads and writes of accounts: users, their password credential, the clinic a sign-up creates, and
 * the verification rows ClinicPay issues itself. No rules here (service.ts, tokens.ts hold them).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
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
 * Deletes every verification row holding `value` but the newest by (created_at, id), newest as this
 * statement sees them. Run by each issuer after its own row is stored, this leaves exactly one row
 * however many are issued at once, in any number of processes: a row is deleted by its own issuer's
 * statement when a newer row is already stored, or else by the newer row's issuer, which stores its
 * row after that statement and so sees the older one (decision 0026).
 */
export async function deleteAllButNewestVerification(db: Db, value: string): Promise<void> {
  await db.execute(sql`
    delete from ${verifications}
    where ${verifications.value} = ${value}
      and (${verifications.createdAt}, ${verifications.id}) < (
        select newest.created_at, newest.id from ${verifications} as newest
        where newest.value = ${value}
        order by newest.created_at desc, newest.id desc
        limit 1
      )`);
}
