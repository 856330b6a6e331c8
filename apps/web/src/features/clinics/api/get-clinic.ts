import { clinicResponseSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The clinics feature's query keys. */
export const clinicKeys = { current: ['clinic'] as const };

/**
 * How often the clinic is read again while the card provider checks its details (status verifying,
 * decision 0080): usually a matter of minutes, and the clinic waits on the answer to take payments.
 */
export const VERIFYING_POLL_MS = 3000;

export function getClinic() {
  return apiRequest('/clinic', { schema: clinicResponseSchema }).then((result) => result.clinic);
}

/** The signed-in user's clinic; read again every few seconds while its provider account is verifying. */
export function useClinic() {
  return useQuery({
    queryKey: clinicKeys.current,
    queryFn: getClinic,
    refetchInterval: (query) => (query.state.data?.stripeStatus === 'verifying' ? VERIFYING_POLL_MS : false),
  });
}
