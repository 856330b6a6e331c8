import {
  ADMIN_MESSAGES,
  type AdminStatsQuery,
  FIGURE_TEXTS,
  formatPence,
  HISTORY_MESSAGES,
} from '@clinicpay/shared';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageFrame } from '@/components/layout/page-frame';
import { Alert } from '@/components/ui/alert';
import { DateRangePicker } from '@/components/ui/date-range-picker';
import { Label } from '@/components/ui/label';
import { type DayRange, formatDayNumeric, fromIsoDay, toIsoDay } from '@/lib/date-ranges';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminStats } from './api/get-admin-stats';
import { PaymentsChart } from './components/payments-chart';
import { RecentClinicsCard } from './components/recent-clinics-card';
import { ChangeText, StatCard } from './components/stat-card';

/** The range lives in the address (?from&to), so a reload or a shared link keeps it. */
function useRange(): [AdminStatsQuery, (range: DayRange | null) => void] {
  const [params, setParams] = useSearchParams();
  const from = fromIsoDay(params.get('from'));
  const to = fromIsoDay(params.get('to'));
  const range = from && to ? { from: toIsoDay(from), to: toIsoDay(to) } : {};
  const setRange = (next: DayRange | null) =>
    setParams(next ? { from: toIsoDay(next.from), to: toIsoDay(next.to) } : {}, { replace: true });
  return [range, setRange];
}

/**
 * The admin dashboard: the date range, the four cards with real changes, each saying what it counts
 * (docs/decisions/0097-one-set-of-figures.md), the chart of the same period, Recent Clinics.
 */
export function AdminHomePage() {
  useDocumentTitle('Admin Dashboard');
  const [range, setRange] = useRange();
  const stats = useAdminStats(range);
  const data = stats.data;

  const changeRange = (next: DayRange | null) => {
    setRange(next);
    if (next) toast.info(HISTORY_MESSAGES.filtering(formatDayNumeric(next.from), formatDayNumeric(next.to)));
    else toast.info(HISTORY_MESSAGES.dateFilterCleared);
  };
  const pickerValue =
    range.from && range.to
      ? { from: fromIsoDay(range.from) as Date, to: fromIsoDay(range.to) as Date }
      : null;
  const money = (pence: number | undefined) => (pence === undefined ? '—' : formatPence(pence));
  const joined = data?.totalClinics.joinedThisMonth ?? 0;

  return (
    <PageFrame
      title="Admin Dashboard"
      actions={
        <div className="flex w-full flex-col gap-1.5 sm:w-72">
          <Label htmlFor="admin-dates">Date range</Label>
          <DateRangePicker id="admin-dates" value={pickerValue} onChange={changeRange} />
        </div>
      }
    >
      {stats.isError ? <Alert tone="error">{ADMIN_MESSAGES.statsFailed}</Alert> : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Platform statistics">
        <li>
          <StatCard
            title="Total Clinics"
            busy={stats.isPending}
            value={data?.totalClinics.value ?? '—'}
            detail={
              data
                ? joined > 0
                  ? ADMIN_MESSAGES.newClinicsThisMonth(joined)
                  : ADMIN_MESSAGES.noNewClinics
                : null
            }
          />
        </li>
        <li>
          <StatCard
            title="Total Payments"
            busy={stats.isPending}
            value={money(data?.totalPayments.value)}
            explanation={
              data
                ? `${FIGURE_TEXTS.paymentCount(data.figures.count)}. ${FIGURE_TEXTS.netOfGross(data.figures)}`
                : null
            }
            detail={data ? <ChangeText change={data.totalPayments.change} /> : null}
          />
        </li>
        <li>
          <StatCard
            title="Total Refunds"
            busy={stats.isPending}
            value={money(data?.totalRefunds.value)}
            explanation={data ? FIGURE_TEXTS.refunded(data.figures.refundCount) : null}
            detail={data ? <ChangeText change={data.totalRefunds.change} /> : null}
          />
        </li>
        <li>
          <StatCard
            title="Platform Revenue"
            busy={stats.isPending}
            value={money(data?.platformRevenue.value)}
            explanation={data ? FIGURE_TEXTS.revenue(data.figures) : null}
            detail={data ? <ChangeText change={data.platformRevenue.change} /> : null}
          />
        </li>
      </ul>
      {data ? (
        <>
          <PaymentsChart
            series={data.series}
            period={
              range.from && range.to
                ? FIGURE_TEXTS.chartRange(
                    formatDayNumeric(fromIsoDay(range.from) as Date),
                    formatDayNumeric(fromIsoDay(range.to) as Date),
                  )
                : FIGURE_TEXTS.chartRecent
            }
          />
          <RecentClinicsCard clinics={data.recentClinics} />
        </>
      ) : null}
    </PageFrame>
  );
}
