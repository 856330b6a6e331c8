import { dashboardLinkResponseSchema } from '@clinicpay/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/clinic/payment-provider/dashboard-link: a one-time link into the provider's Express dashboard. */
export function createDashboardLink() {
  return apiRequest('/clinic/payment-provider/dashboard-link', {
    method: 'POST',
    schema: dashboardLinkResponseSchema,
  });
}

/** Asks for a dashboard link; the caller leaves for it. */
export function useDashboardLink() {
  return useMutation({ mutationFn: createDashboardLink });
}
