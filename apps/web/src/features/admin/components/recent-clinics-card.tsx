import type { RecentClinic } from '@clinicpay/shared';
import { Link, useNavigate } from 'react-router';
import { ProviderStatusBadge } from '@/components/provider-status-badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { formatDate } from '@/lib/dates';
import { ClinicAvatar, clinicNameOf } from './clinic-avatar';

const COLUMNS: Column<RecentClinic>[] = [
  {
    header: 'Clinic',
    cell: (clinic) => (
      <span className="flex items-center gap-3">
        <ClinicAvatar name={clinic.clinicName} logoUrl={clinic.logoUrl} />
        <Link to={`/admin/clinics/${clinic.id}`} className="font-medium underline-offset-2 hover:underline">
          {clinicNameOf(clinic.clinicName)}
        </Link>
      </span>
    ),
  },
  { header: 'Joined', cell: (clinic) => formatDate(clinic.createdAt) },
  { header: 'Status', cell: (clinic) => <ProviderStatusBadge status={clinic.stripeStatus} /> },
  { header: 'Payments processed', align: 'right', cell: (clinic) => clinic.paymentsProcessed },
];

/**
 * The 5 newest clinics (docs/product.md#admin-dashboard); each row opens the clinic (its name is the
 * link for keyboards).
 */
export function RecentClinicsCard({ clinics }: { clinics: RecentClinic[] }) {
  const navigate = useNavigate();
  return (
    <Card>
      <CardHeader>
        <CardTitle id="recent-clinics-title">Recent Clinics</CardTitle>
      </CardHeader>
      <CardContent>
        {clinics.length === 0 ? (
          <p className="text-sm text-slate-600">No clinics found</p>
        ) : (
          <DataTable
            labelledBy="recent-clinics-title"
            columns={COLUMNS}
            rows={clinics}
            rowKey={(clinic) => clinic.id}
            onRowClick={(clinic) => navigate(`/admin/clinics/${clinic.id}`)}
          />
        )}
      </CardContent>
    </Card>
  );
}
