/**
 * Reads and writes behind the admin console, without rules: the clinic list and profile, invitations,
 * and the SQL aggregates behind the admin statistics (sums in pence over the platform's daily totals,
 * whose trigger defines the figures for each payment: decisions 0022 and 0097). Clinic rows are
 * written only through the clinics module.
 */
import { CLINIC_TIME_ZONE, type FigureSums } from '@clinicpay/shared';
import { and, count, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import {
  auditLog,
  clinics,
  paymentDailyTotals,
  paymentLinks,
  payments,
  platformDailyTotals,
  users,
} from '../../db/schema/index.js';

/**
 * One page of clinics, newest first, whose name, profile email or sign-up email (its users' emails)
 * contains `search` (any case), and the total.
 */
export async function selectClinicPage(db: Db, search: string | undefined, limit: number, offset: number) {
  const pattern = search ? containsPattern(search) : undefined;
  const where = pattern
    ? or(
        sql`lower(${clinics.clinicName}) like ${pattern}`,
        sql`lower(${clinics.email}) like ${pattern}`,
        // users_clinic_id_idx finds the clinic's users (its sign-up email is its user's).
        sql`exists (select 1 from users u where u.clinic_id = ${clinics.id} and lower(u.email) like ${pattern})`,
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: clinics.id,
        clinicName: clinics.clinicName,
        email: clinics.email,
        logoUrl: clinics.logoUrl,
        stripeStatus: clinics.stripeStatus,
        paymentsTurnedOffAt: clinics.paymentsTurnedOffAt,
        createdAt: clinics.createdAt,
        // Drizzle leaves columns unqualified in a select list, so the correlated subquery names its tables.
        // Recorded payments, counted as everywhere else (docs/decisions/0097-one-set-of-figures.md).
        transactions: sql<number>`(select coalesce(sum(t.payment_count), 0) from payment_daily_totals t
          where t.clinic_id = "clinics"."id")`.mapWith(Number),
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

/**
 * The sums behind the clinic's figures (docs/decisions/0097-one-set-of-figures.md) over its recorded
 * payments (paid, partially refunded or refunded), in pence, read from its daily totals (kept by a
 * trigger on payments).
 */
export async function selectClinicTotals(db: Db, clinicId: string): Promise<FigureSums> {
  const total = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
  const [row] = await db
    .select({
      count: total(paymentDailyTotals.paymentCount),
      gross: total(paymentDailyTotals.amountPaid),
      refundCount: total(paymentDailyTotals.refundCount),
      refunds: total(paymentDailyTotals.refundAmount),
      platformFees: total(paymentDailyTotals.platformFees),
      platformRevenue: total(paymentDailyTotals.revenue),
    })
    .from(paymentDailyTotals)
    .where(eq(paymentDailyTotals.clinicId, clinicId));
  return row ?? { count: 0, gross: 0, refundCount: 0, refunds: 0, platformFees: 0, platformRevenue: 0 };
}

/**
 * Newest first with the id as tie-break, written 'nulls last' as the (…, date desc, id desc) indexes are
 * built: PostgreSQL walks such an index for `order by … desc` only when the nulls order matches too
 * (plain 'desc' means nulls first), even for columns that are never null. Without it, a clinic with
 * 100,000 payments sorted all of them for its 5 newest (73 ms; now 0.1 ms).
 */
const newestFirst = (date: AnyPgColumn, id: AnyPgColumn) => [
  sql`${date} desc nulls last`,
  sql`${id} desc nulls last`,
];

/** The clinic's newest payments. */
export function selectClinicPayments(db: Db, clinicId: string, limit: number) {
  return db
    .select({
      id: payments.id,
      patientName: payments.patientName,
      paidAt: payments.paidAt,
      amountPaid: payments.amountPaid,
      status: payments.status,
      disputeStatus: payments.disputeStatus,
    })
    .from(payments)
    .where(eq(payments.clinicId, clinicId))
    .orderBy(...newestFirst(payments.paidAt, payments.id))
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
  return (
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        actorEmail: users.email,
        createdAt: auditLog.createdAt,
        details: auditLog.details,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      // clinic_id is set by the database from the entity: the clinic, or a payment's clinic (decision 0071).
      .where(eq(auditLog.clinicId, clinicId))
      .orderBy(...newestFirst(auditLog.createdAt, auditLog.id))
      .limit(limit)
  );
}

/** True when a user already has this (lower-cased) email. */
export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

/**
 * The invited clinic's user (role clinic, email verified: the invitation proves the address once
 * used), without a password credential.
 */
export async function insertInvitedUser(
  tx: Tx,
  input: { clinicId: string; clinicName: string; email: string; userId: string },
): Promise<void> {
  await tx.insert(users).values({
    id: input.userId,
    email: input.email,
    name: input.clinicName,
    role: 'clinic',
    emailVerified: true,
    clinicId: input.clinicId,
    clinicRole: 'owner',
  });
}

// The admin statistics.

const totals = platformDailyTotals;
/** A London calendar date (YYYY-MM-DD) from an instant at a London midnight. */
const londonDay = (instant: Date) =>
  sql`(${instant.toISOString()}::timestamptz at time zone ${sql.raw(`'${CLINIC_TIME_ZONE}'`)})::date`;

/**
 * The sums behind the figures (docs/decisions/0097-one-set-of-figures.md) of payments paid in
 * [split, end) as `current` and in [start, split) as `previous` (each bound a London midnight);
 * without bounds, all time is current. Read from the platform's daily totals (platform_daily_totals,
 * kept by a trigger on payments): 16 rows a day. Gross is net (payments_total) plus refunds.
 */
export async function selectTotals(
  db: Db,
  bounds?: { start: Date; split: Date; end: Date },
): Promise<{ current: FigureSums; previous: FigureSums }> {
  const sum = (column: SQL | AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
  const rows = await db
    .select({
      current: sql<boolean>`${bounds ? sql`${totals.day} >= ${londonDay(bounds.split)}` : sql`true`}`,
      count: sum(totals.paymentCount),
      gross: sum(sql`${totals.paymentsTotal} + ${totals.refundsTotal}`),
      refunds: sum(totals.refundsTotal),
      refundCount: sum(totals.refundCount),
      platformFees: sum(totals.platformFees),
      platformRevenue: sum(totals.revenue),
    })
    .from(totals)
    .where(
      bounds
        ? and(sql`${totals.day} >= ${londonDay(bounds.start)}`, sql`${totals.day} < ${londonDay(bounds.end)}`)
        : undefined,
    )
    .groupBy(sql`1`);
  const none: FigureSums = {
    count: 0,
    gross: 0,
    refunds: 0,
    refundCount: 0,
    platformFees: 0,
    platformRevenue: 0,
  };
  const period = (current: boolean): FigureSums => {
    const { current: _, ...sums } = rows.find((row) => Boolean(row.current) === current) ?? {
      current,
      ...none,
    };
    return sums;
  };
  return { current: period(true), previous: period(false) };
}

/**
 * Net payments (pence) and the payment count per London day (YYYY-MM-DD) in [start, end) (London
 * midnights); days without any are absent.
 */
export async function selectDailyPayments(db: Db, start: Date, end: Date) {
  return db
    .select({
      date: sql<string>`to_char(${totals.day}, 'YYYY-MM-DD')`,
      amount: sql<number>`coalesce(sum(${totals.paymentsTotal}), 0)`.mapWith(Number),
      count: sql<number>`coalesce(sum(${totals.paymentCount}), 0)`.mapWith(Number),
    })
    .from(totals)
    .where(and(sql`${totals.day} >= ${londonDay(start)}`, sql`${totals.day} < ${londonDay(end)}`))
    .groupBy(totals.day);
}

/** Clinics created before `end` (all when undefined), and of those, created from `monthStart`. */
export async function countClinics(db: Db, monthStart: Date, end?: Date) {
  const [row] = await db
    .select({
      total: count(),
      joinedThisMonth:
        sql<number>`count(*) filter (where ${clinics.createdAt} >= ${monthStart.toISOString()})`.mapWith(
          Number,
        ),
    })
    .from(clinics)
    .where(end ? lt(clinics.createdAt, end) : undefined);
  return { total: row?.total ?? 0, joinedThisMonth: row?.joinedThisMonth ?? 0 };
}

/** The newest clinics with the payments each has processed (recorded payments, decision 0097). */
export function selectRecentClinics(db: Db, limit: number) {
  return db
    .select({
      id: clinics.id,
      clinicName: clinics.clinicName,
      logoUrl: clinics.logoUrl,
      createdAt: clinics.createdAt,
      stripeStatus: clinics.stripeStatus,
      // Drizzle leaves columns unqualified in a select list, so the correlated subquery names its tables.
      paymentsProcessed: sql<number>`(select coalesce(sum(t.payment_count), 0) from payment_daily_totals t
        where t.clinic_id = "clinics"."id")`.mapWith(Number),
    })
    .from(clinics)
    .orderBy(desc(clinics.createdAt), desc(clinics.id))
    .limit(limit);
}
