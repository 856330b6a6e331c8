import { type ClinicProfileUpdate, clinicResponseSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clinicKeys } from './get-clinic';

export function updateClinicProfile(input: ClinicProfileUpdate) {
  return apiRequest('/clinic', { method: 'PATCH', body: input, schema: clinicResponseSchema });
}

export function useUpdateClinicProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClinicProfile,
    onSuccess: (result) => queryClient.setQueryData(clinicKeys.current, result.clinic),
  });
}
