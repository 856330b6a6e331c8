import { clinicRevenueSchema, type RevenueInterval } from '@clinicpay/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { shows } from '@/lib/server-data';

export const revenueKeys = {
  byInterval: (interval: RevenueInterval) => ['payments', 'revenue', interval] as const,
};

/** GET /api/payments/revenue: gross and net per day, week or month beside the period before (pence). */
export function getRevenue(interval: RevenueInterval) {
  return apiRequest(`/payments/revenue?interval=${interval}`, { schema: clinicRevenueSchema });
}

/** The revenue chart's data; the last interval's stays on screen while another loads. */
export function useRevenue(interval: RevenueInterval) {
  return useQuery({
    queryKey: revenueKeys.byInterval(interval),
    queryFn: () => getRevenue(interval),
    placeholderData: keepPreviousData,
    meta: shows('payments'),
  });
}
