import type { AdminClinicProfile } from '@clinicpay/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/dates';
import { clinicNameOf } from './clinic-avatar';
import { ProviderStatusBadge } from './provider-status-badge';

const orDash = (value: string | null) => value || '—';

/** Spec §2: name, contact, email, phone, address, provider connection status, date joined. */
export function ClinicInfoCard({ clinic }: { clinic: AdminClinicProfile['clinic'] }) {
  const rows: [string, React.ReactNode][] = [
    ['Name', clinicNameOf(clinic.clinicName)],
    ['Contact', orDash(clinic.contact)],
    ['Email', orDash(clinic.email)],
    ['Phone', orDash(clinic.phone)],
    ['Address', orDash(clinic.address)],
    ['Stripe status', <ProviderStatusBadge key="status" status={clinic.stripeStatus} />],
    ['Date joined', formatDate(clinic.createdAt)],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Clinic Information</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-medium text-slate-600">{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
