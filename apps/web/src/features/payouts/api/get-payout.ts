import { payoutDetailSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { payoutKeys } from './keys';

/** GET /api/payouts/:payoutId: the payout and every line paid out in it. */
export function getPayout(payoutId: string) {
  return apiRequest(`/payouts/${encodeURIComponent(payoutId)}`, { schema: payoutDetailSchema });
}

/** One payout for its page; 404 PAYOUT_NOT_FOUND when it is not the clinic's. */
export function usePayout(payoutId: string) {
  return useQuery({ queryKey: payoutKeys.detail(payoutId), queryFn: () => getPayout(payoutId) });
}
