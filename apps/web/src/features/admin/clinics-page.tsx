import { ADMIN_CLINICS_PAGE_SIZE, ADMIN_MESSAGES } from '@clinicpay/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminClinics } from './api/list-admin-clinics';
import { AddClinicDialog } from './components/add-clinic-dialog';
import { ClinicSearch } from './components/clinic-search';
import { ClinicsTable } from './components/clinics-table';

/** Spec §2 "Admin Clinics": search and pages on the server, kept in the address (?search&page). */
export function ClinicsPage() {
  useDocumentTitle('Clinics');
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const clinics = useAdminClinics({ search, page });
  const onSearch = useCallback(
    (next: string) => setParams(next ? { search: next } : {}, { replace: true }),
    [setParams],
  );
  const onPage = (next: number) => {
    const updated = new URLSearchParams(params);
    updated.set('page', String(next));
    setParams(updated);
  };
  const total = clinics.data?.total ?? 0;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Clinics</h1>
        <div className="flex w-full flex-wrap items-center gap-3 sm:w-auto">
          <ClinicSearch id="clinic-search" value={search} onSearch={onSearch} />
          <AddClinicDialog />
        </div>
      </div>
      {clinics.isError ? (
        <Alert tone="error">{ADMIN_MESSAGES.clinicsFailedWith(clinics.error.message)}</Alert>
      ) : null}
      <Card className="overflow-x-auto">
        <ClinicsTable clinics={clinics.data?.items ?? []} busy={clinics.isPending} />
      </Card>
      <Pager
        label="Clinic pages"
        page={page}
        pageCount={Math.ceil(total / ADMIN_CLINICS_PAGE_SIZE)}
        onPage={onPage}
      />
    </div>
  );
}
