import { NotAllowed } from '@/components/not-allowed';
import { AuditTrailPage } from '@/features/team/audit-trail-page';
import { Can } from '@/lib/permissions';

/** /dashboard/audit: the clinic's audit trail, the owner's (decision 0124). */
export default function ClinicAuditRoute() {
  return (
    <Can permission="manage" fallback={<NotAllowed title="Audit Log" permission="manage" />}>
      <AuditTrailPage />
    </Can>
  );
}
