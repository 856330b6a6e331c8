/** Reads and writes of the notifications table (docs/product.md#notification-payload). No rules here. */
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  cardConsents,
  clinics,
  clinicTerms,
  notifications,
  payments,
  savedCards,
} from '../../db/schema/index.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;

export async function insertNotifications(tx: Pick<Tx, 'insert'>, rows: NewNotificationRow[]) {
  if (!rows.length) return [];
  return tx.insert(notifications).values(rows).returning({ id: notifications.id });
}

export async function findNotification(db: Db, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

/**
 * Marks a pending notice sent, with the provider's id of a text (null otherwise); false when it was
 * no longer pending.
 */
export async function markNotificationSent(
  db: Db,
  id: string,
  providerMessageId: string | null = null,
): Promise<boolean> {
  const updated = await db
    .update(notifications)
    .set({
      status: 'sent',
      sentAt: new Date(),
      providerMessageId,
      lastError: null,
      attempts: sql`${notifications.attempts} + 1`,
    })
    .where(and(eq(notifications.id, id), eq(notifications.status, 'pending')))
    .returning({ id: notifications.id });
  return updated.length > 0;
}

/** Counts a failed attempt; with `final` the row becomes failed. */
export async function recordNotificationFailure(db: Db, id: string, reason: string, final: boolean) {
  await db
    .update(notifications)
    .set({
      attempts: sql`${notifications.attempts} + 1`,
      lastError: reason.slice(0, 1000),
      ...(final ? { status: 'failed' as const } : {}),
    })
    .where(and(eq(notifications.id, id), eq(notifications.status, 'pending')));
}

/** A failed row back to pending, for another try; undefined when it was not failed. */
export async function reopenFailedNotification(tx: Tx, id: string) {
  const [row] = await tx
    .update(notifications)
    .set({ status: 'pending', lastError: null })
    .where(and(eq(notifications.id, id), eq(notifications.status, 'failed')))
    .returning({ id: notifications.id });
  return row;
}

/** The notices about a payment and/or the request it paid, oldest first. */
export async function selectNotificationsAbout(
  db: Db,
  about: { paymentId: string | null; paymentRequestId: string | null },
) {
  const conditions = [
    about.paymentId ? eq(notifications.paymentId, about.paymentId) : undefined,
    about.paymentRequestId ? eq(notifications.paymentRequestId, about.paymentRequestId) : undefined,
  ].filter((condition) => condition !== undefined);
  if (!conditions.length) return [];
  return db
    .select()
    .from(notifications)
    .where(or(...conditions))
    .orderBy(asc(notifications.createdAt), asc(notifications.channel));
}

/** Failed notifications, newest first, with the clinic's name. */
export async function selectFailedNotifications(db: Db, limit: number) {
  return db
    .select({
      notification: notifications,
      clinicName: clinics.clinicName,
    })
    .from(notifications)
    .innerJoin(clinics, eq(clinics.id, notifications.clinicId))
    .where(eq(notifications.status, 'failed'))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
}

/** What findNoticeContext reads for a notice: its clinic, and what it is about in the clinic's words. */
export interface NoticeContext {
  /** The clinic's name, logo and card statement name; undefined when the clinic is gone. */
  clinic: { clinicName: string | null; logoUrl: string | null; statementName: string | null } | undefined;
  /** The payment's or request's title (its link's, for a request of a link). */
  title: string | null;
  /** The message the clinic wrote on the request, if any. */
  message: string | null;
  /** The clinic's own reference (docs/decisions/0108-clinic-reference.md). */
  clinicReference: string | null;
}

/**
 * A notice's clinic (name, logo, statement name) and what it is about, in the clinic's words, in one
 * read: a delivery runs it for every email (docs/decisions/0129-reminders-at-scale.md).
 */
export async function findNoticeContext(
  db: Db,
  about: { clinicId: string; paymentId: string | null; paymentRequestId: string | null },
): Promise<NoticeContext> {
  const result = await db.execute(sql`
    select c.id as clinic_id, c.clinic_name, c.logo_url, c.statement_name,
           coalesce(p.title, r.title, l.title) as title, r.message,
           coalesce(p.clinic_reference, r.clinic_reference) as clinic_reference
    from (select 1) as one
    left join ${clinics} c on c.id = ${about.clinicId}
    left join ${payments} p on p.id = ${about.paymentId}
    left join payment_requests r on r.id = coalesce(p.payment_request_id, ${about.paymentRequestId}::uuid)
    left join payment_links l on l.id = r.payment_link_id`);
  const [row] = (
    result as unknown as {
      rows: {
        clinic_id: string | null;
        clinic_name: string | null;
        logo_url: string | null;
        statement_name: string | null;
        title: string | null;
        message: string | null;
        clinic_reference: string | null;
      }[];
    }
  ).rows;
  return {
    clinic: row?.clinic_id
      ? { clinicName: row.clinic_name, logoUrl: row.logo_url, statementName: row.statement_name }
      : undefined,
    title: row?.title ?? null,
    message: row?.message ?? null,
    clinicReference: row?.clinic_reference ?? null,
  };
}

export async function findPaymentForNotice(db: Db, paymentId: string) {
  const [payment] = await db
    .select({
      id: payments.id,
      clinicId: payments.clinicId,
      paymentRequestId: payments.paymentRequestId,
      paidAt: payments.paidAt,
      amountPaid: payments.amountPaid,
      treatmentTotal: payments.treatmentTotal,
      termsId: payments.termsId,
      termsAcceptedAt: payments.termsAcceptedAt,
      termsVersion: clinicTerms.version,
    })
    .from(payments)
    .leftJoin(clinicTerms, eq(clinicTerms.id, payments.termsId))
    .where(eq(payments.id, paymentId));
  return payment;
}

/**
 * The card a payment saved (or the saved card itself) and the policies the patient agreed to with it
 * (docs/decisions/0092-card-consent.md), for the receipt or the card saved notice: one row per consent,
 * oldest policy kind first; empty when the payment saved no card.
 */
export async function selectConsents(db: Db, of: { paymentId: string } | { savedCardId: string }) {
  return db
    .select({
      brand: savedCards.brand,
      last4: savedCards.last4,
      policyKind: cardConsents.policyKind,
      policyText: cardConsents.policyText,
      maximumAmount: cardConsents.maximumAmount,
      consentedAt: cardConsents.consentedAt,
    })
    .from(cardConsents)
    .innerJoin(savedCards, eq(savedCards.id, cardConsents.savedCardId))
    .where(
      'paymentId' in of
        ? eq(cardConsents.paymentId, of.paymentId)
        : eq(cardConsents.savedCardId, of.savedCardId),
    )
    .orderBy(asc(cardConsents.policyKind));
}

/**
 * A text's delivery as its provider reports it (docs/decisions/0109-text-delivery-reports.md): a sent
 * text reported delivered gets its delivery time; one reported undelivered or failed becomes failed
 * with `failure` as its reason. Reports for an unknown message, or after the text failed, change
 * nothing. Resolves to whether a row changed.
 */
export async function recordTextDelivery(
  db: Db,
  providerMessageId: string,
  outcome: { delivered: true } | { delivered: false; failure: string },
): Promise<boolean> {
  const updated = await db
    .update(notifications)
    .set(
      outcome.delivered
        ? { deliveredAt: new Date() }
        : { status: 'failed', deliveredAt: null, lastError: outcome.failure },
    )
    .where(
      and(
        eq(notifications.providerMessageId, providerMessageId),
        eq(notifications.status, 'sent'),
        outcome.delivered ? isNull(notifications.deliveredAt) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return updated.length > 0;
}
