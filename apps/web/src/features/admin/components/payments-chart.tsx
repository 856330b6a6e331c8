import { type AdminStats, FIGURE_TEXTS, formatPence } from '@clinicpay/shared';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/dates';

const dayLabel = (isoDay: string) => formatDate(`${isoDay}T12:00:00Z`);

/**
 * Net payments per London day over `period` (the range chosen, or the last 30 days), as the Total
 * Payments card counts them (docs/decisions/0097-one-set-of-figures.md). The bars are drawn for
 * sighted users; the same figures are in a table for screen readers.
 */
export function PaymentsChart({ series, period }: { series: AdminStats['series']; period: string }) {
  const data = series.map((day) => ({ ...day, pounds: day.amount / 100 }));
  return (
    <Card>
      <CardHeader>
        <CardTitle id="payments-chart-title">{FIGURE_TEXTS.chartTitle}</CardTitle>
        <p className="text-sm text-slate-600">{period}</p>
      </CardHeader>
      <CardContent>
        <div className="h-56" aria-hidden>
          <ResponsiveContainer width="100%" height="100%">
            {/* Hidden from assistive technology (the table below reads it out), so not focusable either. */}
            <BarChart
              data={data}
              margin={{ top: 4, right: 8, bottom: 0, left: 8 }}
              accessibilityLayer={false}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="date" tickFormatter={dayLabel} tick={{ fontSize: 12 }} minTickGap={24} />
              <YAxis tickFormatter={(pounds: number) => `£${pounds}`} tick={{ fontSize: 12 }} width={64} />
              <Tooltip
                labelFormatter={(label) => dayLabel(String(label))}
                formatter={(pounds) => [formatPence(Math.round(Number(pounds) * 100)), 'Payments']}
              />
              <Bar dataKey="pounds" fill="var(--color-brand-700)" radius={[3, 3, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
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
