/** Two-factor sign-in's calls (decision 0122): the second step of a sign-in, and turning it on and off. */
import {
  messageResponseSchema,
  recoveryCodesSchema,
  signInResponseSchema,
  type TwoFactorCodeRequest,
  type TwoFactorDisableRequest,
  type TwoFactorPasswordRequest,
  type TwoFactorSignInRequest,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@clinicpay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionKeys } from './session';

const statusKey = ['two-factor'] as const;

/** The second step of a sign-in: a TOTP code or a recovery code. The session is the answer's user. */
export function useTwoFactorSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorSignInRequest) =>
      apiRequest('/auth/two-factor/sign-in', { method: 'POST', body: input, schema: signInResponseSchema }),
    onSuccess: (result) => {
      if ('user' in result) queryClient.setQueryData(sessionKeys.current, { user: result.user });
    },
  });
}

/** Whether two-factor sign-in is on, and whether the account must use it. */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: statusKey,
    queryFn: () => apiRequest('/auth/two-factor', { schema: twoFactorStatusSchema }),
  });
}

/** After a change, the status and the session (which carries whether it is on) are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: statusKey }),
      queryClient.invalidateQueries({ queryKey: sessionKeys.current }),
    ]);
}

/** Starts the setup with the password: the QR code, the secret and the recovery codes. */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (input: TwoFactorPasswordRequest) =>
      apiRequest('/auth/two-factor/enable', { method: 'POST', body: input, schema: twoFactorSetupSchema }),
  });
}

/** Confirms the app with its first code, which turns two-factor sign-in on. */
export function useConfirmTwoFactor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: TwoFactorCodeRequest) =>
      apiRequest('/auth/two-factor/confirm', { method: 'POST', body: input, schema: messageResponseSchema }),
    onSuccess: refresh,
  });
}

/** Turns two-factor sign-in off with the password and a current code. */
export function useDisableTwoFactor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: TwoFactorDisableRequest) =>
      apiRequest('/auth/two-factor/disable', { method: 'POST', body: input, schema: messageResponseSchema }),
    onSuccess: refresh,
  });
}

/** Makes new recovery codes (the old ones stop working). */
export function useRenewRecoveryCodes() {
  return useMutation({
    mutationFn: (input: TwoFactorPasswordRequest) =>
      apiRequest('/auth/two-factor/recovery-codes', {
        method: 'POST',
        body: input,
        schema: recoveryCodesSchema,
      }),
  });
}
