import { type AdminStats, FIGURE_TEXTS, formatPence } from '@clinicpay/shared';
import { lazy, Suspense } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { dayLabel } from './payments-chart-labels';

// Recharts is loaded after the page (decision 0127): the chart's box keeps its height meanwhile, so
// nothing moves.
const PaymentsBars = lazy(() => import('./payments-bars'));

/**
 * Net payments per London day over `period` (the range chosen, or the last 30 days), as the Total
 * Payments card counts them (docs/decisions/0097-one-set-of-figures.md). The bars are drawn for
 * sighted users; the same figures are in a table for screen readers.
 */
export function PaymentsChart({ series, period }: { series: AdminStats['series']; period: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="payments-chart-title">{FIGURE_TEXTS.chartTitle}</CardTitle>
        <p className="text-sm text-slate-600">{period}</p>
      </CardHeader>
      <CardContent>
        <div className="h-56" aria-hidden>
          <Suspense fallback={null}>
            <PaymentsBars series={series} />
          </Suspense>
        </div>
        {/*
          sr-only on a wrapper, not on the table: a table ignores the 1px width, height and overflow that
          hide it, so an sr-only table kept its full height below the card and left blank, scrollable
          space under the dashboard (one row per day of the range).
        */}
        <div className="sr-only">
          <table aria-labelledby="payments-chart-title">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Payments</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {series
                .filter((day) => day.count > 0)
                .map((day) => (
                  <tr key={day.date}>
                    <td>{dayLabel(day.date)}</td>
                    <td>{day.count}</td>
                    <td>{formatPence(day.amount)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}
