import { canTakePayments } from '@clinicpay/shared';
import { useClinic } from '@/features/clinics/api/get-clinic';
import { ClinicHomePage } from '@/features/clinics/clinic-home-page';
import { DisputeAlerts } from '@/features/disputes/dispute-alerts';
import { LaunchPad, type LaunchPadProgress } from '@/features/launch-pad/launch-pad';
import { usePaymentLinks } from '@/features/links/api/list-payment-links';
import { PaymentLinksCard } from '@/features/links/components/payment-links-card';
import { NO_FILTERS, usePayments } from '@/features/payments/api/list-payments';
import { PaymentStatsCards } from '@/features/payments/components/payment-stats-cards';
import {
  RECENT_PAYMENTS_PAGE_SIZE,
  RecentPaymentsCard,
} from '@/features/payments/components/recent-payments-card';
import { RevenueChart } from '@/features/payments/components/revenue-chart';
import { useCan } from '@/lib/permissions';

/**
 * The Launch Pad's steps (docs/product.md#launch-pad) from what the dashboard loads anyway: the clinic,
 * the first page of links (active and archived) and the first page of payments, whose list includes
 * sent requests.
 */
function useLaunchPadProgress(): LaunchPadProgress | undefined {
  const clinic = useClinic();
  const active = usePaymentLinks('active', 1);
  const archived = usePaymentLinks('archived', 1);
  const payments = usePayments({ ...NO_FILTERS, page: 1, pageSize: RECENT_PAYMENTS_PAGE_SIZE });
  if (!clinic.data || !active.data || !archived.data || !payments.data) return undefined;
  return {
    // Action needed is still connected: the clinic takes payments (decision 0080).
    connected: canTakePayments(clinic.data.stripeStatus),
    linkCreated: active.data.total + archived.data.total > 0,
    linkSent: payments.data.total > 0,
  };
}

/**
 * /dashboard: the dispute and fraud-warning banners, then the Launch Pad, the figures, the revenue
 * chart, the Payment Links card and Recent Payments. The page shows once the Launch Pad knows its
 * steps, so the Launch Pad never appears late and pushes the cards down; the cards load meanwhile.
 * The banners are for those who may answer disputes, the Launch Pad for the owner, who alone connects
 * the card provider (decision 0121).
 */
export default function ClinicHomeRoute() {
  const progress = useLaunchPadProgress();
  const mayAnswerDisputes = useCan('money');
  const mayConnect = useCan('manage');
  return (
    <ClinicHomePage loading={progress === undefined}>
      {mayAnswerDisputes ? <DisputeAlerts /> : null}
      {mayConnect ? <LaunchPad progress={progress} /> : null}
      <PaymentStatsCards />
      <RevenueChart />
      <PaymentLinksCard />
      <RecentPaymentsCard />
    </ClinicHomePage>
  );
}
