import { ClinicHomePage } from '@/features/clinics/clinic-home-page';
import { PaymentLinksCard } from '@/features/links/components/payment-links-card';
import { RecentPaymentsCard } from '@/features/payments/components/recent-payments-card';

/** /dashboard: the clinic home with the Payment Links card and the Recent Payments table. */
export default function ClinicHomeRoute() {
  return (
    <ClinicHomePage>
      <PaymentLinksCard />
      <RecentPaymentsCard />
    </ClinicHomePage>
  );
}
