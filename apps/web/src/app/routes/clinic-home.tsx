import { ClinicHomePage } from '@/features/clinics/clinic-home-page';
import { PaymentLinksCard } from '@/features/links/components/payment-links-card';

/** /dashboard: the clinic home with the Payment Links card. */
export default function ClinicHomeRoute() {
  return (
    <ClinicHomePage>
      <PaymentLinksCard />
    </ClinicHomePage>
  );
}
