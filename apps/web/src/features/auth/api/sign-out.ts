import { AUTH_MESSAGES, messageResponseSchema } from '@clinicpay/shared';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '@/lib/api-client';
import { forgetPendingVerification } from '@/lib/browser-storage';
import { carryToasts } from '@/lib/carried-toasts';

export function signOut() {
  return apiRequest('/auth/sign-out', { method: 'POST', schema: messageResponseSchema });
}

/**
 * Ends the session on the server, forgets what the browser kept, and goes to /sign-in
 * (docs/product.md#states-account). /sign-in is the public site's page (site.html, decision 0127), so it
 * is loaded in full, which also drops everything this page held, and the toast goes with it
 * (lib/carried-toasts.ts). Nothing here reads the session again meanwhile, so the route guards do not
 * send the user elsewhere first.
 */
export function useSignOut() {
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      forgetPendingVerification();
      toast.success(AUTH_MESSAGES.signedOut);
      carryToasts();
      window.location.replace('/sign-in');
    },
  });
}
