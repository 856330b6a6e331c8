/**
 * /dashboard/audit, the owner's: every recorded change to the clinic, newest first, with who made it,
 * from which address and what changed; filtered by action and London days, paged on the server
 * (decision 0124). The filters and the page live in the address.
 */
import { ADMIN_AUDIT_PAGE_SIZE, type AdminAuditEntry, auditActionLabel } from '@clinicpay/shared';
import { AuditFilters } from '@/components/audit-filters';
import { PageFrame } from '@/components/layout/page-frame';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { detailsSummary } from '@/lib/audit-details';
import { formatLongDateTime } from '@/lib/dates';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useFilterPageParams } from '@/lib/use-filter-page-params';
import { useAuditTrail } from './api/audit-trail';

const FILTERS = ['action', 'from', 'to'] as const;

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
  const { filters, page, setFilters, setPage } = useFilterPageParams(FILTERS);
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
        onPage={setPage}
      />
    </PageFrame>
  );
}
