import { type ChangePasswordRequest, messageResponseSchema } from '@clinicpay/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function changePassword(input: ChangePasswordRequest) {
  return apiRequest('/auth/change-password', { method: 'POST', body: input, schema: messageResponseSchema });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
