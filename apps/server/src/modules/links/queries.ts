/** Reads and writes of payment_links, always within one clinic. */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { paymentLinks } from '../../db/schema/index.js';

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

export async function insertPaymentLink(
  db: Db | Tx,
  values: typeof paymentLinks.$inferInsert,
): Promise<PaymentLinkRow> {
  const [row] = await db.insert(paymentLinks).values(values).returning();
  if (!row) throw new Error('payment link was not stored');
  return row;
}

export async function findClinicLink(
  db: Pick<Db, 'select'>,
  clinicId: string,
  linkId: string,
): Promise<PaymentLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.id, linkId), eq(paymentLinks.clinicId, clinicId)));
  return row;
}

/**
 * Recorded payments made through the link, and their net (amount paid less refunds, pence), as every
 * screen counts them (docs/decisions/0097-one-set-of-figures.md). Drizzle leaves the link's columns
 * unqualified, so the correlated subqueries name their table.
 */
const linkTotals = {
  paymentCount: sql<number>`(select count(*) from payments p where p.payment_link_id = "payment_links"."id"
    and p.status in ('paid', 'partially_refunded', 'refunded'))`.mapWith(Number),
  paymentsNet:
    sql<number>`(select coalesce(sum(payment_net(p.status, p.amount_paid, p.refund_amount)), 0) from payments p
    where p.payment_link_id = "payment_links"."id"
    and p.status in ('paid', 'partially_refunded', 'refunded'))`.mapWith(Number),
};

/** How many recorded payments the link has taken, counted as its totals count them (0097). */
export async function countLinkPayments(db: Db | Tx, linkId: string): Promise<number> {
  const [row] = await db
    .select({ count: linkTotals.paymentCount })
    .from(paymentLinks)
    .where(eq(paymentLinks.id, linkId));
  return row?.count ?? 0;
}

/** The link's lifetime (expiry and payment limit), locked until the transaction ends; undefined: no link. */
export async function lockLinkLifetime(tx: Tx, linkId: string) {
  const [row] = await tx
    .select({ expiresAt: paymentLinks.expiresAt, maxPayments: paymentLinks.maxPayments })
    .from(paymentLinks)
    .where(eq(paymentLinks.id, linkId))
    .for('update');
  return row;
}

/** One page of a clinic's active or archived links, newest first, each with its payments' totals, and the count. */
export async function listClinicLinks(
  db: Db,
  options: { clinicId: string; isActive: boolean; page: number; pageSize: number },
) {
  const where = and(eq(paymentLinks.clinicId, options.clinicId), eq(paymentLinks.isActive, options.isActive));
  const [rows, [total]] = await Promise.all([
    db
      .select({ link: paymentLinks, ...linkTotals })
      .from(paymentLinks)
      .where(where)
      .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ value: count() }).from(paymentLinks).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** The clinic's link, locked until the transaction ends; undefined for another clinic's or none. */
export async function lockClinicLink(tx: Tx, clinicId: string, linkId: string) {
  const [row] = await tx
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.id, linkId), eq(paymentLinks.clinicId, clinicId)))
    .for('update');
  return row;
}

/** Sets whether the clinic's link is active; resolves to the row as stored, undefined for none. */
export async function setLinkActive(db: Db | Tx, clinicId: string, linkId: string, isActive: boolean) {
  const [row] = await db
    .update(paymentLinks)
    .set({ isActive })
    .where(and(eq(paymentLinks.id, linkId), eq(paymentLinks.clinicId, clinicId)))
    .returning();
  return row;
}
