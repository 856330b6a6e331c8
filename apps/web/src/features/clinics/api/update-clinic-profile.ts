import { type ClinicProfileUpdate, clinicResponseSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { CLINIC_QUERY_KEY } from './get-clinic';

export function updateClinicProfile(input: ClinicProfileUpdate) {
  return apiRequest('/clinic', { method: 'PATCH', body: input, schema: clinicResponseSchema });
}

export function useUpdateClinicProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClinicProfile,
    onSuccess: (result) => queryClient.setQueryData(CLINIC_QUERY_KEY, result.clinic),
  });
}
