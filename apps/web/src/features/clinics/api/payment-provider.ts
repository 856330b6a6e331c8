import { clinicResponseSchema, onboardingLinkResponseSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clinicKeys } from './get-clinic';

export function startConnection() {
  return apiRequest('/clinic/payment-provider/connect', {
    method: 'POST',
    schema: onboardingLinkResponseSchema,
  });
}

export function useStartConnection() {
  return useMutation({ mutationFn: startConnection });
}

export function refreshConnection() {
  return apiRequest('/clinic/payment-provider/refresh', { method: 'POST', schema: clinicResponseSchema });
}

export function useRefreshConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshConnection,
    onSuccess: (result) => queryClient.setQueryData(clinicKeys.current, result.clinic),
  });
}

export function disconnectProvider() {
  return apiRequest('/clinic/payment-provider/disconnect', { method: 'POST', schema: clinicResponseSchema });
}

export function useDisconnectProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectProvider,
    onSuccess: (result) => queryClient.setQueryData(clinicKeys.current, result.clinic),
  });
}
