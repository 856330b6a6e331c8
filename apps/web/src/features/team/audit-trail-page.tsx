/**
 * /dashboard/audit, the owner's: every recorded change to the clinic, newest first, with who made it,
 * from which address and what changed; filtered by action and London days, paged on the server
 * (decision 0124). The filters and the page live in the address.
 */
import {
  ADMIN_AUDIT_PAGE_SIZE,
  type AdminAuditEntry,
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  auditActionLabel,
} from '@clinicpay/shared';
import { useSearchParams } from 'react-router';
import { PageFrame } from '@/components/layout/page-frame';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { DateRangePicker } from '@/components/ui/date-range-picker';
import { Label } from '@/components/ui/label';
import { Pager } from '@/components/ui/pager';
import { NativeSelect } from '@/components/ui/select';
import { detailsSummary } from '@/lib/audit-details';
import { type DayRange, fromIsoDay, toIsoDay } from '@/lib/date-ranges';
import { formatLongDateTime } from '@/lib/dates';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAuditTrail } from './api/audit-trail';

const FILTERS = ['action', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];

const COLUMNS: Column<AdminAuditEntry>[] = [
  { header: 'When', cell: (entry) => formatLongDateTime(entry.createdAt) },
  {
    header: 'Action',
    cell: (entry) => <span className="font-medium">{auditActionLabel(entry.action)}</span>,
  },
  { header: 'By', cell: (entry) => entry.actorEmail ?? 'Stripe or ClinicPay' },
  { header: 'From', cell: (entry) => entry.ipAddress ?? '—' },
  {
    header: 'Details',
    cell: (entry) => <span className="text-slate-600">{detailsSummary(entry.details)}</span>,
  },
];

export function AuditTrailPage() {
  useDocumentTitle('Audit Log');
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTERS.map((key) => [key, params.get(key) ?? undefined])) as Partial<
    Record<Filter, string>
  >;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const setFilters = (changes: Partial<Record<Filter, string | undefined>>) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const entries = useAuditTrail({ ...filters, page });
  const from = fromIsoDay(filters.from);
  const to = fromIsoDay(filters.to);

  return (
    <PageFrame
      title="Audit Log"
      description="Every change to your clinic: who made it, when, from where, and what changed."
    >
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-action">Action</Label>
          <NativeSelect
            id="audit-action"
            value={filters.action ?? ''}
            onChange={(event) => setFilters({ action: event.target.value })}
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex w-full flex-col gap-1.5 sm:w-72">
          <Label htmlFor="audit-dates">Date range</Label>
          <DateRangePicker
            id="audit-dates"
            value={from && to ? { from, to } : null}
            onChange={(range: DayRange | null) =>
              setFilters({
                from: range ? toIsoDay(range.from) : undefined,
                to: range ? toIsoDay(range.to) : undefined,
              })
            }
          />
        </div>
      </div>
      {entries.isError ? (
        <Alert tone="error">{entries.error.message}</Alert>
      ) : (
        <Card className="p-3">
          <DataTable
            label="Audit Log"
            columns={COLUMNS}
            rows={entries.data?.items ?? []}
            rowKey={(entry) => entry.id}
            busy={entries.isPending}
            empty="No audit entries match these filters"
          />
        </Card>
      )}
      <Pager
        label="Audit log pages"
        page={page}
        pageCount={Math.ceil((entries.data?.total ?? 0) / ADMIN_AUDIT_PAGE_SIZE)}
        onPage={(next) => {
          const updated = new URLSearchParams(params);
          updated.set('page', String(next));
          setParams(updated);
        }}
      />
    </PageFrame>
  );
}
