import { clinicResponseSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The clinics feature's query keys. */
export const clinicKeys = { current: ['clinic'] as const };

export function getClinic() {
  return apiRequest('/clinic', { schema: clinicResponseSchema }).then((result) => result.clinic);
}

/** The signed-in user's clinic. */
export function useClinic() {
  return useQuery({ queryKey: clinicKeys.current, queryFn: getClinic });
}
