import { type RequestFilter, requestListSchema } from '@clinicpay/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { shows } from '@/lib/server-data';
import { requestKeys } from './send-payment-request';

/** GET /api/payment-requests?status=&search=&page=: a page of the clinic's requests, newest first. */
export function listRequests(status: RequestFilter | null, search: string, page: number) {
  const query = new URLSearchParams({ page: String(page) });
  if (status) query.set('status', status);
  if (search) query.set('search', search);
  return apiRequest(`/payment-requests?${query}`, { schema: requestListSchema });
}

/** The Requests page's list; the previous page stays on screen while the next one loads. */
export function useRequests(status: RequestFilter | null, search: string, page: number) {
  return useQuery({
    queryKey: [...requestKeys.all, 'list', status, search, page],
    queryFn: () => listRequests(status, search, page),
    placeholderData: keepPreviousData,
    meta: shows('payment-requests', 'payments'),
  });
}
