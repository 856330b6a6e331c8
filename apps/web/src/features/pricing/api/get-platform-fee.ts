import {
  basisPointsToPercentText,
  DEFAULT_PLATFORM_FEE_BASIS_POINTS,
  platformFeeResponseSchema,
} from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const DEFAULT_FEE_PERCENT = basisPointsToPercentText(DEFAULT_PLATFORM_FEE_BASIS_POINTS);

/** The pricing feature's query keys. */
export const pricingKeys = { platformFee: ['platform-fee'] as const };

export function getPlatformFee() {
  return apiRequest('/platform-settings/fee', { schema: platformFeeResponseSchema });
}

/**
 * The public platform fee percent as text ('3.0'). While loading, and when loading fails, the percent is the
 * default 3.0 (docs/product.md#messages-reports); `isError` tells the page to show the error message.
 */
export function usePlatformFee() {
  const query = useQuery({ queryKey: pricingKeys.platformFee, queryFn: getPlatformFee, retry: 1 });
  return {
    percent: query.data?.platformFeePercent ?? DEFAULT_FEE_PERCENT,
    isLoading: query.isPending,
    isError: query.isError,
  };
}
