import { disputeListSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { disputeKeys } from './keys';

/** GET /api/disputes: the clinic's disputes, open first, then closed, newest first. */
export function listDisputes() {
  return apiRequest('/disputes', { schema: disputeListSchema });
}

/** The clinic's disputes, as the Disputes page lists them. */
export function useDisputes() {
  return useQuery({ queryKey: disputeKeys.list(), queryFn: listDisputes });
}
