import { AUTH_MESSAGES, messageResponseSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { apiRequest } from '@/lib/api-client';
import { forgetPendingVerification } from '@/lib/browser-storage';

export function signOut() {
  return apiRequest('/auth/sign-out', { method: 'POST', schema: messageResponseSchema });
}

/**
 * Ends the session on the server, forgets what the browser kept, and goes to /sign-in
 * (docs/product.md#states-account).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      forgetPendingVerification();
      queryClient.clear();
      toast.success(AUTH_MESSAGES.signedOut);
      navigate('/sign-in', { replace: true });
    },
  });
}
