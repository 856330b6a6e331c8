import type { AdminClinicProfile } from '@clinicpay/shared';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/dates';
import { clinicNameOf } from './clinic-avatar';
import { ClinicStatus } from './clinic-status';

const orDash = (value: string | null) => value || '—';

/**
 * The clinic's details (docs/product.md#admin-clinic-profile): name, contact, email, phone, address, provider
 * connection status (with 'Payments turned off', decision 0081), the clinic's own provider account, kept
 * across disconnects, with what can be done with it (`accountAction`), and the date joined.
 */
export function ClinicInfoCard({
  clinic,
  accountAction,
}: {
  clinic: AdminClinicProfile['clinic'];
  accountAction?: ReactNode;
}) {
  const rows: [string, ReactNode][] = [
    ['Name', clinicNameOf(clinic.clinicName)],
    ['Contact', orDash(clinic.contact)],
    ['Email', orDash(clinic.email)],
    ['Phone', orDash(clinic.phone)],
    ['Address', orDash(clinic.address)],
    [
      'Stripe status',
      <ClinicStatus key="status" status={clinic.stripeStatus} paymentsTurnedOff={clinic.paymentsTurnedOff} />,
    ],
    [
      'Stripe account',
      // The action stays mounted as the account goes, so its outcome is still told.
      <span key="account" className="flex flex-wrap items-center gap-3">
        {clinic.providerAccountId ? <code className="break-all">{clinic.providerAccountId}</code> : '—'}
        {accountAction}
      </span>,
    ],
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
