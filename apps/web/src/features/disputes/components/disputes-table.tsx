import { type DisputeSummary, formatPence } from '@clinicpay/shared';
import { Link, useNavigate } from 'react-router';
import { type Column, DataTable } from '@/components/ui/data-table';
import { DisputeStatus } from './dispute-status';

/** The address of a dispute's page. */
export const disputePath = (disputeId: string) => `/dashboard/disputes/${encodeURIComponent(disputeId)}`;

const COLUMNS: Column<DisputeSummary>[] = [
  {
    header: 'Patient',
    cell: (dispute) => (
      <Link to={disputePath(dispute.id)} className="font-medium underline-offset-2 hover:underline">
        {dispute.patientName}
      </Link>
    ),
  },
  {
    header: 'Reference',
    cell: (dispute) => <span className="font-mono text-xs">{dispute.paymentReference}</span>,
  },
  { header: 'Amount', cell: (dispute) => formatPence(dispute.amount) },
  { header: 'Reason', cell: (dispute) => dispute.reasonLabel },
  { header: 'Status', cell: (dispute) => <DisputeStatus dispute={dispute} /> },
];

/**
 * Disputes as the Disputes page lists them: Patient (a link to the dispute's page), Reference, Amount,
 * Reason in plain English, Status (with the deadline while a response is due); a row opens the dispute.
 */
export function DisputesTable({
  labelledBy,
  disputes,
  empty,
}: {
  /** The id of the heading that names the table. */
  labelledBy: string;
  disputes: DisputeSummary[];
  empty: string;
}) {
  const navigate = useNavigate();
  return (
    <DataTable
      labelledBy={labelledBy}
      columns={COLUMNS}
      rows={disputes}
      rowKey={(dispute) => dispute.id}
      onRowClick={(dispute) => navigate(disputePath(dispute.id))}
      empty={empty}
      cardsBelow="lg"
    />
  );
}
