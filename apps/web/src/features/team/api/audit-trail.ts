/** The owner's audit trail of their clinic (decision 0124), filtered and paged on the server. */
import { adminAuditPageSchema } from '@clinicpay/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface AuditTrailFilters {
  action?: string;
  from?: string;
  to?: string;
  page: number;
}

/** One page of the clinic's entries, newest first. */
export function useAuditTrail(filters: AuditTrailFilters) {
  return useQuery({
    queryKey: ['clinic-audit', filters],
    queryFn: () => {
      const params = new URLSearchParams({ page: String(filters.page) });
      for (const key of ['action', 'from', 'to'] as const) {
        const value = filters[key];
        if (value) params.set(key, value);
      }
      return apiRequest(`/clinic/audit?${params}`, { schema: adminAuditPageSchema });
    },
    placeholderData: keepPreviousData,
  });
}
