import { platformFeeHistorySchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { platformFeeKeys } from './get-platform-fee';

export const platformFeeHistoryKeys = { all: [...platformFeeKeys.current, 'history'] as const };

export function getPlatformFeeHistory() {
  return apiRequest('/admin/platform-settings/fee/history', { schema: platformFeeHistorySchema });
}

/** The newest platform fee changes: when, who, from → to (decision 0098). */
export function usePlatformFeeHistory() {
  return useQuery({ queryKey: platformFeeHistoryKeys.all, queryFn: getPlatformFeeHistory });
}
