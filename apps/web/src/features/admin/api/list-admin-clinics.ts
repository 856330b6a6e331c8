import { adminClinicPageSchema } from '@clinicpay/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

export interface AdminClinicsQuery {
  search?: string;
  page: number;
  pageSize?: number;
}

export const adminClinicsKeys = {
  all: [...adminKeys.all, 'clinics'] as const,
  list: (query: AdminClinicsQuery) => [...adminClinicsKeys.all, 'list', query] as const,
};

export function listAdminClinics(query: AdminClinicsQuery) {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.search?.trim()) params.set('search', query.search.trim());
  if (query.pageSize) params.set('pageSize', String(query.pageSize));
  return apiRequest(`/admin/clinics?${params}`, { schema: adminClinicPageSchema });
}

/** One page of clinics, newest first, searched by name or any of its emails on the server. */
export function useAdminClinics(query: AdminClinicsQuery) {
  return useQuery({
    queryKey: adminClinicsKeys.list(query),
    queryFn: () => listAdminClinics(query),
    placeholderData: keepPreviousData,
  });
}
