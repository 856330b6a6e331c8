import { NotAllowed } from '@/components/not-allowed';
import { PayoutsPage } from '@/features/payouts/payouts-page';
import { ClinicStatementSection } from '@/features/statements/clinic-statement-section';
import { Can } from '@/lib/permissions';

/**
 * The Payouts page composed from the payouts feature and the statements feature's monthly statement;
 * the owner's (decision 0121).
 */
export default function PayoutsRoute() {
  return (
    <Can permission="manage" fallback={<NotAllowed title="Payouts" permission="manage" />}>
      <PayoutsPage statement={<ClinicStatementSection />} />
    </Can>
  );
}
