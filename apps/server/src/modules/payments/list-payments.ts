/**
 * The clinic's payments with its unpaid requests, newest first, paginated in SQL: one UNION ALL over
 * payments and unpaid requests, ordered by date, so a page never needs the whole history in memory.
 */
import type { DisplayPayment } from '@clinicpay/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

interface Row {
  id: string;
  patient_name: string;
  patient_email: string;
  patient_phone: string | null;
  amount: number;
  platform_fee: number | null;
  date: Date | string;
  status: DisplayPayment['status'];
  type: DisplayPayment['type'];
  title: string;
  payment_link_id: string | null;
  reference: string | null;
  refunded: number;
  is_request: boolean;
}

const CLINIC_ROWS = (clinicId: string) => sql`
  select p.id, p.patient_name, p.patient_email, p.patient_phone, p.amount_paid as amount, p.platform_fee,
         p.paid_at as date, p.status::text as status, p.type::text as type, p.title, p.payment_link_id,
         p.payment_ref as reference, p.refund_amount as refunded, false as is_request
  from payments p where p.clinic_id = ${clinicId}
  union all
  select r.id, r.patient_name, r.patient_email, r.patient_phone, coalesce(r.custom_amount, l.amount) as amount,
         null as platform_fee, r.sent_at as date, 'sent' as status, coalesce(l.type::text, 'other') as type,
         coalesce(l.title, 'Custom Payment Request') as title, r.payment_link_id, null as reference,
         0 as refunded, true as is_request
  from payment_requests r left join payment_links l on l.id = r.payment_link_id
  where r.clinic_id = ${clinicId} and r.paid_at is null`;

export async function listClinicPayments(db: Db, clinicId: string, page: number, pageSize: number) {
  const [rows, totals] = await Promise.all([
    db.execute(sql`select * from (${CLINIC_ROWS(clinicId)}) as entries
                   order by date desc, id desc limit ${pageSize} offset ${(page - 1) * pageSize}`),
    db.execute(sql`select count(*)::int as total from (${CLINIC_ROWS(clinicId)}) as entries`),
  ]);
  const items = (rows as unknown as { rows: Row[] }).rows.map(
    (row): DisplayPayment => ({
      id: row.id,
      patientName: row.patient_name || 'Unknown Patient',
      patientEmail: row.patient_email,
      patientPhone: row.patient_phone,
      amount: Number(row.amount),
      platformFee: row.platform_fee === null ? null : Number(row.platform_fee),
      date: new Date(row.date).toISOString(),
      status: row.status,
      type: row.type,
      linkTitle: row.title,
      paymentLinkId: row.payment_link_id,
      reference: row.reference,
      refundedAmount: Number(row.refunded),
      isRequest: Boolean(row.is_request),
    }),
  );
  const total = Number((totals as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0);
  return { items, page, pageSize, total };
}
