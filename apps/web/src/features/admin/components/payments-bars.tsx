/**
 * The drawing of the admin's payments chart (payments-chart.tsx), apart so that Recharts loads after the
 * page, in its own chunk, as the clinic dashboard's does (decision 0103; decision 0127).
 */
import { type AdminStats, formatPence } from '@clinicpay/shared';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dayLabel } from './payments-chart-labels';

export default function PaymentsBars({ series }: { series: AdminStats['series'] }) {
  const data = series.map((day) => ({ ...day, pounds: day.amount / 100 }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      {/* Hidden from assistive technology (the table below reads it out), so not focusable either. */}
      <BarChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
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
  );
}
