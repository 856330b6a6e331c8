import { NotAllowed } from '@/components/not-allowed';
import { DisputePage } from '@/features/disputes/dispute-page';
import { Can } from '@/lib/permissions';

/** /dashboard/disputes/:disputeId: the owner's and managers' (decision 0121). */
export default function DisputeRoute() {
  return (
    <Can permission="money" fallback={<NotAllowed title="Dispute" permission="money" />}>
      <DisputePage />
    </Can>
  );
}
