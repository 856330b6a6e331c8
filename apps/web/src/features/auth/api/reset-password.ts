import {
  AUTH_MESSAGES,
  type EmailRequest,
  messageResponseSchema,
  type ResetPasswordRequest,
  type ResetTokenQuery,
} from '@clinicpay/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function requestPasswordReset(input: EmailRequest) {
  return apiRequest('/auth/forgot-password', {
    method: 'POST',
    body: input,
    schema: messageResponseSchema,
    fallback: AUTH_MESSAGES.resetSendFailed,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** The query keys of this file. */
export const resetTokenKeys = {
  check: (query: ResetTokenQuery | null) => ['reset-token', query] as const,
};

export function checkResetToken(query: ResetTokenQuery) {
  return apiRequest(`/auth/reset-password?${new URLSearchParams(query)}`, { schema: messageResponseSchema });
}

/** Checks the link's token once; disabled when the link lacks token or userId. */
export function useResetTokenCheck(query: ResetTokenQuery | null) {
  return useQuery({
    queryKey: resetTokenKeys.check(query),
    queryFn: () => checkResetToken(query as ResetTokenQuery),
    enabled: query !== null,
    retry: false,
  });
}

export function resetPassword(input: ResetPasswordRequest) {
  return apiRequest('/auth/reset-password', {
    method: 'POST',
    body: input,
    schema: messageResponseSchema,
    fallback: AUTH_MESSAGES.passwordUpdateFailed,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
