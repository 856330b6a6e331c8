import { clinicResponseSchema, type RequestSettingsUpdate } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clinicKeys } from './get-clinic';

export function updateRequestSettings(input: RequestSettingsUpdate) {
  return apiRequest('/clinic/request-settings', {
    method: 'PATCH',
    body: input,
    schema: clinicResponseSchema,
  });
}

/** Saves Settings → Requests; the clinic's cached answer becomes the saved one. */
export function useUpdateRequestSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRequestSettings,
    onSuccess: (result) => queryClient.setQueryData(clinicKeys.current, result.clinic),
  });
}
