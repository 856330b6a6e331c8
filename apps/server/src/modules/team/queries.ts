/** Reads and writes of team invitations (decision 0121). No rules here: service.ts holds them. */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { clinics, teamInvitations } from '../../db/schema/index.js';

/** The invitations of a clinic still waiting: not accepted, withdrawn or expired. Newest first. */
export async function selectPendingInvitations(db: Db, clinicId: string) {
  return db
    .select({
      id: teamInvitations.id,
      email: teamInvitations.email,
      role: teamInvitations.role,
      invitedAt: teamInvitations.createdAt,
      expiresAt: teamInvitations.expiresAt,
    })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.clinicId, clinicId),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
        gt(teamInvitations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(teamInvitations.createdAt));
}

/** Stores an invitation; only the token's hash is kept. */
export async function insertInvitation(
  tx: Tx,
  invitation: typeof teamInvitations.$inferInsert,
): Promise<string> {
  const [row] = await tx.insert(teamInvitations).values(invitation).returning({ id: teamInvitations.id });
  if (!row) throw new Error('invitation was not stored');
  return row.id;
}

/**
 * Withdraws the clinic's open invitations, the one with `id` or every one to `email`. Returns the
 * withdrawn invitations' emails.
 */
export async function revokeInvitations(
  tx: Db | Tx,
  clinicId: string,
  which: { id: string } | { email: string },
): Promise<string[]> {
  const rows = await tx
    .update(teamInvitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(teamInvitations.clinicId, clinicId),
        'id' in which ? eq(teamInvitations.id, which.id) : eq(teamInvitations.email, which.email),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
      ),
    )
    .returning({ email: teamInvitations.email });
  return rows.map((row) => row.email);
}

/** The invitation whose token hashes to `tokenHash`, with its clinic's name, and whether it has expired. */
export async function findInvitationByTokenHash(db: Db | Tx, tokenHash: string) {
  const [row] = await db
    .select({
      id: teamInvitations.id,
      clinicId: teamInvitations.clinicId,
      clinicName: clinics.clinicName,
      requireTwoFactor: clinics.requireTwoFactor,
      email: teamInvitations.email,
      role: teamInvitations.role,
      acceptedAt: teamInvitations.acceptedAt,
      revokedAt: teamInvitations.revokedAt,
      expired: sql<boolean>`${teamInvitations.expiresAt} <= now()`,
    })
    .from(teamInvitations)
    .innerJoin(clinics, eq(clinics.id, teamInvitations.clinicId))
    .where(eq(teamInvitations.tokenHash, tokenHash));
  return row;
}

/**
 * Marks the invitation used, if it is still open. Returns false when another request used, or the owner
 * withdrew, it first: one invitation admits one person once.
 */
export async function markInvitationAccepted(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .update(teamInvitations)
    .set({ acceptedAt: sql`now()` })
    .where(
      and(
        eq(teamInvitations.id, id),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
        gt(teamInvitations.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: teamInvitations.id });
  return rows.length > 0;
}
