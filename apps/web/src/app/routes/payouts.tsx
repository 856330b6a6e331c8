import { PayoutsPage } from '@/features/payouts/payouts-page';
import { ClinicStatementSection } from '@/features/statements/clinic-statement-section';

/** The Payouts page composed from the payouts feature and the statements feature's monthly statement. */
export default function PayoutsRoute() {
  return <PayoutsPage statement={<ClinicStatementSection />} />;
}
