import {
  formatPence,
  type PatientRequest,
  REQUEST_STATE_LABELS,
  REQUEST_STATE_TONES,
} from '@clinicpay/shared';
import { Badge } from '@/components/ui/badge';
import { type Column, DataTable } from '@/components/ui/data-table';
import { formatDate } from '@/lib/dates';

const COLUMNS: Column<PatientRequest>[] = [
  { header: 'Sent', cell: (request) => formatDate(request.sentAt) },
  { header: 'For', cell: (request) => request.title },
  { header: 'Amount', align: 'right', cell: (request) => formatPence(request.amount) },
  {
    header: 'Status',
    cell: (request) =>
      request.paidAt ? (
        <Badge tone="green">Paid {formatDate(request.paidAt)}</Badge>
      ) : (
        <Badge tone={REQUEST_STATE_TONES[request.state]}>{REQUEST_STATE_LABELS[request.state]}</Badge>
      ),
  },
];

/**
 * A patient's payment requests, newest first: when sent, what for, the amount, and where each stands
 * in the Requests page's words (paid with its date, waiting, expired or cancelled).
 */
export function PatientRequestsTable({
  labelledBy,
  requests,
  empty,
}: {
  labelledBy: string;
  requests: PatientRequest[];
  empty: string;
}) {
  return (
    <DataTable
      labelledBy={labelledBy}
      columns={COLUMNS}
      rows={requests}
      rowKey={(request) => request.id}
      empty={empty}
    />
  );
}
