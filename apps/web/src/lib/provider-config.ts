import { providerConfigResponseSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export function getProviderConfig() {
  return apiRequest('/payment-provider/config', { schema: providerConfigResponseSchema });
}

/**
 * Which card provider is in use (get-stripe-public-key, docs/product.md#server-calls); the sandbox is
 * marked wherever it is.
 */
export function useProviderConfig() {
  return useQuery({ queryKey: ['payment-provider-config'], queryFn: getProviderConfig, staleTime: Infinity });
}
