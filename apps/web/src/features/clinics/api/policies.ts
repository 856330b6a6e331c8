import {
  clinicPoliciesSchema,
  type PolicyInput,
  type PolicyKind,
  policyResponseSchema,
} from '@clinicpay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const policyKeys = { current: ['clinic', 'policies'] as const };

/** GET /api/clinic/policies: the cancellation policy and no-show fee in force (null where none). */
export function useClinicPolicies() {
  return useQuery({
    queryKey: policyKeys.current,
    queryFn: () => apiRequest('/clinic/policies', { schema: clinicPoliciesSchema }),
  });
}

/** PUT /api/clinic/policies/:kind: saves the policy as a new version when its terms changed. */
export function useSavePolicy(kind: PolicyKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PolicyInput) =>
      apiRequest(`/clinic/policies/${kind}`, { method: 'PUT', body: input, schema: policyResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policyKeys.current }),
  });
}

/** DELETE /api/clinic/policies/:kind: turns the policy off. */
export function useTurnOffPolicy(kind: PolicyKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/clinic/policies/${kind}`, { method: 'DELETE', schema: policyResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policyKeys.current }),
  });
}
