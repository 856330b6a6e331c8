import { formatPence, type Payout } from '@clinicpay/shared';
import { Link, useNavigate } from 'react-router';
import { type Column, DataTable } from '@/components/ui/data-table';
import { formatLongDate } from '@/lib/dates';
import { PayoutStatus } from './payout-status';

/** The address of a payout's page. */
export const payoutPath = (payoutId: string) => `/dashboard/payouts/${encodeURIComponent(payoutId)}`;

const COLUMNS: Column<Payout>[] = [
  {
    header: 'Amount',
    cell: (payout) => (
      <Link to={payoutPath(payout.id)} className="font-medium underline-offset-2 hover:underline">
        {formatPence(payout.amount)}
        <span className="sr-only">, payout created {formatLongDate(payout.created)}</span>
      </Link>
    ),
  },
  { header: 'Status', cell: (payout) => <PayoutStatus payout={payout} explain /> },
  { header: 'Arrival date', cell: (payout) => formatLongDate(payout.arrivalDate) },
  { header: 'Created', cell: (payout) => formatLongDate(payout.created) },
];

/**
 * The clinic's payouts, newest first: Amount (a link to the payout's page), Status (a failed payout
 * with its reason and how to fix the bank details), Arrival date and Created, in London time. A row
 * opens the payout.
 */
export function PayoutsTable({
  labelledBy,
  payouts,
  empty,
}: {
  /** The id of the heading that names the table. */
  labelledBy: string;
  payouts: Payout[];
  empty: string;
}) {
  const navigate = useNavigate();
  return (
    <DataTable
      labelledBy={labelledBy}
      columns={COLUMNS}
      rows={payouts}
      rowKey={(payout) => payout.id}
      onRowClick={(payout) => navigate(payoutPath(payout.id))}
      empty={empty}
      cardsBelow="lg"
    />
  );
}
