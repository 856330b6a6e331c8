import { type AdminStatsQuery, adminStatsSchema } from '@clinicpay/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

export const adminStatsKeys = {
  all: [...adminKeys.all, 'stats'] as const,
  range: (range: AdminStatsQuery) => [...adminStatsKeys.all, range] as const,
};

export function getAdminStats(range: AdminStatsQuery) {
  const params = new URLSearchParams();
  if (range.from && range.to) {
    params.set('from', range.from);
    params.set('to', range.to);
  }
  return apiRequest(`/admin/stats?${params}`, { schema: adminStatsSchema });
}

/** The admin dashboard's figures for a London day range, or all time; amounts in pence. */
export function useAdminStats(range: AdminStatsQuery) {
  return useQuery({
    queryKey: adminStatsKeys.range(range),
    queryFn: () => getAdminStats(range),
    placeholderData: keepPreviousData,
  });
}
