import { payoutsOverviewSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { shows } from '@/lib/server-data';
import { payoutKeys } from './keys';

/** GET /api/payouts: the connected account's balance and its latest payouts, newest first. */
export function getPayoutsOverview() {
  return apiRequest('/payouts', { schema: payoutsOverviewSchema });
}

/**
 * The Payouts page's balance and payouts; 409 CLINIC_NOT_CONNECTED without an account. A payment or a
 * refund changes the balance, so it refreshes with payments.
 */
export function usePayoutsOverview() {
  return useQuery({ queryKey: payoutKeys.overview(), queryFn: getPayoutsOverview, meta: shows('payments') });
}
