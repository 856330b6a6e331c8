import { paymentLinkPageSchema } from '@clinicpay/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { shows } from '@/lib/server-data';

export type LinkView = 'active' | 'archived';

/** The dashboard card shows three links a page (docs/product.md#constants). */
export const LINKS_PAGE_SIZE = 3;

/** The links feature's query keys: every one starts with linkKeys.all. */
export const linkKeys = {
  all: ['payment-links'] as const,
  page: (view: LinkView, page: number) => [...linkKeys.all, view, page] as const,
};

export function listPaymentLinks(view: LinkView, page: number) {
  const query = new URLSearchParams({ view, page: String(page), pageSize: String(LINKS_PAGE_SIZE) });
  return apiRequest(`/payment-links?${query}`, { schema: paymentLinkPageSchema });
}

export function usePaymentLinks(view: LinkView, page: number) {
  return useQuery({
    queryKey: linkKeys.page(view, page),
    meta: shows('payment-links'),
    queryFn: () => listPaymentLinks(view, page),
    placeholderData: keepPreviousData,
  });
}
