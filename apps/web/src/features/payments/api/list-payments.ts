import {
  HISTORY_STATUSES,
  type HistoryStatus,
  PAYMENT_TYPES,
  type PaymentType,
  paymentHistoryPageSchema,
} from '@clinicpay/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { shows } from '@/lib/server-data';

/** The history filters as the browser holds them (docs/product.md#constants, "search and filters"). */
export interface PaymentListFilters {
  search?: string;
  /** YYYY-MM-DD, Europe/London, first day included. */
  from?: string;
  /** YYYY-MM-DD, Europe/London, last day included. */
  to?: string;
  type: 'all' | PaymentType;
  status: 'all' | HistoryStatus;
}

export interface PaymentListQuery extends PaymentListFilters {
  page: number;
  pageSize: number;
  /** A page's nextCursor or previousCursor: the server reads that page from there, however deep. */
  cursor?: string;
}

export const NO_FILTERS: PaymentListFilters = { type: 'all', status: 'all' };
export const TYPE_FILTERS = ['all', ...PAYMENT_TYPES] as const;
export const STATUS_FILTERS = ['all', ...HISTORY_STATUSES] as const;

/** Every payments query starts with 'payments', so one invalidation refreshes them all. */
export const paymentListKeys = {
  all: ['payments', 'list'] as const,
  list: (query: PaymentListQuery) => [...paymentListKeys.all, query] as const,
};

/** The filters as query parameters; 'all' and blanks are left out, as the server defaults them. */
export function filterParams(filters: PaymentListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search?.trim()) params.set('search', filters.search.trim());
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.type !== 'all') params.set('type', filters.type);
  if (filters.status !== 'all') params.set('status', filters.status);
  return params;
}

export function listPayments(query: PaymentListQuery) {
  const params = filterParams(query);
  params.set('page', String(query.page));
  params.set('pageSize', String(query.pageSize));
  if (query.cursor) params.set('cursor', query.cursor);
  return apiRequest(`/payments?${params}`, { schema: paymentHistoryPageSchema });
}

/** The clinic's payments and unpaid requests, newest first, filtered and paginated on the server. */
export function usePayments(query: PaymentListQuery) {
  return useQuery({
    queryKey: paymentListKeys.list(query),
    meta: shows('payments', 'payment-requests'),
    queryFn: () => listPayments(query),
    placeholderData: keepPreviousData,
  });
}
