import {
  type EmailRequest,
  messageResponseSchema,
  resendResponseSchema,
  type VerifyEmailRequest,
} from '@clinicpay/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function verifyEmail(input: VerifyEmailRequest) {
  return apiRequest('/auth/verify-email', { method: 'POST', body: input, schema: messageResponseSchema });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}

export function resendVerification(input: EmailRequest) {
  return apiRequest('/auth/resend-verification', {
    method: 'POST',
    body: input,
    schema: resendResponseSchema,
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
