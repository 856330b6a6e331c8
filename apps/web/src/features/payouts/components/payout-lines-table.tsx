import type { PayoutLine } from '@clinicpay/shared';
import { cn } from '@/lib/cn';
import { formatLongDate } from '@/lib/dates';
import { formatSignedPence } from '@/lib/money';

/** The sum of the lines' nets, in pence: what the lines pay out together. */
export const netTotal = (lines: PayoutLine[]) => lines.reduce((total, line) => total + line.net, 0);

const HEADERS = ['Date', 'What', 'Reference', 'Patient', 'Amount', 'Fee', 'Net'] as const;
const RIGHT = new Set<string>(['Amount', 'Fee', 'Net']);
const cell = 'px-3 py-2 align-top';

/**
 * A payout's lines (GET /api/payouts/:payoutId): date, what the line is in plain English, the ClinicPay
 * reference and patient when it comes from a payment, the amount, the fee and the net, then a total row
 * of the nets. The table scrolls sideways on narrow screens, in a region keyboards can reach.
 */
export function PayoutLinesTable({ caption, lines }: { caption: string; lines: PayoutLine[] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="overflow-x-auto" aria-label={caption} tabIndex={0}>
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            {HEADERS.map((header) => (
              <th
                key={header}
                scope="col"
                className={cn(cell, 'font-medium', RIGHT.has(header) && 'text-right')}
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {lines.length === 0 ? (
            <tr>
              <td colSpan={HEADERS.length} className="px-3 py-8 text-center text-slate-600">
                No lines to show for this payout yet
              </td>
            </tr>
          ) : (
            lines.map((line) => (
              <tr key={line.id}>
                <td className={cn(cell, 'whitespace-nowrap')}>{formatLongDate(line.created)}</td>
                <td className={cell}>{line.label}</td>
                <td className={cell}>
                  {line.paymentReference ? (
                    <span className="font-mono text-xs">{line.paymentReference}</span>
                  ) : (
                    <NotKnown />
                  )}
                </td>
                <td className={cell}>{line.patientName ?? <NotKnown />}</td>
                <td className={cn(cell, 'text-right tabular-nums')}>{formatSignedPence(line.amount)}</td>
                <td className={cn(cell, 'text-right tabular-nums')}>{formatSignedPence(line.fee)}</td>
                <td className={cn(cell, 'text-right tabular-nums')}>{formatSignedPence(line.net)}</td>
              </tr>
            ))
          )}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 font-semibold">
          <tr>
            <th scope="row" colSpan={HEADERS.length - 1} className={cn(cell, 'text-right')}>
              Total paid out
            </th>
            <td className={cn(cell, 'text-right tabular-nums')} data-testid="lines-total">
              {formatSignedPence(netTotal(lines))}
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

function NotKnown() {
  return (
    <>
      <span aria-hidden>—</span>
      <span className="sr-only">Not known</span>
    </>
  );
}
