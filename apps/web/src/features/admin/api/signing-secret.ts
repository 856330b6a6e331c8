import { webhookSigningSecretSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { notificationWebhooksKeys } from './get-notification-webhooks';

const SECRET_URL = '/admin/system-settings/webhooks/signing-secret';

/** The whole signing secret; the server audits each reveal and answers it uncached (decision 0098). */
export function revealSigningSecret() {
  return apiRequest(`${SECRET_URL}/reveal`, { method: 'POST', schema: webhookSigningSecretSchema });
}

/**
 * A mutation, not a query: a reveal is an audited action taken on a click, never cached or refetched
 * in the background.
 */
export function useRevealSigningSecret() {
  return useMutation({ mutationFn: revealSigningSecret });
}

export function rotateSigningSecret() {
  return apiRequest(`${SECRET_URL}/rotate`, { method: 'POST', schema: webhookSigningSecretSchema });
}

/** Replaces the signing secret with a new one and refreshes the masked form the page shows. */
export function useRotateSigningSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateSigningSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationWebhooksKeys.current }),
  });
}
