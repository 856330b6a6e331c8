import {
  CLINIC_REFERENCE_MESSAGES,
  formatPence,
  REQUEST_LIST_MESSAGES as MESSAGES,
  REQUEST_FILTER_LABELS,
  REQUEST_FILTERS,
  REQUEST_STATE_LABELS,
  REQUEST_STATE_TONES,
  REQUESTS_PAGE_SIZE,
  type RequestFilter,
  type RequestSummary,
} from '@clinicpay/shared';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/layout/page-frame';
import { SearchBox } from '@/components/search-box';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { Label } from '@/components/ui/label';
import { Pager } from '@/components/ui/pager';
import { NativeSelect } from '@/components/ui/select';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatIsoDay } from '@/lib/london-days';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useRequests } from './api/list-requests';

/** A request's own page: the payment page of the dashboard, with its timeline and actions. */
const requestPath = (id: string) => `/dashboard/payments/${encodeURIComponent(id)}`;

const COLUMNS: Column<RequestSummary>[] = [
  {
    header: 'Patient',
    cell: (request) => (
      <Link to={requestPath(request.id)} className="font-medium underline-offset-2 hover:underline">
        {request.patientName}
      </Link>
    ),
  },
  {
    header: 'For',
    cell: (request) => (
      <>
        {request.title}
        {request.clinicReference ? (
          <span className="block text-xs text-slate-600">
            {CLINIC_REFERENCE_MESSAGES.yours}: {request.clinicReference}
          </span>
        ) : null}
      </>
    ),
  },
  {
    header: 'Amount',
    align: 'right',
    cell: (request) => (request.amount === null ? '—' : formatPence(request.amount)),
  },
  { header: 'Sent', cell: (request) => formatDate(request.sentAt) },
  {
    header: 'Status',
    cell: (request) => (
      <Badge tone={REQUEST_STATE_TONES[request.state]}>{REQUEST_STATE_LABELS[request.state]}</Badge>
    ),
  },
  { header: 'Opened', cell: (request) => (request.viewedAt ? formatDateTime(request.viewedAt) : '—') },
  {
    header: 'Reminded',
    cell: (request) => (request.lastRemindedAt ? formatDateTime(request.lastRemindedAt) : '—'),
  },
  {
    header: 'Last day to pay',
    cell: (request) => (request.expiresOn ? formatIsoDay(request.expiresOn) : '—'),
  },
];

const filterOf = (value: string | null): RequestFilter | null =>
  REQUEST_FILTERS.find((filter) => filter === value) ?? null;

/**
 * /dashboard/requests (GET /api/payment-requests; docs/decisions/0105-request-and-link-lifetimes.md):
 * every request the clinic sent, newest first, filtered by where it stands (waiting, opened, reminded,
 * paid, expired, cancelled) and searched by patient on the server, the filter, search and page kept in
 * the address. A row opens the request's page, with its timeline, Resend, Send reminder and Cancel.
 */
export function RequestsPage() {
  useDocumentTitle(MESSAGES.title);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const status = filterOf(params.get('status'));
  const search = params.get('search') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const requests = useRequests(status, search, page);
  const total = requests.data?.total ?? 0;
  /** Changes the filter or the search, back to the first page. */
  const show = (changes: { status?: RequestFilter | null; search?: string }) => {
    const next = new URLSearchParams();
    const nextStatus = changes.status === undefined ? status : changes.status;
    const nextSearch = changes.search ?? search;
    if (nextStatus) next.set('status', nextStatus);
    if (nextSearch) next.set('search', nextSearch);
    setParams(next, { replace: true });
  };

  return (
    <PageFrame
      title={MESSAGES.title}
      description={MESSAGES.description}
      actions={
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="request-filter">{MESSAGES.filterLabel}</Label>
            <NativeSelect
              id="request-filter"
              value={status ?? ''}
              onChange={(event) => show({ status: filterOf(event.currentTarget.value) })}
            >
              <option value="">{MESSAGES.allRequests}</option>
              {REQUEST_FILTERS.map((filter) => (
                <option key={filter} value={filter}>
                  {REQUEST_FILTER_LABELS[filter]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <SearchBox
            id="request-search"
            label={MESSAGES.searchLabel}
            placeholder="Name, email or phone"
            value={search}
            onSearch={(next) => show({ search: next })}
          />
        </div>
      }
    >
      {requests.isError ? <Alert tone="error">{requests.error.message}</Alert> : null}
      <Card className="p-3">
        <DataTable
          label={MESSAGES.title}
          columns={COLUMNS}
          rows={requests.data?.items ?? []}
          rowKey={(request) => request.id}
          onRowClick={(request) => navigate(requestPath(request.id))}
          empty={
            requests.isPending
              ? 'Loading requests...'
              : total > 0
                ? MESSAGES.pastTheEnd
                : search || status
                  ? MESSAGES.noMatches
                  : MESSAGES.noRequests
          }
          busy={requests.isFetching}
          cardsBelow="lg"
        />
      </Card>
      <Pager
        label="Request pages"
        page={page}
        pageCount={Math.ceil(total / REQUESTS_PAGE_SIZE)}
        onPage={(next) => {
          const updated = new URLSearchParams(params);
          updated.set('page', String(next));
          setParams(updated);
        }}
      />
    </PageFrame>
  );
}
