import { ADMIN_MESSAGES, type AdminClinicRow } from '@clinicpay/shared';
import { Link, useNavigate } from 'react-router';
import { type Column, DataTable } from '@/components/ui/data-table';
import { formatDate } from '@/lib/dates';
import { ClinicAvatar, clinicNameOf } from './clinic-avatar';
import { ClinicStatus } from './clinic-status';

const COLUMNS: Column<AdminClinicRow>[] = [
  {
    header: 'Clinic',
    cell: (clinic) => (
      <span className="flex items-center gap-3">
        <ClinicAvatar name={clinic.clinicName} logoUrl={clinic.logoUrl} />
        <span className="flex min-w-0 flex-col">
          <Link to={`/admin/clinics/${clinic.id}`} className="font-medium underline-offset-2 hover:underline">
            {clinicNameOf(clinic.clinicName)}
          </Link>
          <span className="break-all text-slate-600">{clinic.email || ADMIN_MESSAGES.noEmail}</span>
        </span>
      </span>
    ),
  },
  {
    header: 'Status',
    cell: (clinic) => (
      <ClinicStatus status={clinic.stripeStatus} paymentsTurnedOff={clinic.paymentsTurnedOff} />
    ),
  },
  { header: 'Join Date', cell: (clinic) => formatDate(clinic.createdAt) },
  { header: 'Transactions', align: 'right', cell: (clinic) => clinic.transactions },
];

/**
 * The Admin Clinics table (docs/product.md#admin-clinics): Clinic (name, email), Status (with 'Payments
 * turned off' when an admin turned them off, decision 0081), Join Date, Transactions; a row opens the
 * clinic.
 */
export function ClinicsTable({ clinics, busy }: { clinics: AdminClinicRow[]; busy: boolean }) {
  const navigate = useNavigate();
  return (
    <DataTable
      label="Clinics"
      columns={COLUMNS}
      rows={clinics}
      rowKey={(clinic) => clinic.id}
      onRowClick={(clinic) => navigate(`/admin/clinics/${clinic.id}`)}
      busy={busy}
      empty={busy ? ADMIN_MESSAGES.loadingClinics : ADMIN_MESSAGES.noClinics}
    />
  );
}
