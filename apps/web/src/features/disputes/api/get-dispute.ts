import { disputeDetailSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { disputeKeys } from './keys';

/** GET /api/disputes/:disputeId: the dispute, what ClinicPay knows, and the clinic's evidence so far. */
export function getDispute(disputeId: string) {
  return apiRequest(`/disputes/${encodeURIComponent(disputeId)}`, { schema: disputeDetailSchema });
}

/** One dispute for its page; 404 DISPUTE_NOT_FOUND when it is not the clinic's. */
export function useDispute(disputeId: string) {
  return useQuery({ queryKey: disputeKeys.detail(disputeId), queryFn: () => getDispute(disputeId) });
}
