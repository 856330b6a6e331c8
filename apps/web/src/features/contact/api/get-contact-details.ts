import { CONTACT_HOURS, contactDetailsResponseSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The contact feature's query keys. */
export const contactKeys = { details: ['contact-details'] as const };

export function getContactDetails() {
  return apiRequest('/contact/details', { schema: contactDetailsResponseSchema });
}

/** Support email, phone and hours; hours are known before the details load. */
export function useContactDetails() {
  const query = useQuery({ queryKey: contactKeys.details, queryFn: getContactDetails, staleTime: Infinity });
  return { details: query.data, hours: query.data?.hours ?? CONTACT_HOURS };
}
