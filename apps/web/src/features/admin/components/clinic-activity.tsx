import { ADMIN_MESSAGES, type AdminClinicProfile, formatPence, statusTone } from '@clinicpay/shared';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/dates';

const STATUS_LABEL = {
  paid: 'Paid',
  partially_refunded: 'Partially Refunded',
  refunded: 'Refunded',
  sent: 'Sent',
  pending: 'Pending',
} as const;

const th = 'px-4 py-2 font-medium';
const td = 'px-4 py-2';

/** Spec §2: Patient, Date, Amount, Status of the clinic's first 5 payments. */
export function ClinicPaymentsCard({ payments }: { payments: AdminClinicProfile['recentPayments'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="clinic-payments-title">Recent Payments</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto px-2">
        {payments.length === 0 ? (
          <p className="px-4 text-sm text-slate-600">{ADMIN_MESSAGES.noPayments}</p>
        ) : (
          <table className="w-full text-sm" aria-labelledby="clinic-payments-title">
            <thead className="text-left text-slate-600">
              <tr>
                <th scope="col" className={th}>
                  Patient
                </th>
                <th scope="col" className={th}>
                  Date
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Amount
                </th>
                <th scope="col" className={th}>
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.map((payment) => (
                <tr key={payment.id} className="border-t border-slate-100">
                  <td className={td}>{payment.patientName}</td>
                  <td className={td}>{formatDate(payment.date)}</td>
                  <td className={`${td} text-right`}>{formatPence(payment.amount)}</td>
                  <td className={td}>
                    <Badge tone={statusTone(payment.status)}>{STATUS_LABEL[payment.status]}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

/** Spec §2: Link Name, Created, Usage 'N times'. */
export function ClinicLinksCard({ links }: { links: AdminClinicProfile['links'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="clinic-links-title">Payment Links</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto px-2">
        {links.length === 0 ? (
          <p className="px-4 text-sm text-slate-600">{ADMIN_MESSAGES.noLinks}</p>
        ) : (
          <table className="w-full text-sm" aria-labelledby="clinic-links-title">
            <thead className="text-left text-slate-600">
              <tr>
                <th scope="col" className={th}>
                  Link Name
                </th>
                <th scope="col" className={th}>
                  Created
                </th>
                <th scope="col" className={th}>
                  Usage
                </th>
              </tr>
            </thead>
            <tbody>
              {links.map((link) => (
                <tr key={link.id} className="border-t border-slate-100">
                  <td className={td}>
                    {link.title}
                    {link.isActive ? null : <span className="ml-2 text-slate-500">(archived)</span>}
                  </td>
                  <td className={td}>{formatDate(link.createdAt)}</td>
                  <td className={td}>{ADMIN_MESSAGES.usage(link.usage)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

const ACTION_LABEL: Record<string, string> = {
  'provider.disconnected': 'Stripe disconnected',
  'platform_fee.updated': 'Platform fee changed',
  'refund.succeeded': 'Refund made',
  'refund.failed': 'Refund failed',
};

/** Who did what to the clinic and its payments, and when (design.md "Security model"). */
export function ClinicAuditCard({ entries }: { entries: AdminClinicProfile['audit'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit Log</CardTitle>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-slate-600">No audit entries for this clinic</p>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {entries.map((entry) => (
              <li key={entry.id} className="flex flex-wrap gap-x-2">
                <span className="font-medium">{ACTION_LABEL[entry.action] ?? entry.action}</span>
                <span className="text-slate-600">
                  by {entry.actorEmail ?? 'Stripe'} on {formatDate(entry.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
