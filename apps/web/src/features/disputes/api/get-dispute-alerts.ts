import { disputeAlertsSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { shows } from '@/lib/server-data';
import { disputeKeys } from './keys';

/** GET /api/disputes/alerts: open disputes still needing a response, and unhandled fraud warnings. */
export function getDisputeAlerts() {
  return apiRequest('/disputes/alerts', { schema: disputeAlertsSchema });
}

/**
 * What the dashboard's dispute banner shows. It shows payments too: a refund made from the payments
 * list settles a fraud warning, so it refreshes with them.
 */
export function useDisputeAlerts() {
  return useQuery({ queryKey: disputeKeys.alerts(), queryFn: getDisputeAlerts, meta: shows('payments') });
}
