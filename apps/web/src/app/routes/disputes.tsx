import { NotAllowed } from '@/components/not-allowed';
import { DisputesPage } from '@/features/disputes/disputes-page';
import { Can } from '@/lib/permissions';

/** /dashboard/disputes: the owner's and managers' (decision 0121). */
export default function DisputesRoute() {
  return (
    <Can permission="money" fallback={<NotAllowed title="Disputes" permission="money" />}>
      <DisputesPage />
    </Can>
  );
}
