import { ADMIN_MESSAGES, type AdminClinicRow } from '@clinicpay/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { useDisconnectClinic } from '../api/disconnect-clinic';
import { useAdminClinics } from '../api/list-admin-clinics';
import { ClinicAvatar, clinicNameOf } from './clinic-avatar';
import { ClinicSearch } from './clinic-search';
import { DisconnectDialog } from './disconnect-dialog';
import { ProviderStatusBadge } from './provider-status-badge';

const PAGE_SIZE = 10;

/** Spec §2 card-provider connection management: search, status badges, Disconnect when connected. */
export function ProviderConnectionsCard() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const clinics = useAdminClinics({ search, page, pageSize: PAGE_SIZE });
  const disconnect = useDisconnectClinic();
  const [target, setTarget] = useState<AdminClinicRow | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rows = clinics.data?.items ?? [];

  const columns: Column<AdminClinicRow>[] = [
    {
      header: 'Clinic',
      cell: (clinic) => (
        <span className="flex items-center gap-3">
          <ClinicAvatar name={clinic.clinicName} />
          <span className="flex min-w-0 flex-col">
            <span className="font-medium">{clinicNameOf(clinic.clinicName)}</span>
            <span className="break-all text-slate-600">{clinic.email || ADMIN_MESSAGES.noEmail}</span>
          </span>
        </span>
      ),
    },
    { header: 'Stripe Status', cell: (clinic) => <ProviderStatusBadge status={clinic.stripeStatus} /> },
    {
      header: 'Actions',
      align: 'right',
      unlabelledOnCard: true,
      cell: (clinic) =>
        clinic.stripeStatus === 'connected' ? (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Disconnect ${clinicNameOf(clinic.clinicName)}`}
            onClick={() => setTarget(clinic)}
          >
            Disconnect
          </Button>
        ) : null,
    },
  ];

  const close = () => {
    setTarget(null);
    setError(null);
  };
  const confirm = () => {
    if (!target) return;
    setError(null);
    disconnect.mutate(target.id, {
      onSuccess: (result) => {
        toast.success(result.message);
        close();
      },
      onError: (failure) => setError(ADMIN_MESSAGES.disconnectFailed(failure.message)),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Stripe Connections</CardTitle>
        <CardDescription>Force-disconnect a clinic to stop its card payments at once.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ClinicSearch
          id="connection-search"
          value={search}
          onSearch={(next) => {
            setSearch(next);
            setPage(1);
          }}
        />
        {clinics.isError ? (
          <Alert tone="error">{ADMIN_MESSAGES.clinicsFailedWith(clinics.error.message)}</Alert>
        ) : null}
        <DataTable
          label="Stripe connections"
          columns={columns}
          rows={rows}
          rowKey={(clinic) => clinic.id}
          busy={clinics.isPending}
          empty={clinics.isPending ? ADMIN_MESSAGES.loadingClinics : ADMIN_MESSAGES.noClinics}
        />
        <Pager
          label="Connection pages"
          page={page}
          pageCount={Math.ceil((clinics.data?.total ?? 0) / PAGE_SIZE)}
          onPage={setPage}
        />
        <DisconnectDialog
          open={target !== null}
          pending={disconnect.isPending}
          error={error}
          onConfirm={confirm}
          onClose={close}
        />
      </CardContent>
    </Card>
  );
}
