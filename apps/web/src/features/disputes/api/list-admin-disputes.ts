import { adminDisputesSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminDisputeKeys } from './keys';

/** GET /api/admin/disputes: every open dispute on the platform, and each clinic's dispute rate. */
export function listAdminDisputes() {
  return apiRequest('/admin/disputes', { schema: adminDisputesSchema });
}

/** The admin's Disputes page. */
export function useAdminDisputes() {
  return useQuery({ queryKey: adminDisputeKeys.all, queryFn: listAdminDisputes });
}
