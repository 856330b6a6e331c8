import { type TermsInput, termsResponseSchema } from '@clinicpay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const termsKeys = { current: ['clinic', 'terms'] as const };

/** GET /api/clinic/terms: the payment terms in force (docs/decisions/0107-payment-terms.md), or null. */
export function useClinicTerms() {
  return useQuery({
    queryKey: termsKeys.current,
    queryFn: () =>
      apiRequest('/clinic/terms', { schema: termsResponseSchema }).then((answer) => answer.terms),
  });
}

/** PUT /api/clinic/terms: saves the terms as a new version when their words changed. */
export function useSaveTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TermsInput) =>
      apiRequest('/clinic/terms', { method: 'PUT', body: input, schema: termsResponseSchema }),
    onSuccess: (answer) => queryClient.setQueryData(termsKeys.current, answer.terms),
  });
}

/** DELETE /api/clinic/terms: turns the terms off; patients then pay without them. */
export function useTurnOffTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/clinic/terms', { method: 'DELETE', schema: termsResponseSchema }),
    onSuccess: () => queryClient.setQueryData(termsKeys.current, null),
  });
}
