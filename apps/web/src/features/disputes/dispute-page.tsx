import { DISPUTE_MESSAGES, type DisputeDetail, formatPence } from '@clinicpay/shared';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageFrame } from '@/components/layout/page-frame';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { DetailsList, DetailsRow } from '@/components/ui/details-list';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { formatLongDateTime } from '@/lib/dates';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDispute } from './api/get-dispute';
import { DisputeStatus } from './components/dispute-status';
import { EvidenceForm } from './components/evidence-form';
import { KnownEvidenceCard } from './components/known-evidence';
import { SubmittedEvidence } from './components/submitted-evidence';

const EVIDENCE_HEADING_ID = 'evidence-heading';

const backLink = (
  <Button asChild variant="outline" size="sm">
    <Link to="/dashboard/disputes">
      <ArrowLeft className="h-4 w-4" aria-hidden /> All disputes
    </Link>
  </Button>
);

const isNotFound = (error: Error) =>
  error instanceof ApiError && (error.code === 'DISPUTE_NOT_FOUND' || error.status === 404);

/**
 * /dashboard/disputes/:disputeId (GET /api/disputes/:disputeId): the dispute (patient and amount, the
 * reason in plain English, the fee, the deadline, the status), what ClinicPay will send, and the
 * clinic's evidence: editable while the dispute takes evidence, read-only after. 'Dispute not found'
 * when it is not the clinic's.
 */
export function DisputePage() {
  const { disputeId = '' } = useParams();
  const dispute = useDispute(disputeId);
  useDocumentTitle(dispute.data ? `Dispute: ${dispute.data.patientName}` : 'Dispute');

  if (dispute.isPending) {
    return (
      <PageFrame title="Dispute" actions={backLink}>
        <Spinner label="Loading dispute..." />
      </PageFrame>
    );
  }
  if (dispute.isError) {
    return (
      <PageFrame title={isNotFound(dispute.error) ? DISPUTE_MESSAGES.notFound : 'Dispute'} actions={backLink}>
        <Alert tone="error">
          {isNotFound(dispute.error)
            ? "This dispute does not exist, or is not one of your clinic's."
            : dispute.error.message}
        </Alert>
      </PageFrame>
    );
  }
  return <DisputeView dispute={dispute.data} />;
}

function DisputeView({ dispute }: { dispute: DisputeDetail }) {
  return (
    <PageFrame
      title={`Dispute: ${dispute.patientName}, ${formatPence(dispute.amount)}`}
      description={dispute.reasonLabel}
      actions={backLink}
    >
      <Card>
        <section aria-labelledby="dispute-summary-heading">
          <CardHeader>
            <h2 id="dispute-summary-heading" className="text-lg font-semibold leading-none">
              The dispute
            </h2>
          </CardHeader>
          <CardContent className="flex flex-col gap-4 text-sm">
            <DetailsList>
              <DetailsRow term="Status">
                <DisputeStatus dispute={dispute} />
              </DetailsRow>
              <DetailsRow term="Reason">{dispute.reasonLabel}</DetailsRow>
              <DetailsRow term="Disputed amount">{formatPence(dispute.amount)}</DetailsRow>
              <DetailsRow term="Payment reference">
                <span className="font-mono text-xs">{dispute.paymentReference}</span>
              </DetailsRow>
              <DetailsRow term="Opened">{formatLongDateTime(dispute.createdAt)}</DetailsRow>
              <DetailsRow term="Deadline">
                {dispute.evidenceDueBy ? formatLongDateTime(dispute.evidenceDueBy) : 'None given'}
              </DetailsRow>
            </DetailsList>
            {dispute.inquiry ? (
              <p>
                This is an inquiry: the card issuer asks for information before deciding whether to dispute
                the payment. No money has been taken yet.
              </p>
            ) : null}
            {dispute.paymentRefundable ? (
              <p>
                You can still refund the payment; once it is refunded in full, no money is taken back for this
                inquiry.{' '}
                <Link
                  className="font-medium text-brand-700 underline"
                  to={`/dashboard/payments/${dispute.paymentId}`}
                >
                  Go to the payment
                </Link>
              </p>
            ) : null}
            {dispute.fee > 0 ? <p>{DISPUTE_MESSAGES.fee(dispute.fee)}</p> : null}
          </CardContent>
        </section>
      </Card>
      <KnownEvidenceCard known={dispute.known} />
      <Card>
        <section aria-labelledby={EVIDENCE_HEADING_ID}>
          <CardHeader>
            <h2
              id={EVIDENCE_HEADING_ID}
              tabIndex={-1}
              className="text-lg font-semibold leading-none focus:outline-none"
            >
              Your evidence
            </h2>
          </CardHeader>
          <CardContent>
            {dispute.canRespond ? (
              <EvidenceForm key={dispute.id} dispute={dispute} headingId={EVIDENCE_HEADING_ID} />
            ) : (
              <SubmittedEvidence dispute={dispute} />
            )}
          </CardContent>
        </section>
      </Card>
    </PageFrame>
  );
}
