/**
 * The payment history report (the CSV export): every row the filters match, newest first, as a
 * UTF-8 CSV stream with a BOM and the CSV_COLUMNS header, amounts in pounds and en-GB London dates.
 * Rows are read in keyset batches as the stream is consumed, so memory stays flat whatever the size
 * (100,000 rows in under 3 s, docs/benchmarks.md).
 */
import { Readable } from 'node:stream';
import {
  CLINIC_TIME_ZONE,
  CSV_COLUMNS,
  HISTORY_MESSAGES,
  netOfPayment,
  PAYMENT_DISPUTE_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  type PaymentFilters,
  phoneAsDialledFromUk,
  reportFileName,
} from '@clinicpay/shared';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/index.js';
import {
  type HistoryPosition,
  type HistoryRow,
  type HistoryWhere,
  historyHasRows,
  selectHistoryBatch,
} from './queries.js';
import { historyWhere, londonToday, type PaymentsContext } from './service.js';

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

/** A text cell that starts like a formula ('=', '+', '-', '@', tab, CR), prefixed with a quote (OWASP CSV injection). */
function inert(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/**
 * One report row's cells in CSV_COLUMNS order (docs/decisions/0097-one-set-of-figures.md): the
 * amount, what was refunded of it and the net in pounds; the phone as the clinic dials it; the status
 * in the words the screens use, a disputed payment's being its dispute's. The type falls back to the
 * link title, then the type, then 'Unknown'. Text the patient or clinic wrote is made inert where it
 * starts like a formula; the figures, date and phone never do.
 */
export function csvRecord(row: HistoryRow): string[] {
  const amount = Number(row.amount ?? 0);
  const refunded = Number(row.refunded ?? 0);
  return [
    inert(row.patient_name || 'Unknown Patient'),
    inert(row.patient_email),
    row.patient_phone ? phoneAsDialledFromUk(row.patient_phone) : '',
    penceToPounds(amount),
    penceToPounds(refunded),
    penceToPounds(netOfPayment({ amount, refundedAmount: refunded })),
    penceToPounds(row.platform_fee),
    inert(row.reference ?? ''),
    inert(row.title || row.type || 'Unknown'),
    londonDateTime(row.date),
    row.dispute_status
      ? PAYMENT_DISPUTE_STATUS_LABELS[row.dispute_status].label
      : PAYMENT_STATUS_LABELS[row.status],
    inert(row.clinic_reference ?? ''),
  ];
}

/**
 * CSV text for `records` with csv-stringify ('\n' line ends): a cell with a comma, quote or line break
 * is quoted. Formulas are made inert per cell by csvRecord, so a phone number keeps its form. One call
 * per batch, not per row: the library's per-call cost is paid 100 times for a 100,000-row report.
 */
function csvText(records: readonly (readonly string[])[]): string {
  return stringify(records as string[][], { record_delimiter: '\n' });
}

/**
 * Rows read per keyset batch: memory stays flat whatever the number of rows. Measured
 * (docs/benchmarks.md): at 1,000 the heap grows about 16 MB for 22,627 rows and for 100,050 alike; at
 * 2,000 it grew 55 MB (RSS 33 MB) on the larger report before V8 collected the garbage, though what
 * the export held stayed under 2 MB. 500 was no faster.
 */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * The report as text: the BOM and header, then one chunk per keyset batch of `batchSize` rows. A chunk
 * per batch rather than per row: a 100,000-row report is 100 writes to the response, not 100,000.
 */
async function* reportChunks(db: Db, where: HistoryWhere, batchSize: number): AsyncGenerator<string> {
  yield `\uFEFF${csvText([CSV_COLUMNS])}`;
  let after: HistoryPosition | undefined;
  for (;;) {
    const rows = await selectHistoryBatch(db, where, batchSize, after);
    if (rows.length) yield csvText(rows.map(csvRecord));
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { kind: last.kind, id: last.id };
  }
}

/** Who exports: the payments context and the signed-in member, named in the audit entry. */
export interface ExportContext extends PaymentsContext {
  actorUserId: string;
}

/**
 * GET /api/payments/export: the report as a CSV stream (see csvRecord for formula injection).
 * The next batch is read only when the response has taken the last one. The file name carries today's
 * London date. Once rows are known to match, the export is audited (`payments.exported`, against the
 * clinic, by `context.actorUserId`, with the filters; the row count is not known before the stream
 * ends) in a transaction of its own, before anything is streamed. Throws AppError NO_REPORT_DATA (404)
 * 'No data to export' when nothing matches, before anything is streamed or audited.
 */
export async function exportPayments(
  context: ExportContext,
  filters: PaymentFilters,
  options: { now?: Date; batchSize?: number; onError?: (error: Error) => void } = {},
): Promise<{ fileName: string; csv: Readable }> {
  // Declined attempts are no payments, so never in the report (docs/decisions/0101-failed-attempts.md).
  if (filters.status === 'failed') throw new AppError('NO_REPORT_DATA', HISTORY_MESSAGES.noData);
  const where = historyWhere(context.clinicId, filters);
  if (!(await historyHasRows(context.db, where)))
    throw new AppError('NO_REPORT_DATA', HISTORY_MESSAGES.noData);
  await context.db.transaction((tx) =>
    recordAudit(tx, {
      actorUserId: context.actorUserId,
      action: 'payments.exported',
      entityType: 'clinic',
      entityId: context.clinicId,
      details: {
        filters: {
          type: filters.type,
          status: filters.status,
          search: filters.search ?? null,
          from: filters.from ?? null,
          to: filters.to ?? null,
        },
      },
    }),
  );
  const chunks = reportChunks(context.db, where, options.batchSize ?? EXPORT_BATCH_SIZE);
  const csv = Readable.from(chunks, { highWaterMark: 1 });
  csv.on('error', (error) => options.onError?.(error));
  return { fileName: reportFileName(filters, londonToday(options.now)), csv };
}
