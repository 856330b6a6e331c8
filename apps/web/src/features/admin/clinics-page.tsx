import { ADMIN_CLINICS_PAGE_SIZE, ADMIN_MESSAGES } from '@clinicpay/shared';
import { PageFrame } from '@/components/layout/page-frame';
import { SearchBox } from '@/components/search-box';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSearchPageParams } from '@/lib/use-search-page-params';
import { useAdminClinics } from './api/list-admin-clinics';
import { AddClinicDialog } from './components/add-clinic-dialog';
import { ClinicsTable } from './components/clinics-table';

/**
 * The Admin Clinics screen (docs/product.md#admin-clinics): search and pages on the server, kept in the
 * address (?search&page).
 */
export function ClinicsPage() {
  useDocumentTitle('Clinics');
  const { search, page, onSearch, onPage } = useSearchPageParams();
  const clinics = useAdminClinics({ search, page });
  const total = clinics.data?.total ?? 0;

  return (
    <PageFrame
      title="Clinics"
      actions={
        <>
          <SearchBox
            id="clinic-search"
            label="Search clinics by name or email"
            placeholder={ADMIN_MESSAGES.searchPlaceholder}
            value={search}
            onSearch={onSearch}
          />
          <AddClinicDialog />
        </>
      }
    >
      {/* A failed load says so, never 'No clinics found'. */}
      {clinics.isError ? (
        <Alert tone="error">{ADMIN_MESSAGES.clinicsFailedWith(clinics.error.message)}</Alert>
      ) : (
        <Card className="p-3">
          <ClinicsTable clinics={clinics.data?.items ?? []} busy={clinics.isPending} />
        </Card>
      )}
      <Pager
        label="Clinic pages"
        page={page}
        pageCount={Math.ceil(total / ADMIN_CLINICS_PAGE_SIZE)}
        onPage={onPage}
      />
    </PageFrame>
  );
}
