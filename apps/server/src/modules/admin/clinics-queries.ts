/** Reads and writes behind the admin's clinic list, clinic profile and force-disconnect. */
import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import {
  auditLog,
  clinics,
  paymentDailyTotals,
  paymentLinks,
  payments,
  users,
} from '../../db/schema/index.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** One page of clinics, newest first, whose name or email contains `search` (any case), and the total. */
export async function selectClinicPage(db: Db, search: string | undefined, limit: number, offset: number) {
  const pattern = search ? `%${escapeLike(search.toLowerCase())}%` : undefined;
  const where = pattern
    ? or(sql`lower(${clinics.clinicName}) like ${pattern}`, sql`lower(${clinics.email}) like ${pattern}`)
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: clinics.id,
        clinicName: clinics.clinicName,
        email: clinics.email,
        logoUrl: clinics.logoUrl,
        stripeStatus: clinics.stripeStatus,
        createdAt: clinics.createdAt,
        // Drizzle leaves columns unqualified in a select list, so the correlated subquery names its tables.
        transactions: sql<number>`(select count(*) from payments p
          where p.clinic_id = "clinics"."id")`.mapWith(Number),
      })
      .from(clinics)
      .where(where)
      .orderBy(desc(clinics.createdAt), desc(clinics.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(clinics).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** The clinic's staff account email (the oldest account), or null. */
export async function selectClinicContact(db: Db, clinicId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.clinicId, clinicId))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return row?.email ?? null;
}

/**
 * Counts and sums over the clinic's recorded payments (paid, partially refunded or refunded), in
 * pence, read from its daily totals (kept by a trigger on payments).
 */
export async function selectClinicTotals(db: Db, clinicId: string) {
  const total = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
  const [row] = await db
    .select({
      paymentCount: total(paymentDailyTotals.recordedCount),
      amountPaid: total(paymentDailyTotals.amountPaid),
      refundCount: total(paymentDailyTotals.refundCount),
      refunded: total(paymentDailyTotals.refundAmount),
      platformFees: total(paymentDailyTotals.platformFees),
    })
    .from(paymentDailyTotals)
    .where(eq(paymentDailyTotals.clinicId, clinicId));
  return {
    paymentCount: row?.paymentCount ?? 0,
    amountPaid: row?.amountPaid ?? 0,
    refundCount: row?.refundCount ?? 0,
    refunded: row?.refunded ?? 0,
    platformFees: row?.platformFees ?? 0,
  };
}

/** The clinic's newest payments. */
export function selectClinicPayments(db: Db, clinicId: string, limit: number) {
  return db
    .select({
      id: payments.id,
      patientName: payments.patientName,
      paidAt: payments.paidAt,
      amountPaid: payments.amountPaid,
      status: payments.status,
    })
    .from(payments)
    .where(eq(payments.clinicId, clinicId))
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(limit);
}

/** The clinic's links, newest first, each with the number of payments made through it. */
export function selectClinicLinks(db: Db, clinicId: string, limit: number) {
  return db
    .select({
      id: paymentLinks.id,
      title: paymentLinks.title,
      createdAt: paymentLinks.createdAt,
      isActive: paymentLinks.isActive,
      usage: sql<number>`(select count(*) from payments p
        where p.payment_link_id = "payment_links"."id")`.mapWith(Number),
    })
    .from(paymentLinks)
    .where(eq(paymentLinks.clinicId, clinicId))
    .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
    .limit(limit);
}

/** Audit entries about the clinic or its payments, newest first, with the actor's email. */
export function selectClinicAudit(db: Db, clinicId: string, limit: number) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorEmail: users.email,
      createdAt: auditLog.createdAt,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      or(
        and(eq(auditLog.entityType, 'clinic'), eq(auditLog.entityId, clinicId)),
        and(
          eq(auditLog.entityType, 'payment'),
          sql`${auditLog.entityId} in (select ${payments.id}::text from ${payments}
            where ${payments.clinicId} = ${clinicId})`,
        ),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

/** Locks the clinic's row for the rest of `tx`; undefined when there is no such clinic. */
export async function lockClinic(tx: Tx, clinicId: string) {
  const [row] = await tx
    .select({ id: clinics.id, stripeAccountId: clinics.stripeAccountId, stripeStatus: clinics.stripeStatus })
    .from(clinics)
    .where(eq(clinics.id, clinicId))
    .for('update');
  return row;
}

/** Spec §4 force-disconnect: no account id, status not_connected. */
export async function clearProviderConnection(tx: Tx, clinicId: string) {
  await tx
    .update(clinics)
    .set({ stripeAccountId: null, stripeStatus: 'not_connected' })
    .where(eq(clinics.id, clinicId));
}

/** True when a user already has this (lower-cased) email. */
export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

/**
 * The invited clinic and its user (role clinic, email verified: the invitation proves the address
 * once used), without a password credential. Returns the clinic id.
 */
export async function insertInvitedClinic(
  tx: Tx,
  input: { clinicName: string; email: string; userId: string },
): Promise<string> {
  const [clinic] = await tx
    .insert(clinics)
    .values({ clinicName: input.clinicName, email: input.email })
    .returning({ id: clinics.id });
  if (!clinic) throw new Error('clinic was not created');
  await tx.insert(users).values({
    id: input.userId,
    email: input.email,
    name: input.clinicName,
    role: 'clinic',
    emailVerified: true,
    clinicId: clinic.id,
  });
  return clinic.id;
}
