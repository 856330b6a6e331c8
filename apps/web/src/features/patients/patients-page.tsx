import { PATIENT_MESSAGES, PATIENT_PAGE_SIZE } from '@clinicpay/shared';
import { PageFrame } from '@/components/layout/page-frame';
import { SearchBox } from '@/components/search-box';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSearchPageParams } from '@/lib/use-search-page-params';
import { usePatients } from './api/list-patients';
import { PatientsTable } from './components/patients-table';

/**
 * /dashboard/patients (GET /api/patients): the clinic's patients by name, searched by name, email or
 * phone on the server, with the search and page kept in the address (?search&page).
 */
export function PatientsPage() {
  useDocumentTitle('Patients');
  const { search, page, onSearch, onPage } = useSearchPageParams();
  const patients = usePatients(search, page);
  const total = patients.data?.total ?? 0;

  return (
    <PageFrame
      title="Patients"
      description="Everyone you have sent a payment request to or taken a payment from."
      actions={
        <SearchBox
          id="patient-search"
          label="Search patients by name, email or phone"
          placeholder="Name, email or phone"
          value={search}
          onSearch={onSearch}
        />
      }
    >
      {patients.isError ? <Alert tone="error">{patients.error.message}</Alert> : null}
      {patients.data?.moreMatches ? <Alert>{PATIENT_MESSAGES.tooManyMatches}</Alert> : null}
      <Card className="p-3">
        <PatientsTable
          patients={patients.data?.items ?? []}
          busy={patients.isFetching}
          empty={
            patients.isPending
              ? 'Loading patients...'
              : total > 0
                ? PATIENT_MESSAGES.pastTheEnd
                : search
                  ? PATIENT_MESSAGES.noMatches
                  : PATIENT_MESSAGES.noPatients
          }
        />
      </Card>
      <Pager
        label="Patient pages"
        page={page}
        pageCount={Math.ceil(total / PATIENT_PAGE_SIZE)}
        onPage={onPage}
      />
    </PageFrame>
  );
}
