import {
  ADMIN_AUDIT_PAGE_SIZE,
  ADMIN_CONSOLE_MESSAGES,
  type AdminAuditEntry,
  auditActionLabel,
} from '@clinicpay/shared';
import { X } from 'lucide-react';
import { AuditFilters } from '@/components/audit-filters';
import { PageFrame } from '@/components/layout/page-frame';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { detailsSummary } from '@/lib/audit-details';
import { formatLongDateTime } from '@/lib/dates';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useFilterPageParams } from '@/lib/use-filter-page-params';
import { useAuditEntries } from './api/list-audit-entries';
import { clinicNameOf } from './components/clinic-avatar';

const FILTERS = ['action', 'clinicId', 'from', 'to'] as const;

/** The filters and the page live in the address, so a filtered log can be linked to (a clinic's). */
const useAuditParams = () => useFilterPageParams(FILTERS);

/**
 * The platform's audit log (decision 0098): every recorded action, newest first, filtered by action,
 * clinic and London days, paged on the server. A clinic's name filters the log by it.
 */
export function AuditLogPage() {
  useDocumentTitle(ADMIN_CONSOLE_MESSAGES.auditTitle);
  const { filters, page, setFilters, setPage } = useAuditParams();
  const entries = useAuditEntries({ ...filters, page });
  const total = entries.data?.total ?? 0;
  const filteredClinic = filters.clinicId
    ? entries.data?.items.find((entry) => entry.clinicId === filters.clinicId)
    : undefined;

  const columns: Column<AdminAuditEntry>[] = [
    { header: 'When', cell: (entry) => formatLongDateTime(entry.createdAt) },
    {
      header: 'Action',
      cell: (entry) => <span className="font-medium">{auditActionLabel(entry.action)}</span>,
    },
    {
      header: 'Clinic',
      cell: (entry) =>
        entry.clinicId ? (
          <button
            type="button"
            className="rounded text-left font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-label={`Show only ${clinicNameOf(entry.clinicName)}`}
            onClick={() => setFilters({ clinicId: entry.clinicId ?? undefined })}
          >
            {clinicNameOf(entry.clinicName)}
          </button>
        ) : (
          <span className="text-slate-600">{ADMIN_CONSOLE_MESSAGES.auditPlatform}</span>
        ),
    },
    { header: 'By', cell: (entry) => entry.actorEmail ?? ADMIN_CONSOLE_MESSAGES.auditByProvider },
    { header: 'From', cell: (entry) => entry.ipAddress ?? '—' },
    {
      header: 'Details',
      cell: (entry) => <span className="text-slate-600">{detailsSummary(entry.details)}</span>,
    },
  ];

  return (
    <PageFrame title={ADMIN_CONSOLE_MESSAGES.auditTitle}>
      <AuditFilters filters={filters} onChange={setFilters}>
        {filters.clinicId ? (
          <Button variant="outline" onClick={() => setFilters({ clinicId: undefined })}>
            Clinic: {filteredClinic ? clinicNameOf(filteredClinic.clinicName) : 'chosen clinic'}
            <X className="h-4 w-4" aria-hidden />
            <span className="sr-only">(show every clinic)</span>
          </Button>
        ) : null}
      </AuditFilters>
      {entries.isError ? (
        <Alert tone="error">{ADMIN_CONSOLE_MESSAGES.auditFailed}</Alert>
      ) : (
        <Card className="p-3">
          <DataTable
            label={ADMIN_CONSOLE_MESSAGES.auditTitle}
            columns={columns}
            rows={entries.data?.items ?? []}
            rowKey={(entry) => entry.id}
            busy={entries.isPending}
            empty={ADMIN_CONSOLE_MESSAGES.auditEmpty}
          />
        </Card>
      )}
      <Pager
        label="Audit log pages"
        page={page}
        pageCount={Math.ceil(total / ADMIN_AUDIT_PAGE_SIZE)}
        onPage={setPage}
      />
    </PageFrame>
  );
}
