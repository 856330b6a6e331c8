/**
 * Monthly statements (docs/decisions/0088-monthly-statements.md): the clinic's month and the platform's
 * month, from what ClinicPay recorded of payments, refunds and disputes, on screen and as CSV. Months are
 * YYYY-MM in Europe/London; amounts in pence; the CSV in pounds.
 */
import {
  CLINIC_STATEMENT_CSV_COLUMNS,
  CLINIC_TIME_ZONE,
  type ClinicStatement,
  MONTHLY_STATEMENT_MESSAGES,
  type PlatformStatement,
} from '@clinicpay/shared';
import { TZDate } from '@date-fns/tz';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/index.js';
import { penceToPounds } from '../payments/index.js';
import { type MonthBounds, selectMonthSums } from './queries.js';

/**
 * The month's first instant and the next month's, in London. Throws AppError VALIDATION_FAILED for a
 * month that has not started yet.
 */
export function monthBounds(month: string, now = new Date()): MonthBounds {
  const [year, index] = month.split('-').map(Number);
  const from = new Date(new TZDate(Number(year), Number(index) - 1, 1, CLINIC_TIME_ZONE).getTime());
  const to = new Date(new TZDate(Number(year), Number(index), 1, CLINIC_TIME_ZONE).getTime());
  if (from.getTime() > now.getTime())
    throw new AppError('VALIDATION_FAILED', MONTHLY_STATEMENT_MESSAGES.futureMonth, {
      month: MONTHLY_STATEMENT_MESSAGES.futureMonth,
    });
  return { from, to };
}

/** GET /api/statements/:month: the clinic's month (see clinicStatementSchema for what each figure is). */
export async function clinicStatement(db: Db, clinicId: string, month: string): Promise<ClinicStatement> {
  const sums = await selectMonthSums(db, clinicId, monthBounds(month));
  return {
    month,
    paymentCount: sums.payment_count,
    grossPayments: sums.gross,
    platformFees: sums.platform_fees,
    refunds: sums.refunds,
    refundsDeducted: sums.refunds_deducted,
    disputeCount: sums.dispute_count,
    disputesTakenBack: sums.disputes_taken_back,
    disputesReturned: sums.disputes_returned,
    disputeFeesOwed: sums.dispute_fees,
    cardFeesPaidByClinicPay: sums.card_fees,
    net:
      sums.gross -
      sums.platform_fees -
      sums.refunds_deducted -
      sums.disputes_taken_back +
      sums.disputes_returned,
    paidOut: sums.paid_out,
  };
}

/** GET /api/admin/statements/:month: the platform's month (see platformStatementSchema). */
export async function platformStatement(db: Db, month: string): Promise<PlatformStatement> {
  const sums = await selectMonthSums(db, null, monthBounds(month));
  const refundFeeShare = sums.refunds - sums.refunds_deducted;
  const disputeCosts = sums.disputes_not_recovered + sums.dispute_fees;
  return {
    month,
    paymentCount: sums.payment_count,
    grossPayments: sums.gross,
    applicationFees: sums.platform_fees,
    cardFees: sums.card_fees,
    refundFeeShare,
    disputeCosts,
    netRevenue: sums.platform_fees - sums.card_fees - refundFeeShare - disputeCosts,
  };
}

/**
 * Item and amount lines. Every cell is ClinicPay's own text or a number, so no formula escaping: it
 * would turn a negative amount into text ("'-20.00") in a spreadsheet.
 */
function csv(rows: [string, number][]): string {
  return `\uFEFF${stringify(
    [[...CLINIC_STATEMENT_CSV_COLUMNS], ...rows.map(([item, pence]) => [item, penceToPounds(pence)])],
    { record_delimiter: '\n' },
  )}`;
}

/**
 * The clinic statement as CSV: Item, Amount (pounds), one line per figure. The lines above the net add
 * up to it; what refunds gave patients in all (of which the balance bore the line above) and the
 * figures beside the net come after it, so a spreadsheet's sum of the first lines is the net.
 */
function clinicStatementCsv(statement: ClinicStatement): string {
  return csv([
    [`Payments (${statement.paymentCount})`, statement.grossPayments],
    ["ClinicPay's fee", -statement.platformFees],
    ['Refunds taken from your balance', -statement.refundsDeducted],
    [`Disputes taken back (${statement.disputeCount})`, -statement.disputesTakenBack],
    ['Disputes paid back', statement.disputesReturned],
    ['Net to your balance', statement.net],
    ['Refunds to patients in all', statement.refunds],
    ['Paid out to your bank', statement.paidOut],
    ['Dispute fees owed', -statement.disputeFeesOwed],
    ['Card fees paid by ClinicPay', statement.cardFeesPaidByClinicPay],
  ]);
}

/**
 * GET /api/statements/:month?format=csv: the clinic's month as a CSV download with its file name, by
 * `actor` (a member of the clinic, from the session). Once the month is read, the export is audited
 * (`statement.exported`, against the clinic, with the month) in a transaction of its own. Throws as
 * clinicStatement (VALIDATION_FAILED for a month not started yet), writing no entry.
 */
export async function exportClinicStatement(
  db: Db,
  actor: { clinicId: string; actorUserId: string },
  month: string,
): Promise<{ fileName: string; csv: string }> {
  const statement = await clinicStatement(db, actor.clinicId, month);
  await db.transaction((tx) =>
    recordAudit(tx, {
      actorUserId: actor.actorUserId,
      action: 'statement.exported',
      entityType: 'clinic',
      entityId: actor.clinicId,
      details: { month: statement.month },
    }),
  );
  return { fileName: `clinicpay-statement-${statement.month}.csv`, csv: clinicStatementCsv(statement) };
}

/** The platform statement as CSV: Item, Amount (pounds). */
export function platformStatementCsv(statement: PlatformStatement): string {
  return csv([
    [`Payments (${statement.paymentCount})`, statement.grossPayments],
    ['Application fees earned', statement.applicationFees],
    ['Card fees', -statement.cardFees],
    ["Refunds' fee share", -statement.refundFeeShare],
    ['Dispute costs', -statement.disputeCosts],
    ['Net revenue', statement.netRevenue],
  ]);
}
