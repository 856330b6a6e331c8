import { updateDetailsLinkResponseSchema } from '@clinicpay/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/clinic/payment-provider/update-details: where the browser goes to give the card provider
 * what it asks for (decision 0080). Throws ApiError: NO_PROVIDER_ACCOUNT, PAYMENTS_TURNED_OFF,
 * PROVIDER_UNAVAILABLE.
 */
export function requestUpdateDetailsLink() {
  return apiRequest('/clinic/payment-provider/update-details', {
    method: 'POST',
    schema: updateDetailsLinkResponseSchema,
  });
}

export function useUpdateProviderDetails() {
  return useMutation({ mutationFn: requestUpdateDetailsLink });
}
