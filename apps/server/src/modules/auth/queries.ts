/**
 * Reads and writes of accounts: users, their password credential, the clinic a sign-up creates, and
 * the verification rows ClinicPay issues itself. No rules here (service.ts, tokens.ts hold them).
 */
import { randomUUID } from 'node:crypto';
import type { ClinicRole } from '@clinicpay/shared';
import { and, asc, desc, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { accounts, auditLog, clinics, sessions, users, verifications } from '../../db/schema/index.js';

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
 * Stores a clinic and its first user, its owner (with the password credential) in one transaction. A taken email
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
    await insertCredentialUser(tx, { ...user, email: clinic.email, clinicId: row.id, clinicRole: 'owner' });
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
export async function deleteAllButNewestVerification(db: Db | Tx, value: string): Promise<void> {
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

/** A clinic's members (decision 0121), owner first, then by when they joined. */
export async function selectClinicMembers(db: Db, clinicId: string) {
  return db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      role: users.clinicRole,
      twoFactorEnabled: users.twoFactorEnabled,
      joinedAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.clinicId, clinicId), isNotNull(users.clinicRole)))
    .orderBy(sql`${users.clinicRole} <> 'owner'`, asc(users.createdAt), asc(users.id));
}

/** The account with this (lower-cased) email: its clinic, role and password hash; undefined if none. */
export async function findAccountByEmail(db: Db | Tx, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      clinicId: users.clinicId,
      clinicRole: users.clinicRole,
      passwordHash: accounts.password,
    })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(eq(users.email, email));
  return row;
}

/** Stores a new, verified clinic user in `clinicId`'s team with `clinicRole`, and their password. */
export async function insertMemberUser(
  tx: Tx,
  member: {
    id: string;
    name: string;
    email: string;
    clinicId: string;
    clinicRole: ClinicRole;
    passwordHash: string;
  },
): Promise<void> {
  await insertCredentialUser(tx, { ...member, role: 'clinic', emailVerified: true });
}

/**
 * Sets the user's clinic and role (both null: in no clinic), and whether they must use two-factor
 * sign-in when given. Returns whether a row changed, which is false when `onlyIn` is given and the user
 * is not in that clinic, or when `owner` is given and the user is not (true) or is (false) its owner at
 * the moment of the update: a change that raced another one, as two of the owner's tabs may, changes
 * nothing.
 */
export async function setMembership(
  tx: Db | Tx,
  userId: string,
  membership: { clinicId: string | null; clinicRole: ClinicRole | null; twoFactorRequired?: boolean },
  onlyIn?: string,
  owner?: boolean,
): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ ...membership, updatedAt: new Date() })
    .where(
      and(
        eq(users.id, userId),
        onlyIn ? eq(users.clinicId, onlyIn) : undefined,
        owner === undefined
          ? undefined
          : owner
            ? eq(users.clinicRole, 'owner')
            : ne(users.clinicRole, 'owner'),
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Deletes the user's sessions, all of them or all but `keepSessionId`: each device is signed out. */
export async function deleteSessionsOf(tx: Db | Tx, userId: string, keepSessionId?: string): Promise<number> {
  const rows = await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined))
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * Deletes every session of every user of the clinic, so its whole team is signed out at once (an
 * admin's suspension of its sign-in: decision 0125). Returns how many there were.
 */
export async function deleteClinicSessions(tx: Db | Tx, clinicId: string): Promise<number> {
  const rows = await tx
    .delete(sessions)
    .where(
      inArray(sessions.userId, tx.select({ id: users.id }).from(users).where(eq(users.clinicId, clinicId))),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * The clinic's suspension of sign-in (decision 0125): its reason, or undefined while its team may sign
 * in. Read here rather than through the clinics module, which imports this one.
 */
export async function findSignInSuspension(db: Db, clinicId: string) {
  const [row] = await db
    .select({ reason: clinics.signInSuspensionReason })
    .from(clinics)
    .where(and(eq(clinics.id, clinicId), isNotNull(clinics.signInSuspendedAt)));
  return row ? { reason: row.reason ?? '' } : undefined;
}

/** Whether the user has a password credential (false: an invitation not used yet). */
const hasPassword = sql<boolean>`(${accounts.password} is not null)`;
const credentialOf = and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential'));

/** The clinic's owner: id, email, and whether they have set a password; undefined when it has none. */
export async function findClinicOwner(db: Db, clinicId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, hasPassword })
    .from(users)
    .leftJoin(accounts, credentialOf)
    .where(and(eq(users.clinicId, clinicId), eq(users.clinicRole, 'owner')));
  return row ? { ...row, hasPassword: Boolean(row.hasPassword) } : undefined;
}

/** Every admin, oldest first, with whether they have set a password and turned two-factor sign-in on. */
export async function selectAdmins(db: Db) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      twoFactorEnabled: users.twoFactorEnabled,
      hasPassword,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(accounts, credentialOf)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map((row) => ({ ...row, hasPassword: Boolean(row.hasPassword) }));
}

/**
 * Stores an invited admin (decision 0125): verified (the emailed link proves the address once used),
 * bound to use two-factor sign-in (decision 0122), in no clinic, and without a password until the
 * invitation is used. A taken email fails with the database's unique violation (23505).
 */
export async function insertInvitedAdmin(tx: Tx, admin: { id: string; email: string }): Promise<void> {
  await tx.insert(users).values({
    id: admin.id,
    email: admin.email,
    name: 'Administrator',
    role: 'admin',
    emailVerified: true,
    twoFactorRequired: true,
  });
}

/** Sets whether every member of the clinic must use two-factor sign-in (decision 0122). */
export async function setTwoFactorRequiredInClinic(
  tx: Db | Tx,
  clinicId: string,
  required: boolean,
): Promise<void> {
  await tx
    .update(users)
    .set({ twoFactorRequired: required, updatedAt: new Date() })
    .where(eq(users.clinicId, clinicId));
}

/** The user's sessions that have not expired, the most recently used first. */
export async function selectUserSessions(db: Db, userId: string) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id));
}

/** Deletes the user's session `sessionId`; false when the user has no such session. */
export async function deleteUserSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** The account with this id: its email and clinic, as sign-in's audit entries name it. */
export async function findAccountById(db: Db, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, clinicId: users.clinicId })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

const userEntries = (userId: string) => and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, userId));

/**
 * The account's failed sign-ins since its last completed sign-in or opened sign-in link (decision 0124),
 * read from the audit trail by audit_log_entity_idx.
 */
export async function countFailedSignIns(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ failures: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(
      and(
        userEntries(userId),
        eq(auditLog.action, 'account.sign_in_failed'),
        sql`${auditLog.createdAt} > coalesce((
          select max(reset.created_at) from ${auditLog} as reset
          where reset.entity_type = 'user' and reset.entity_id = ${userId}
            and reset.action in ('account.signed_in', 'account.sign_in_unlocked')
        ), '-infinity'::timestamptz)`,
      ),
    );
  return Number(row?.failures ?? 0);
}

/** When the account's newest audit entry of `action` was made, or null. */
export async function lastAuditAt(db: Db, userId: string, action: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${auditLog.createdAt})` })
    .from(auditLog)
    .where(and(userEntries(userId), eq(auditLog.action, action)));
  return row?.at ? new Date(row.at) : null;
}

/** Whether the account has completed a sign-in on `device` ('Firefox 133 on Windows') before. */
export async function hasSignedInOn(db: Db, userId: string, device: string): Promise<boolean> {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        userEntries(userId),
        eq(auditLog.action, 'account.signed_in'),
        sql`${auditLog.details} ->> 'device' = ${device}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}
