import { formatPence, PATIENT_HISTORY_LIMIT, PATIENT_MESSAGES, type PatientDetail } from '@clinicpay/shared';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/layout/page-frame';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card';
import { DetailsList, DetailsRow } from '@/components/ui/details-list';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { formatLongDate } from '@/lib/dates';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePatient } from './api/get-patient';
import { PatientPaymentsTable } from './components/patient-payments-table';
import { PatientRequestsTable } from './components/patient-requests-table';
import { SavedCards } from './components/saved-cards';

const backLink = (
  <Button asChild variant="outline" size="sm">
    <Link to="/dashboard/patients">
      <ArrowLeft className="h-4 w-4" aria-hidden /> All patients
    </Link>
  </Button>
);

const isNotFound = (error: Error) =>
  error instanceof ApiError && (error.code === 'PATIENT_NOT_FOUND' || error.status === 404);

/**
 * /dashboard/patients/:patientId (GET /api/patients/:patientId): the patient's details and totals,
 * their saved cards with the consents given, their payments and their payment requests, newest first. 'Patient not found' when the patient is
 * not the clinic's.
 */
export function PatientPage() {
  const { patientId = '' } = useParams();
  // From a payment's details: Charge saved card opens the charge of that card here.
  const chargeCardId = useSearchParams()[0].get('charge');
  const patient = usePatient(patientId);
  useDocumentTitle(patient.data ? patient.data.patient.name : 'Patient');

  if (patient.isPending) {
    return (
      <PageFrame title="Patient" actions={backLink}>
        <Spinner label="Loading patient..." />
      </PageFrame>
    );
  }
  if (patient.isError) {
    const notFound = isNotFound(patient.error);
    return (
      <PageFrame title={notFound ? PATIENT_MESSAGES.notFound : 'Patient'} actions={backLink}>
        <Alert tone="error">
          {notFound ? "This patient does not exist, or is not one of your clinic's." : patient.error.message}
        </Alert>
      </PageFrame>
    );
  }
  return <PatientView detail={patient.data} chargeCardId={chargeCardId} />;
}

/** Under a list cut at PATIENT_HISTORY_LIMIT, says that only the latest are shown. */
function LatestOnly({ count }: { count: number }) {
  if (count < PATIENT_HISTORY_LIMIT) return null;
  return <p className="mt-3 text-sm text-slate-600">The latest {PATIENT_HISTORY_LIMIT} are shown.</p>;
}

function PatientView({ detail, chargeCardId }: { detail: PatientDetail; chargeCardId: string | null }) {
  const { patient, payments, requests } = detail;
  return (
    <PageFrame title={patient.name} actions={backLink}>
      <CardSection id="patient-details-heading" title="Details">
        <DetailsList className="text-sm">
          <DetailsRow term="Email">{patient.email}</DetailsRow>
          <DetailsRow term="Phone">{patient.phone ?? 'None given'}</DetailsRow>
          <DetailsRow term="Payments">{patient.paymentCount}</DetailsRow>
          <DetailsRow term="Paid, after refunds">{formatPence(patient.totalPaid)}</DetailsRow>
          <DetailsRow term="Patient since">{formatLongDate(patient.createdAt)}</DetailsRow>
        </DetailsList>
      </CardSection>
      <CardSection id="patient-cards-heading" title="Saved cards">
        <SavedCards patientId={patient.id} chargeCardId={chargeCardId} />
      </CardSection>
      <CardSection id="patient-payments-heading" title="Payments">
        <PatientPaymentsTable
          labelledBy="patient-payments-heading"
          payments={payments}
          empty={PATIENT_MESSAGES.noPayments}
        />
        <LatestOnly count={payments.length} />
      </CardSection>
      <CardSection id="patient-requests-heading" title="Payment requests">
        <PatientRequestsTable
          labelledBy="patient-requests-heading"
          requests={requests}
          empty={PATIENT_MESSAGES.noRequests}
        />
        <LatestOnly count={requests.length} />
      </CardSection>
    </PageFrame>
  );
}
