/**
 * /dashboard/audit, the owner's: every recorded change to the clinic, newest first, with who made it,
 * from which address and what changed; filtered by action and London days, paged on the server
 * (decision 0124). The filters and the page live in the address.
 */
import { ADMIN_AUDIT_PAGE_SIZE, type AdminAuditEntry, auditActionLabel } from '@clinicpay/shared';
import { useSearchParams } from 'react-router';
import { AuditFilters } from '@/components/audit-filters';
import { PageFrame } from '@/components/layout/page-frame';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { detailsSummary } from '@/lib/audit-details';
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

  return (
    <PageFrame
      title="Audit Log"
      description="Every change to your clinic: who made it, when, from where, and what changed."
    >
      <AuditFilters filters={filters} onChange={setFilters} />
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
