import { type ClinicStats, formatPence, HISTORY_MESSAGES } from '@clinicpay/shared';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { usePaymentStats } from '../api/get-payment-stats';

const CARDS: { title: string; key: keyof ClinicStats }[] = [
  { title: "Today's Payments", key: 'totalReceivedToday' },
  { title: 'Pending Today', key: 'totalPendingToday' },
  { title: 'Month Total', key: 'totalReceivedMonth' },
  { title: 'Month Refunded', key: 'totalRefundedMonth' },
];

/** Spec §2 dashboard: the four stat cards, with the spec §9 definitions computed on the server. */
export function PaymentStatsCards() {
  const stats = usePaymentStats();
  if (stats.isError) return <Alert tone="error">{HISTORY_MESSAGES.statsFailed}</Alert>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Payment statistics">
      {CARDS.map((card) => (
        <li key={card.key}>
          <Card className="h-full">
            <CardHeader className="pb-2">
              <CardTitle className="text-sm font-medium text-slate-600">{card.title}</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="text-2xl font-bold" aria-busy={stats.isPending}>
                {stats.data ? formatPence(stats.data[card.key]) : '—'}
              </p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
