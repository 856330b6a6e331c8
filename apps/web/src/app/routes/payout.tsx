import { NotAllowed } from '@/components/not-allowed';
import { PayoutPage } from '@/features/payouts/payout-page';
import { Can } from '@/lib/permissions';

/** /dashboard/payouts/:payoutId: the owner's (decision 0121). */
export default function PayoutRoute() {
  return (
    <Can permission="manage" fallback={<NotAllowed title="Payout" permission="manage" />}>
      <PayoutPage />
    </Can>
  );
}
