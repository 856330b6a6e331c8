import { formatPence, type PatientSummary } from '@clinicpay/shared';
import { Link, useNavigate } from 'react-router';
import { type Column, DataTable } from '@/components/ui/data-table';
import { formatDate } from '@/lib/dates';

/** The address of a patient's page. */
export const patientPath = (patientId: string) => `/dashboard/patients/${encodeURIComponent(patientId)}`;

const COLUMNS: Column<PatientSummary>[] = [
  {
    header: 'Name',
    cell: (patient) => (
      <Link to={patientPath(patient.id)} className="font-medium underline-offset-2 hover:underline">
        {patient.name}
      </Link>
    ),
  },
  { header: 'Email', cell: (patient) => <span className="break-all">{patient.email}</span> },
  { header: 'Phone', cell: (patient) => patient.phone ?? '—' },
  { header: 'Payments', align: 'right', cell: (patient) => patient.paymentCount },
  { header: 'Paid, after refunds', align: 'right', cell: (patient) => formatPence(patient.totalPaid) },
  { header: 'Last activity', cell: (patient) => formatDate(patient.lastActivityAt) },
];

/**
 * Patients as the Patients page lists them: Name (a link to the patient's page), Email, Phone,
 * Payments, what they paid after refunds, and the date of the latest payment or request.
 */
export function PatientsTable({
  patients,
  empty,
  busy,
}: {
  patients: PatientSummary[];
  empty: string;
  busy: boolean;
}) {
  const navigate = useNavigate();
  return (
    <DataTable
      label="Patients"
      columns={COLUMNS}
      rows={patients}
      rowKey={(patient) => patient.id}
      onRowClick={(patient) => navigate(patientPath(patient.id))}
      empty={empty}
      busy={busy}
      cardsBelow="lg"
    />
  );
}
