import { AUTH_MESSAGES, type SignUpRequest, signUpResponseSchema } from '@clinicpay/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function signUp(input: SignUpRequest) {
  return apiRequest('/auth/sign-up', {
    method: 'POST',
    body: input,
    schema: signUpResponseSchema,
    fallback: AUTH_MESSAGES.signUpUnexpected,
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
