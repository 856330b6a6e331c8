import { patientListSchema } from '@clinicpay/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { patientKeys } from './keys';

/** GET /api/patients?search=&page=: a page of the clinic's patients, by name. */
export function listPatients(search: string, page: number) {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set('search', search);
  return apiRequest(`/patients?${query}`, { schema: patientListSchema });
}

/** The Patients page's list; the previous page stays on screen while the next one loads. */
export function usePatients(search: string, page: number) {
  return useQuery({
    queryKey: patientKeys.list(search, page),
    queryFn: () => listPatients(search, page),
    placeholderData: keepPreviousData,
  });
}
