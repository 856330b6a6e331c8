import { type PublicPaymentData, publicPaymentDataSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetch, apiRequest } from '@/lib/api-client';

export function getPaymentPage(id: string) {
  return apiRequest(`/public/payments/${encodeURIComponent(id)}`, { schema: publicPaymentDataSchema });
}

/**
 * The public payment data of a request or link id (docs/product.md#public-payment-data); disabled
 * without an id.
 */
export function usePaymentPage(id: string | undefined) {
  return useQuery({
    queryKey: ['payment-page', id],
    queryFn: () => getPaymentPage(id ?? ''),
    enabled: Boolean(id),
    retry: false,
  });
}

/**
 * Tells the clinic the patient opened its request's page (docs/decisions/0105-request-and-link-lifetimes.md):
 * one POST per page load, once the data shows it is an open request; reading the page writes nothing. A
 * failure is of no concern to the patient and is left unsaid.
 */
export function useRecordViewed(page: PublicPaymentData | undefined) {
  const id = page?.isRequest && page.payability === 'payable' ? page.id : null;
  useEffect(() => {
    if (!id) return;
    apiFetch(`/public/payments/${encodeURIComponent(id)}/viewed`, { method: 'POST' }).catch(() => {});
  }, [id]);
}
