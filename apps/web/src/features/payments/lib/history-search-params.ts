import { historyCursorSchema, MAX_SEARCH_LENGTH } from '@clinicpay/shared';
import { fromIsoDay } from '@/lib/date-ranges';
import { type PaymentListFilters, STATUS_FILTERS, TYPE_FILTERS } from '../api/list-payments';

/** The history's filters and page, kept in the address so a reload or a shared link keeps them. */
export interface HistoryView extends PaymentListFilters {
  page: number;
  /** Where the server reads the page from (reached by Next or Previous); none on page 1. */
  cursor?: string;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** Reads the address leniently: anything malformed falls back to its default rather than failing. */
export function historyViewFrom(params: URLSearchParams): HistoryView {
  const from = params.get('from');
  const to = params.get('to');
  const validRange = fromIsoDay(from) && fromIsoDay(to) && (from ?? '') <= (to ?? '');
  const page = Number(params.get('page'));
  const cursor = historyCursorSchema.safeParse(params.get('cursor'));
  return {
    search: params.get('search')?.slice(0, MAX_SEARCH_LENGTH) || undefined,
    from: validRange ? (from ?? undefined) : undefined,
    to: validRange ? (to ?? undefined) : undefined,
    type: oneOf(TYPE_FILTERS, params.get('type'), 'all'),
    status: oneOf(STATUS_FILTERS, params.get('status'), 'all'),
    page: Number.isInteger(page) && page > 1 ? page : 1,
    cursor: cursor.success && page > 1 ? cursor.data : undefined,
  };
}

export function historySearchParams(view: HistoryView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.search) params.set('search', view.search);
  if (view.from && view.to) {
    params.set('from', view.from);
    params.set('to', view.to);
  }
  if (view.type !== 'all') params.set('type', view.type);
  if (view.status !== 'all') params.set('status', view.status);
  if (view.page > 1) params.set('page', String(view.page));
  if (view.page > 1 && view.cursor) params.set('cursor', view.cursor);
  return params;
}
