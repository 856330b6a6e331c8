import { type ClinicRevenue, formatPence, REVENUE_TEXTS } from '@clinicpay/shared';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { bucketLabel } from '../lib/revenue-labels';

/**
 * The revenue chart's drawing, loaded lazily with Recharts: gross and net bars per bucket and the net
 * of the period before as a dashed line. Hidden from assistive technology; RevenueChart's table reads
 * the same figures out.
 */
export default function RevenueBars({ revenue }: { revenue: ClinicRevenue }) {
  const data = revenue.buckets.map((bucket) => ({
    label: bucketLabel(revenue.interval, bucket.start),
    gross: bucket.gross / 100,
    net: bucket.net / 100,
    previousNet: bucket.previous.net / 100,
  }));
  const names: Record<string, string> = {
    gross: REVENUE_TEXTS.gross,
    net: REVENUE_TEXTS.net,
    previousNet: REVENUE_TEXTS.previousNet,
  };
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
        <YAxis tickFormatter={(pounds: number) => `£${pounds}`} tick={{ fontSize: 12 }} width={64} />
        <Tooltip
          formatter={(pounds, key) => [
            formatPence(Math.round(Number(pounds) * 100)),
            names[String(key)] ?? key,
          ]}
        />
        {/* The legend's words in the page's text colour: the light gross bar's own would be too faint. */}
        <Legend
          formatter={(key) => <span className="text-slate-700">{names[String(key)] ?? key}</span>}
          wrapperStyle={{ fontSize: 12 }}
        />
        <Bar dataKey="gross" fill="#5eead4" radius={[3, 3, 0, 0]} />
        <Bar dataKey="net" fill="var(--color-brand-700)" radius={[3, 3, 0, 0]} />
        <Line dataKey="previousNet" stroke="#64748b" strokeDasharray="4 3" dot={false} type="monotone" />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
