import {
  ADMIN_CONSOLE_MESSAGES,
  ADMIN_MESSAGES,
  type AdminClinicProfile,
  auditActionLabel,
  formatPence,
} from '@clinicpay/shared';
import { Link } from 'react-router';
import { PaymentStatusBadge } from '@/components/payment-status-badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { formatDate } from '@/lib/dates';

type ClinicPayment = AdminClinicProfile['recentPayments'][number];
type ClinicLink = AdminClinicProfile['links'][number];

const PAYMENT_COLUMNS: Column<ClinicPayment>[] = [
  { header: 'Patient', cell: (payment) => <span className="font-medium">{payment.patientName}</span> },
  { header: 'Date', cell: (payment) => formatDate(payment.date) },
  { header: 'Amount', align: 'right', cell: (payment) => formatPence(payment.amount) },
  {
    header: 'Status',
    // A disputed payment shows its dispute's state (Disputed, Dispute won, Dispute lost).
    cell: (payment) => <PaymentStatusBadge status={payment.status} disputeStatus={payment.disputeStatus} />,
  },
];

const LINK_COLUMNS: Column<ClinicLink>[] = [
  {
    header: 'Link Name',
    cell: (link) => (
      <span className="font-medium">
        {link.title}
        {link.isActive ? null : <span className="ml-2 font-normal text-slate-600">(archived)</span>}
      </span>
    ),
  },
  { header: 'Created', cell: (link) => formatDate(link.createdAt) },
  { header: 'Usage', cell: (link) => ADMIN_MESSAGES.usage(link.usage) },
];

/** Patient, Date, Amount, Status of the clinic's first 5 payments. */
export function ClinicPaymentsCard({ payments }: { payments: AdminClinicProfile['recentPayments'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="clinic-payments-title">Recent Payments</CardTitle>
      </CardHeader>
      <CardContent>
        {payments.length === 0 ? (
          <p className="text-sm text-slate-600">{ADMIN_MESSAGES.noPayments}</p>
        ) : (
          <DataTable
            labelledBy="clinic-payments-title"
            columns={PAYMENT_COLUMNS}
            rows={payments}
            rowKey={(payment) => payment.id}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** Link Name, Created, Usage 'N times'. */
export function ClinicLinksCard({ links }: { links: AdminClinicProfile['links'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="clinic-links-title">Payment Links</CardTitle>
      </CardHeader>
      <CardContent>
        {links.length === 0 ? (
          <p className="text-sm text-slate-600">{ADMIN_MESSAGES.noLinks}</p>
        ) : (
          <DataTable
            labelledBy="clinic-links-title"
            columns={LINK_COLUMNS}
            rows={links}
            rowKey={(link) => link.id}
          />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The clinic's newest audit entries, every action named from the shared labels, with a link to the
 * whole log filtered by the clinic (decision 0098).
 */
export function ClinicAuditCard({
  clinicId,
  entries,
}: {
  clinicId: string;
  entries: AdminClinicProfile['audit'];
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit Log</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {entries.length === 0 ? (
          <p className="text-sm text-slate-600">No audit entries for this clinic</p>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {entries.map((entry) => (
              <li key={entry.id} className="flex flex-wrap gap-x-2">
                <span className="font-medium">{auditActionLabel(entry.action)}</span>
                <span className="text-slate-600">
                  by {entry.actorEmail ?? ADMIN_CONSOLE_MESSAGES.auditByProvider} on{' '}
                  {formatDate(entry.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
        <Link
          to={`/admin/audit?clinicId=${encodeURIComponent(clinicId)}`}
          className="self-start text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          View this clinic’s full audit log
        </Link>
      </CardContent>
    </Card>
  );
}
