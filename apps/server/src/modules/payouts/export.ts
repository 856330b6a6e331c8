/**
 * A payout's reconciliation export (docs/decisions/0087-payout-reconciliation.md): one row per line of
 * the payout, as a CSV that imports as a bank statement. Xero's precoded statement columns are Date,
 * Amount, Payee, Description, Reference; QuickBooks Online's 3-column bank file is Date, Description,
 * Amount. Dates are DD/MM/YYYY in Europe/London, amounts pounds with 2 decimals, negative for money
 * taken away. Text cells that start like a formula are prefixed with a quote (csv-stringify's
 * escape_formulas); amounts are numbers, so their minus sign is kept.
 */
import {
  CLINIC_TIME_ZONE,
  PAYOUT_EXPORT_COLUMNS,
  type PayoutDetail,
  type PayoutExportFormat,
  type PayoutLine,
  PROVIDER_NAME,
} from '@clinicpay/shared';
import { stringify } from 'csv-stringify/sync';
import { penceToPounds } from '../payments/index.js';

const londonDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: CLINIC_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** A date as DD/MM/YYYY in London: '27/11/2026'. */
export function statementDate(date: Date | string): string {
  return londonDate.format(new Date(date));
}

/** What a line is and where it comes from: 'Payment CP-7K3Q Ada Patient'. */
function lineText(line: PayoutLine): string {
  return [line.label, line.paymentReference, line.patientName].filter(Boolean).join(' ');
}

/** One row's cells; amounts stay numbers (pence) until csv-stringify casts them. */
function row(format: PayoutExportFormat, line: PayoutLine, payoutId: string): (string | number)[] {
  const date = statementDate(line.created);
  if (format === 'quickbooks') return [date, `${lineText(line)} (payout ${payoutId})`, line.net];
  return [
    date,
    line.net,
    line.patientName ?? PROVIDER_NAME,
    `${line.label} (payout ${payoutId})`,
    line.paymentReference ?? line.id,
  ];
}

/** The CSV text of a payout's lines for Xero or QuickBooks Online, header first. */
export function payoutCsv(detail: PayoutDetail, format: PayoutExportFormat): string {
  const records = [
    [...PAYOUT_EXPORT_COLUMNS[format]],
    ...detail.lines.map((line) => row(format, line, detail.payout.id)),
  ];
  return stringify(records, { escape_formulas: true, cast: { number: (pence) => penceToPounds(pence) } });
}

/** The export's file name: the payout's arrival day and the package, e.g. 'payout-2026-11-28-xero.csv'. */
export function payoutCsvFileName(detail: PayoutDetail, format: PayoutExportFormat): string {
  const [day, month, year] = statementDate(detail.payout.arrivalDate).split('/');
  return `payout-${year}-${month}-${day}-${format}.csv`;
}
