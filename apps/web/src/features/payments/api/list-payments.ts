import { paymentPageSchema } from '@clinicpay/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const RECENT_PAYMENTS_PAGE_SIZE = 10;

export function listPayments(page: number) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(RECENT_PAYMENTS_PAGE_SIZE) });
  return apiRequest(`/payments?${query}`, { schema: paymentPageSchema });
}

/** The clinic's payments and unpaid requests, newest first, a page at a time (paginated on the server). */
export function usePayments(page: number) {
  return useQuery({
    queryKey: ['payments', page],
    queryFn: () => listPayments(page),
    placeholderData: keepPreviousData,
  });
}
