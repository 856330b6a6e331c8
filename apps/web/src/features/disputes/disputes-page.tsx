import { DISPUTE_MESSAGES } from '@clinicpay/shared';
import { PageFrame } from '@/components/layout/page-frame';
import { Alert } from '@/components/ui/alert';
import { CardSection } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDisputes } from './api/list-disputes';
import { DisputesTable } from './components/disputes-table';

/**
 * /dashboard/disputes (GET /api/disputes): the clinic's disputes in two sections, Open and Closed, each
 * newest first, every dispute linking to its page; 'No disputes' when there are none.
 */
export function DisputesPage() {
  useDocumentTitle('Disputes');
  const disputes = useDisputes();
  const items = disputes.data?.items ?? [];
  const open = items.filter((dispute) => dispute.outcome === 'open');
  const closed = items.filter((dispute) => dispute.outcome !== 'open');

  return (
    <PageFrame
      title="Disputes"
      description="Payments a patient has disputed with their card issuer, and what you can send in reply."
    >
      {disputes.isPending ? <Spinner label="Loading disputes..." /> : null}
      {disputes.isError ? <Alert tone="error">{disputes.error.message}</Alert> : null}
      {disputes.data && items.length === 0 ? (
        <p className="py-6 text-center text-slate-600">{DISPUTE_MESSAGES.noDisputes}</p>
      ) : null}
      {items.length ? (
        <>
          <CardSection id="open-disputes" title="Open">
            <DisputesTable
              labelledBy="open-disputes"
              disputes={open}
              empty={DISPUTE_MESSAGES.noOpenDisputes}
            />
          </CardSection>
          <CardSection id="closed-disputes" title="Closed">
            <DisputesTable
              labelledBy="closed-disputes"
              disputes={closed}
              empty={DISPUTE_MESSAGES.noClosedDisputes}
            />
          </CardSection>
        </>
      ) : null}
    </PageFrame>
  );
}
