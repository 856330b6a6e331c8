/**
 * The sums behind the monthly statements, in SQL over payments, refunds and disputes. No rules here:
 * the service says which month and what each sum means. Amounts in pence (bigint sums read as numbers).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

export interface MonthBounds {
  /** The month's first instant (London), inclusive. */
  from: Date;
  /** The next month's first instant, exclusive. */
  to: Date;
}

type Row = Record<string, string | number | null>;
const rowOf = (result: unknown): Row => (result as { rows: Row[] }).rows[0] ?? {};
const toNumbers = <K extends string>(row: Row, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, Number(row[key] ?? 0)])) as Record<K, number>;

/**
 * One clinic's month, or every clinic's when clinicId is null: payments made in the month (a request's
 * second payment counts once its automatic refund has settled it, with that refund), refunds that succeeded in it with the clinic's share
 * (each refund reverses the clinic's transfer in proportion: refund_clinic_share), disputes
 * opened in it (what was taken back, withdrawn, reinstated and the fees), disputes paid back in it, and
 * payouts that reached the bank in it. Each figure is a money rule of migration 0033 (decision 0119).
 * The payments' sums come from the daily totals of the month's London days (decision 0022), which the
 * trigger on payments keeps by those same rules: a month is whole London days, so they answer it
 * exactly, from at most a row a day (16 for the platform) instead of every payment
 * (docs/decisions/0128-back-office-at-scale.md). The month's refunds are found on their (clinic,
 * created) index first and only then joined to their payments.
 */
export async function selectMonthSums(db: Db, clinicId: string | null, month: MonthBounds) {
  const clinic = (column: string) => (clinicId === null ? sql`true` : sql`${sql.raw(column)} = ${clinicId}`);
  const { from, to } = month;
  const londonDay = (instant: Date) =>
    sql`(${instant.toISOString()}::timestamptz at time zone 'Europe/London')::date`;
  const paid =
    clinicId === null
      ? sql`select coalesce(sum(t.payment_count), 0) as payment_count,
               coalesce(sum(t.payments_total + t.refunds_total), 0) as gross,
               coalesce(sum(t.platform_fees), 0) as platform_fees,
               coalesce(sum(t.platform_fees - t.revenue), 0) as card_fees
          from platform_daily_totals t where t.day >= ${londonDay(from)} and t.day < ${londonDay(to)}`
      : sql`select coalesce(sum(t.recorded_count), 0) as payment_count,
               coalesce(sum(t.amount_paid), 0) as gross,
               coalesce(sum(t.platform_fees), 0) as platform_fees,
               coalesce(sum(t.platform_fees - t.revenue), 0) as card_fees
          from payment_daily_totals t where t.clinic_id = ${clinicId}
            and t.day >= ${londonDay(from)} and t.day < ${londonDay(to)}`;
  const result = await db.execute(sql`
    with paid as (${paid}),
    refunded as materialized (
      select r.amount, r.payment_id from refunds r
      where ${clinic('r.clinic_id')} and r.status = 'succeeded' and r.created_at >= ${from} and r.created_at < ${to})
    select
      paid.payment_count, paid.gross, paid.platform_fees, paid.card_fees,
      (select coalesce(sum(r.amount), 0) from refunded r) as refunds,
      (select coalesce(sum(refund_clinic_share(r.amount, p.net_amount, p.amount_paid)), 0)
         from refunded r join payments p on p.id = r.payment_id) as refunds_deducted,
      (select count(*) from disputes d where ${clinic('d.clinic_id')}
         and d.created_at >= ${from} and d.created_at < ${to}) as dispute_count,
      (select coalesce(sum(d.reversed_amount), 0) from disputes d where ${clinic('d.clinic_id')}
         and d.created_at >= ${from} and d.created_at < ${to}) as disputes_taken_back,
      (select coalesce(sum(d.fee), 0) from disputes d where ${clinic('d.clinic_id')}
         and d.created_at >= ${from} and d.created_at < ${to}) as dispute_fees,
      (select coalesce(sum(d.funds_withdrawn - d.funds_reinstated - (d.reversed_amount - d.reinstated_amount)), 0)
         from disputes d where ${clinic('d.clinic_id')}
         and d.created_at >= ${from} and d.created_at < ${to}) as disputes_not_recovered,
      (select coalesce(sum(d.reinstated_amount), 0) from disputes d where ${clinic('d.clinic_id')}
         and d.closed_at >= ${from} and d.closed_at < ${to}) as disputes_returned,
      (select coalesce(sum(o.amount), 0) from payouts o where ${clinic('o.clinic_id')} and o.status = 'paid'
         and o.arrival_date >= ${from} and o.arrival_date < ${to}) as paid_out
    from paid`);
  return toNumbers(rowOf(result), [
    'payment_count',
    'gross',
    'platform_fees',
    'card_fees',
    'refunds',
    'refunds_deducted',
    'dispute_count',
    'disputes_taken_back',
    'dispute_fees',
    'disputes_not_recovered',
    'disputes_returned',
    'paid_out',
  ] as const);
}
