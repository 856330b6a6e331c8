import { publicTermsSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** One version of a clinic's payment terms, as a receipt links to it (docs/decisions/0107-payment-terms.md). */
export function usePaymentTerms(termsId: string) {
  return useQuery({
    queryKey: ['payment-terms', termsId],
    queryFn: () =>
      apiRequest(`/public/clinic-terms/${encodeURIComponent(termsId)}`, { schema: publicTermsSchema }),
    retry: false,
  });
}
