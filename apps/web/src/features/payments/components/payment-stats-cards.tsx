import { type ClinicStats, FIGURE_TEXTS, formatPence, HISTORY_MESSAGES } from '@clinicpay/shared';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { usePaymentStats } from '../api/get-payment-stats';

const CARDS: { title: string; key: keyof ClinicStats; counts: string }[] = [
  { title: "Today's Payments", key: 'totalReceivedToday', counts: FIGURE_TEXTS.todayNet },
  { title: 'Pending Today', key: 'totalPendingToday', counts: FIGURE_TEXTS.pendingToday },
  { title: 'Month Total', key: 'totalReceivedMonth', counts: FIGURE_TEXTS.monthNet },
  { title: 'Month Refunded', key: 'totalRefundedMonth', counts: FIGURE_TEXTS.monthRefunded },
];

/**
 * The dashboard's four stat cards, computed on the server with the figures every screen uses
 * (docs/decisions/0097-one-set-of-figures.md), each saying what it counts. Two to a row on a phone,
 * so they leave room for the rest of the page.
 */
export function PaymentStatsCards() {
  const stats = usePaymentStats();
  if (stats.isError) return <Alert tone="error">{HISTORY_MESSAGES.statsFailed}</Alert>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-label="Payment statistics">
      {CARDS.map((card) => (
        <li key={card.key}>
          <Card className="h-full">
            <CardHeader className="p-4 pb-1 sm:p-6 sm:pb-2">
              <CardTitle className="text-sm font-medium text-slate-600">{card.title}</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-1 p-4 pt-0 sm:p-6 sm:pt-0">
              <p className="text-xl font-bold sm:text-2xl" aria-busy={stats.isPending}>
                {stats.data ? formatPence(stats.data[card.key]) : '—'}
              </p>
              <p className="text-xs text-slate-600">{card.counts}</p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
