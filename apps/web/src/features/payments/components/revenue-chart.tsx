import {
  type ClinicRevenue,
  formatPence,
  percentChange,
  REVENUE_INTERVALS,
  REVENUE_TEXTS,
  type RevenueInterval,
  UNEXPECTED_ERROR_MESSAGE,
} from '@clinicpay/shared';
import { lazy, Suspense, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useRevenue } from '../api/get-revenue';
import { bucketLabel } from '../lib/revenue-labels';

// Recharts is loaded after the page: the chart's box keeps its height meanwhile, so nothing moves.
const RevenueBars = lazy(() => import('./revenue-bars'));

/** One figure of the summary with its change on the period before. */
function Figure({
  label,
  current,
  previous,
  previousPeriod,
}: {
  label: string;
  current: number;
  previous: number;
  previousPeriod: string;
}) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-xl font-bold sm:text-2xl">{formatPence(current)}</dd>
      <dd className="text-xs text-slate-600">
        {previous === 0
          ? REVENUE_TEXTS.nothingBefore(previousPeriod)
          : REVENUE_TEXTS.change(percentChange(current, previous), previousPeriod, previous)}
      </dd>
    </div>
  );
}

/** The table assistive technology reads instead of the drawn bars. */
function RevenueTable({ revenue, labelledBy }: { revenue: ClinicRevenue; labelledBy: string }) {
  return (
    // sr-only on a wrapper: a table ignores the 1px box that hides it (see the admin payments chart).
    <div className="sr-only">
      <table aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col">{REVENUE_TEXTS.gross}</th>
            <th scope="col">{REVENUE_TEXTS.net}</th>
            <th scope="col">{REVENUE_TEXTS.previousNet}</th>
          </tr>
        </thead>
        <tbody>
          {revenue.buckets
            .filter((bucket) => bucket.count > 0 || bucket.previous.count > 0)
            .map((bucket) => (
              <tr key={bucket.start}>
                <th scope="row">{bucketLabel(revenue.interval, bucket.start)}</th>
                <td>{formatPence(bucket.gross)}</td>
                <td>{formatPence(bucket.net)}</td>
                <td>{formatPence(bucket.previous.net)}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The clinic dashboard's revenue chart (docs/decisions/0103-revenue-chart.md): gross and net per day,
 * week or month, the period's totals and their change on the period before, with the net of the period
 * before drawn as a line. Amounts are pence from the server's daily totals.
 */
export function RevenueChart() {
  const [interval, chooseInterval] = useState<RevenueInterval>('day');
  const revenue = useRevenue(interval);
  const titleId = useId();
  const period = REVENUE_TEXTS.period[interval];
  const previousPeriod = REVENUE_TEXTS.previousPeriod[interval];
  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <CardTitle id={titleId}>{REVENUE_TEXTS.title}</CardTitle>
          <p className="text-sm text-slate-600">{period}</p>
        </div>
        <fieldset className="flex gap-1">
          <legend className="sr-only">Show revenue by</legend>
          {REVENUE_INTERVALS.map((option) => (
            <Button
              key={option}
              type="button"
              size="sm"
              variant={option === interval ? 'default' : 'outline'}
              aria-pressed={option === interval}
              onClick={() => chooseInterval(option)}
            >
              {REVENUE_TEXTS.intervals[option]}
            </Button>
          ))}
        </fieldset>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {revenue.isError ? <Alert tone="error">{UNEXPECTED_ERROR_MESSAGE}</Alert> : null}
        <dl className="grid grid-cols-2 gap-4" aria-busy={revenue.isPending || revenue.isPlaceholderData}>
          <Figure
            label={REVENUE_TEXTS.net}
            current={revenue.data?.current.net ?? 0}
            previous={revenue.data?.previous.net ?? 0}
            previousPeriod={previousPeriod}
          />
          <Figure
            label={REVENUE_TEXTS.gross}
            current={revenue.data?.current.gross ?? 0}
            previous={revenue.data?.previous.gross ?? 0}
            previousPeriod={previousPeriod}
          />
        </dl>
        <div className="h-56" aria-hidden>
          <Suspense fallback={null}>{revenue.data ? <RevenueBars revenue={revenue.data} /> : null}</Suspense>
        </div>
        {revenue.data ? <RevenueTable revenue={revenue.data} labelledBy={titleId} /> : null}
      </CardContent>
    </Card>
  );
}
