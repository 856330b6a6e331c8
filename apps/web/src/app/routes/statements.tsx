import { PageFrame } from '@/components/layout/page-frame';
import { NotAllowed } from '@/components/not-allowed';
import { ClinicStatementSection } from '@/features/statements/clinic-statement-section';
import { Can } from '@/lib/permissions';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /dashboard/statements: the monthly statement for everyone who may export it, the owner and managers
 * (decision 0121). The owner also finds it on Payouts, which is theirs alone.
 */
export default function StatementsRoute() {
  useDocumentTitle('Statements');
  return (
    <Can permission="money" fallback={<NotAllowed title="Statements" permission="money" />}>
      <PageFrame title="Statements" description="What each month left in your clinic's balance.">
        <ClinicStatementSection />
      </PageFrame>
    </Can>
  );
}
