import { ADMIN_MESSAGES, type AdminClinicRow, canTakePayments } from '@clinicpay/shared';
import { useState } from 'react';
import { SearchBox } from '@/components/search-box';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { useDisconnectClinic } from '../api/disconnect-clinic';
import { useAdminClinics } from '../api/list-admin-clinics';
import { useRestoreClinicPayments } from '../api/restore-clinic-payments';
import { ClinicActionDialog, DISCONNECT_TEXTS, RESTORE_TEXTS, useClinicAction } from './clinic-action';
import { ClinicAvatar, clinicNameOf } from './clinic-avatar';
import { ClinicStatus } from './clinic-status';

const PAGE_SIZE = 10;

/**
 * Card-provider connection management (docs/product.md#admin-settings): search, status badges (with
 * 'Payments turned off'),
 * Disconnect while the clinic can take payments, and Restore payments once an admin turned them off
 * (docs/decisions/0081-disconnect-keeps-the-account.md). Each asks first in a dialog naming the clinic.
 */
export function ProviderConnectionsCard() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const clinics = useAdminClinics({ search, page, pageSize: PAGE_SIZE });
  const disconnect = useClinicAction(useDisconnectClinic(), DISCONNECT_TEXTS);
  const restore = useClinicAction(useRestoreClinicPayments(), RESTORE_TEXTS);
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
    {
      header: 'Stripe Status',
      cell: (clinic) => (
        <ClinicStatus status={clinic.stripeStatus} paymentsTurnedOff={clinic.paymentsTurnedOff} />
      ),
    },
    {
      header: 'Actions',
      align: 'right',
      unlabelledOnCard: true,
      cell: (clinic) =>
        clinic.paymentsTurnedOff ? (
          <Button
            variant="outline"
            size="sm"
            aria-label={`${ADMIN_MESSAGES.restoreButton} for ${clinicNameOf(clinic.clinicName)}`}
            onClick={() => restore.open(clinic)}
          >
            {ADMIN_MESSAGES.restoreButton}
          </Button>
        ) : canTakePayments(clinic.stripeStatus) ? (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Disconnect ${clinicNameOf(clinic.clinicName)}`}
            onClick={() => disconnect.open(clinic)}
          >
            Disconnect
          </Button>
        ) : null,
    },
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Stripe Connections</CardTitle>
        <CardDescription>Force-disconnect a clinic to stop its card payments at once.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <SearchBox
          id="connection-search"
          label="Search clinics by name or email"
          placeholder={ADMIN_MESSAGES.searchPlaceholder}
          value={search}
          onSearch={(next) => {
            setSearch(next);
            setPage(1);
          }}
        />
        {/* A failed load says so, never 'No clinics found'. */}
        {clinics.isError ? (
          <Alert tone="error">{ADMIN_MESSAGES.clinicsFailedWith(clinics.error.message)}</Alert>
        ) : (
          <DataTable
            label="Stripe connections"
            columns={columns}
            rows={rows}
            rowKey={(clinic) => clinic.id}
            busy={clinics.isPending}
            empty={clinics.isPending ? ADMIN_MESSAGES.loadingClinics : ADMIN_MESSAGES.noClinics}
          />
        )}
        <Pager
          label="Connection pages"
          page={page}
          pageCount={Math.ceil((clinics.data?.total ?? 0) / PAGE_SIZE)}
          onPage={setPage}
        />
        <ClinicActionDialog action={disconnect} />
        <ClinicActionDialog action={restore} />
      </CardContent>
    </Card>
  );
}
