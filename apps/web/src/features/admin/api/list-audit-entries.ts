import { adminAuditPageSchema } from '@clinicpay/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

export interface AuditFilters {
  action?: string;
  clinicId?: string;
  from?: string;
  to?: string;
  page: number;
}

export const auditKeys = {
  all: [...adminKeys.all, 'audit'] as const,
  list: (filters: AuditFilters) => [...auditKeys.all, filters] as const,
};

export function listAuditEntries(filters: AuditFilters) {
  const params = new URLSearchParams({ page: String(filters.page) });
  for (const key of ['action', 'clinicId', 'from', 'to'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return apiRequest(`/admin/audit?${params}`, { schema: adminAuditPageSchema });
}

/** One page of the audit log, filtered and paged on the server (decision 0098). */
export function useAuditEntries(filters: AuditFilters) {
  return useQuery({
    queryKey: auditKeys.list(filters),
    queryFn: () => listAuditEntries(filters),
    placeholderData: keepPreviousData,
  });
}
