import { type PlatformFeeUpdate, platformFeeUpdateResponseSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { platformFeeKeys } from './get-platform-fee';
import { platformFeeHistoryKeys } from './get-platform-fee-history';

export function updatePlatformFee(update: PlatformFeeUpdate) {
  return apiRequest('/admin/platform-settings/fee', {
    method: 'PUT',
    body: update,
    schema: platformFeeUpdateResponseSchema,
  });
}

/** Sets the platform fee (0–100, one decimal); payments started after it use the new fee. */
export function useUpdatePlatformFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlatformFee,
    onSuccess: (result) => {
      queryClient.setQueryData(platformFeeKeys.current, { platformFeePercent: result.platformFeePercent });
      return queryClient.invalidateQueries({ queryKey: platformFeeHistoryKeys.all });
    },
  });
}
