import { ADMIN_CONSOLE_MESSAGES, type PlatformFeeHistory as History } from '@clinicpay/shared';
import { Alert } from '@/components/ui/alert';
import { type Column, DataTable } from '@/components/ui/data-table';
import { formatLongDateTime } from '@/lib/dates';
import { usePlatformFeeHistory } from '../api/get-platform-fee-history';

type Change = History['items'][number];

const percent = (value: string | null) => (value === null ? '—' : `${value}%`);

const COLUMNS: Column<Change>[] = [
  { header: 'When', cell: (change) => formatLongDateTime(change.changedAt) },
  { header: 'Who', cell: (change) => change.actorEmail ?? '—' },
  {
    header: 'Change',
    cell: (change) => (
      <span>
        {percent(change.from)} <span aria-hidden>→</span>
        <span className="sr-only">to</span> {percent(change.to)}
      </span>
    ),
  },
];

/**
 * The newest platform fee changes, read from the audit log: when, which admin, from → to; '—' where
 * an entry did not record the old percent (decision 0098).
 */
export function PlatformFeeHistory() {
  const history = usePlatformFeeHistory();
  return (
    <section
      aria-labelledby="fee-history-title"
      className="flex flex-col gap-2 border-t border-slate-200 pt-4"
    >
      <h3 id="fee-history-title" className="font-semibold">
        {ADMIN_CONSOLE_MESSAGES.feeHistoryTitle}
      </h3>
      {history.isError ? (
        <Alert tone="error">{ADMIN_CONSOLE_MESSAGES.feeHistoryFailed}</Alert>
      ) : history.data?.items.length === 0 ? (
        <p className="text-sm text-slate-600">{ADMIN_CONSOLE_MESSAGES.feeHistoryEmpty}</p>
      ) : (
        <DataTable
          labelledBy="fee-history-title"
          columns={COLUMNS}
          rows={history.data?.items ?? []}
          rowKey={(change) => change.id}
          busy={history.isPending}
        />
      )}
    </section>
  );
}
