import { platformFeeResponseSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

export const platformFeeKeys = { current: [...adminKeys.all, 'platform-fee'] as const };

export function getPlatformFee() {
  return apiRequest('/platform-settings/fee', { schema: platformFeeResponseSchema });
}

/** The platform fee percent as text with one decimal, e.g. '3.0'. */
export function usePlatformFee() {
  return useQuery({ queryKey: platformFeeKeys.current, queryFn: getPlatformFee });
}
