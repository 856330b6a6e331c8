/**
 * The clinic's payment history, dashboard figures, payment details and CSV report (spec §2 "Clinic
 * dashboard", "Payment History (clinic)"; §3 "Display payment", "Stats"; §9 stats, CSV export, search
 * and filters). Every amount is integer pence; days and months are Europe/London calendar days.
 * Another clinic's payment, or an id that is none, is 'Payment not found' (404).
 */
import { pipeline, Readable } from 'node:stream';
import {
  CLINIC_TIME_ZONE,
  type ClinicStats,
  CSV_COLUMNS,
  type DisplayPayment,
  HISTORY_MESSAGES,
  PAYMENT_MESSAGES,
  type PaymentDetails,
  type PaymentFilters,
  type PaymentHistoryQuery,
  reportFileName,
} from '@clinicpay/shared';
import { TZDate } from '@date-fns/tz';
import { stringify } from 'csv-stringify';
import { addDays, addMonths, format, startOfDay, startOfMonth } from 'date-fns';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/ids.js';
import {
  findClinicPayment,
  findClinicUnpaidRequest,
  type HistoryRow,
  type HistoryWhere,
  historyHasRows,
  selectClinicStats,
  selectHistoryBatch,
  selectHistoryPage,
  selectPaymentRefunds,
} from './queries.js';

export interface PaymentsContext {
  db: Db;
  /** From the session, never from the request. */
  clinicId: string;
  /** The app's public origin, for payment page URLs. */
  publicUrl: string;
}

/** The UTC instant a Europe/London calendar day (YYYY-MM-DD) starts. */
export function londonDayStart(isoDate: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Date(new TZDate(Number(year), Number(month) - 1, Number(day), CLINIC_TIME_ZONE).getTime());
}

/** Today's Europe/London date as YYYY-MM-DD. */
export function londonToday(now: Date = new Date()): string {
  return format(new TZDate(now, CLINIC_TIME_ZONE), 'yyyy-MM-dd');
}

/** Turns the shared filters into SQL bounds: `from` day's start, and the start of the day after `to`. */
export function historyWhere(clinicId: string, filters: PaymentFilters): HistoryWhere {
  // A search that looks like a phone number ('07700 900-123', '+44 7700') is also matched by its digits,
  // as phones are stored as digits only.
  const looksLikePhone = /^[\d\s+().-]+$/.test(filters.search ?? '') && /\d/.test(filters.search ?? '');
  const digits = looksLikePhone ? (filters.search ?? '').replace(/\D/g, '') : '';
  return {
    clinicId,
    search: filters.search,
    searchDigits: digits && digits !== filters.search ? digits : undefined,
    fromUtc: filters.from ? londonDayStart(filters.from) : undefined,
    beforeUtc: filters.to ? addDays(new TZDate(londonDayStart(filters.to), CLINIC_TIME_ZONE), 1) : undefined,
    type: filters.type,
    status: filters.status,
  };
}

function toDisplayPayment(row: Omit<HistoryRow, 'cursor' | 'is_request'>): DisplayPayment {
  const isRequest = row.status === 'sent';
  return {
    id: row.id,
    patientName: row.patient_name || 'Unknown Patient',
    patientEmail: row.patient_email,
    patientPhone: row.patient_phone,
    amount: Number(row.amount ?? 0),
    platformFee: row.platform_fee === null ? null : Number(row.platform_fee),
    date: new Date(row.date).toISOString(),
    status: row.status,
    type: row.type,
    linkTitle: row.title ?? '',
    paymentLinkId: row.payment_link_id,
    reference: row.reference,
    refundedAmount: Number(row.refunded),
    isRequest,
  };
}

/**
 * GET /api/payments: one page of the clinic's payments and unpaid requests ('sent'), newest first,
 * filtered by search, London date range, type and status (spec §9). Amounts in pence.
 */
export async function listPayments(context: PaymentsContext, query: PaymentHistoryQuery) {
  const { page, pageSize } = query;
  const { rows, total } = await selectHistoryPage(
    context.db,
    historyWhere(context.clinicId, query),
    pageSize,
    (page - 1) * pageSize,
  );
  return { items: rows.map(toDisplayPayment), page, pageSize, total };
}

/**
 * The London day and month around `now` as UTC instants. startOfDay/startOfMonth on a TZDate work in
 * London time, so a summer 23:30 UTC belongs to the next London day.
 */
export function statsBounds(now: Date) {
  const london = new TZDate(now, CLINIC_TIME_ZONE);
  const today = startOfDay(london);
  const month = startOfMonth(london);
  return {
    todayStart: new Date(today.getTime()),
    tomorrowStart: new Date(addDays(today, 1).getTime()),
    monthStart: new Date(month.getTime()),
    nextMonthStart: new Date(addMonths(month, 1).getTime()),
  };
}

/**
 * GET /api/payments/stats: the four dashboard cards (spec §9), in pence. Today's Payments and Month
 * Total are paid and partially refunded payments net of refunds; Pending Today is the sent requests
 * created today; Month Refunded is refunded payments' whole amount plus partial refunds' amount.
 */
export async function clinicStats(context: PaymentsContext, now: Date = new Date()): Promise<ClinicStats> {
  const sums = await selectClinicStats(context.db, context.clinicId, statsBounds(now));
  return {
    totalReceivedToday: sums.receivedToday,
    totalPendingToday: sums.pendingToday,
    totalReceivedMonth: sums.receivedMonth,
    totalRefundedMonth: sums.refundedMonth,
  };
}

/**
 * GET /api/payments/:id: a payment or unpaid request of this clinic with its refunds and what may
 * still be refunded (amount paid minus pending and succeeded refunds, for paid and partially refunded
 * payments; else 0). Throws AppError NOT_FOUND 'Payment not found' for another clinic's, unknown or
 * malformed id.
 */
export async function getPaymentDetails(context: PaymentsContext, id: string): Promise<PaymentDetails> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.notFound);
  const row =
    (await findClinicPayment(context.db, context.clinicId, id)) ??
    (await findClinicUnpaidRequest(context.db, context.clinicId, id));
  if (!row) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.notFound);

  const display = toDisplayPayment(row);
  const refunds = display.isRequest ? [] : await selectPaymentRefunds(context.db, context.clinicId, id);
  const committed = refunds
    .filter((refund) => refund.status !== 'failed')
    .reduce((sum, refund) => sum + Number(refund.amount), 0);
  const refundable =
    display.status === 'paid' || display.status === 'partially_refunded'
      ? Math.max(0, display.amount - Math.max(committed, display.refundedAmount))
      : 0;
  const pageId = row.payment_request_id ?? row.payment_link_id;
  return {
    ...display,
    description: row.description,
    message: row.message,
    paymentUrl: pageId ? `${context.publicUrl}/payment/${pageId}` : null,
    isCustomAmount: row.payment_link_id === null || row.custom_amount !== null,
    refundableAmount: refundable,
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amount: Number(refund.amount),
      status: refund.status,
      createdAt: new Date(refund.created_at).toISOString(),
    })),
  };
}

/** Integer pence as pounds with 2 decimals, without floating point: 4500 → '45.00'; missing → '0.00'. */
export function penceToPounds(pence: number | string | null | undefined): string {
  const value = pence === null || pence === undefined ? 0 : Number(pence);
  const sign = value < 0 ? '-' : '';
  const absolute = Math.abs(value);
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

const londonDateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: CLINIC_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** en-GB date and time in Europe/London, e.g. '23/07/2026 00:30' (Intl: ten times date-fns' speed here). */
export function londonDateTime(date: Date | string): string {
  return londonDateTimeFormat.format(new Date(date)).replace(', ', ' ');
}

/** One CSV record keyed by CSV_COLUMNS (spec §9: type falls back to link title, then type, then 'Unknown'). */
export function csvRecord(row: HistoryRow): Record<(typeof CSV_COLUMNS)[number], string> {
  return {
    'Patient Name': row.patient_name || 'Unknown Patient',
    'Patient Email': row.patient_email,
    'Patient Phone': row.patient_phone ?? '',
    Amount: penceToPounds(row.amount),
    'Platform Fee': penceToPounds(row.platform_fee),
    Reference: row.reference ?? '',
    Type: row.title || row.type || 'Unknown',
    Date: londonDateTime(row.date),
    Status: row.status,
  };
}

/** Rows read per keyset batch: memory stays flat whatever the number of rows. */
export const EXPORT_BATCH_SIZE = 2000;

/** Every matching row, newest first, read in keyset batches of EXPORT_BATCH_SIZE. */
async function* historyRecords(
  db: Db,
  where: HistoryWhere,
  batchSize: number,
): AsyncGenerator<ReturnType<typeof csvRecord>> {
  let before: { cursor: string; id: string } | undefined;
  for (;;) {
    const rows = await selectHistoryBatch(db, where, batchSize, before);
    for (const row of rows) yield csvRecord(row);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    before = { cursor: last.cursor, id: last.id };
  }
}

/**
 * GET /api/payments/export: the report (spec §9) as a CSV stream: UTF-8 with a BOM, the CSV_COLUMNS
 * header, amounts in pounds, en-GB London dates, and any cell starting with = + - @ (or tab, CR)
 * prefixed with a quote against formula injection (csv-stringify's escape_formulas). Rows are read in
 * keyset batches as the stream is consumed. The file name carries today's London date. Throws AppError
 * NOT_FOUND 'No data to export' when nothing matches, before anything is streamed.
 */
export async function exportPayments(
  context: PaymentsContext,
  filters: PaymentFilters,
  options: { now?: Date; batchSize?: number; onError?: (error: Error) => void } = {},
): Promise<{ fileName: string; csv: Readable }> {
  const where = historyWhere(context.clinicId, filters);
  if (!(await historyHasRows(context.db, where))) throw new AppError('NOT_FOUND', HISTORY_MESSAGES.noData);
  const csv = stringify({ bom: true, header: true, columns: [...CSV_COLUMNS], escape_formulas: true });
  const records = Readable.from(historyRecords(context.db, where, options.batchSize ?? EXPORT_BATCH_SIZE));
  pipeline(records, csv, (error) => {
    if (error) options.onError?.(error);
  });
  return { fileName: reportFileName(filters, londonToday(options.now)), csv };
}
