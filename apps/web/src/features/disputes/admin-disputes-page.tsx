import { type AdminDisputes, DISPUTE_MESSAGES, formatPence } from '@clinicpay/shared';
import { Link } from 'react-router';
import { PageFrame } from '@/components/layout/page-frame';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { CardSection } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { formatLongDateTime } from '@/lib/dates';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminDisputes } from './api/list-admin-disputes';
import { DisputeStatus } from './components/dispute-status';

type OpenDispute = AdminDisputes['open'][number];
type ClinicRate = AdminDisputes['rates'][number];

/** The dispute rate at which card networks start to watch a business, in percent. */
export const HIGH_DISPUTE_RATE_PERCENT = 0.75;

/** A rate as the page shows it, two decimals: '0.75%'. */
export const formatRate = (percent: number) =>
  `${percent.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;

const clinicLink = (clinicId: string, clinicName: string) => (
  <Link
    to={`/admin/clinics/${encodeURIComponent(clinicId)}`}
    className="font-medium underline-offset-2 hover:underline"
  >
    {clinicName}
  </Link>
);

const OPEN_COLUMNS: Column<OpenDispute>[] = [
  { header: 'Clinic', cell: (dispute) => clinicLink(dispute.clinicId, dispute.clinicName) },
  { header: 'Patient', cell: (dispute) => dispute.patientName },
  {
    header: 'Reference',
    cell: (dispute) => <span className="font-mono text-xs">{dispute.paymentReference}</span>,
  },
  { header: 'Amount', align: 'right', cell: (dispute) => formatPence(dispute.amount) },
  { header: 'Reason', cell: (dispute) => dispute.reasonLabel },
  {
    header: 'Deadline',
    cell: (dispute) => (dispute.evidenceDueBy ? formatLongDateTime(dispute.evidenceDueBy) : 'None given'),
  },
  {
    header: 'Status',
    cell: (dispute) => <DisputeStatus dispute={{ ...dispute, evidenceDueBy: null }} />,
  },
];

const RATE_COLUMNS: Column<ClinicRate>[] = [
  { header: 'Clinic', cell: (rate) => clinicLink(rate.clinicId, rate.clinicName) },
  { header: 'Payments', align: 'right', cell: (rate) => rate.payments.toLocaleString('en-GB') },
  { header: 'Disputes', align: 'right', cell: (rate) => rate.disputes.toLocaleString('en-GB') },
  {
    header: 'Rate',
    align: 'right',
    cell: (rate) => (
      <span className="inline-flex items-center gap-2">
        {formatRate(rate.ratePercent)}
        {rate.ratePercent >= HIGH_DISPUTE_RATE_PERCENT ? <Badge tone="red">High</Badge> : null}
      </span>
    ),
  },
];

/**
 * /admin/disputes (GET /api/admin/disputes): every open dispute on the platform (clinic, linking to its
 * profile; patient, reference, amount, reason, deadline, status) and each clinic's dispute rate, a rate of
 * 0.75% or more flagged High.
 */
export function AdminDisputesPage() {
  useDocumentTitle('Disputes');
  const disputes = useAdminDisputes();
  const busy = disputes.isPending;
  return (
    <PageFrame
      title="Disputes"
      description="Open disputes on every clinic's payments, and each clinic's rate."
    >
      {disputes.isError ? <Alert tone="error">{disputes.error.message}</Alert> : null}
      <CardSection id="admin-open-disputes" title="Open disputes">
        <DataTable
          labelledBy="admin-open-disputes"
          columns={OPEN_COLUMNS}
          rows={disputes.data?.open ?? []}
          rowKey={(dispute) => dispute.id}
          busy={busy}
          empty={busy ? 'Loading disputes...' : DISPUTE_MESSAGES.noOpenDisputes}
          cardsBelow="lg"
        />
      </CardSection>
      <CardSection id="admin-dispute-rates" title="Dispute rate by clinic">
        <DataTable
          labelledBy="admin-dispute-rates"
          columns={RATE_COLUMNS}
          rows={disputes.data?.rates ?? []}
          rowKey={(rate) => rate.clinicId}
          busy={busy}
          empty={busy ? 'Loading rates...' : 'No clinics have taken payments yet'}
        />
        <p className="mt-3 text-sm text-slate-600">{DISPUTE_MESSAGES.highRateNote}</p>
      </CardSection>
    </PageFrame>
  );
}
