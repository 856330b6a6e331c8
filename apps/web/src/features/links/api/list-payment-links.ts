import { paymentLinkPageSchema } from '@clinicpay/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type LinkView = 'active' | 'archived';

/** The dashboard card shows three links a page (spec §9). */
export const LINKS_PAGE_SIZE = 3;

export const linksQueryKey = (view: LinkView, page: number) => ['payment-links', view, page] as const;

export function listPaymentLinks(view: LinkView, page: number) {
  const query = new URLSearchParams({ view, page: String(page), pageSize: String(LINKS_PAGE_SIZE) });
  return apiRequest(`/payment-links?${query}`, { schema: paymentLinkPageSchema });
}

export function usePaymentLinks(view: LinkView, page: number) {
  return useQuery({
    queryKey: linksQueryKey(view, page),
    queryFn: () => listPaymentLinks(view, page),
    placeholderData: keepPreviousData,
  });
}
