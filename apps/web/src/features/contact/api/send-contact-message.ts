import { type ContactRequest, contactResponseSchema } from '@clinicpay/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function sendContactMessage(input: ContactRequest) {
  return apiRequest('/contact', { method: 'POST', body: input, schema: contactResponseSchema });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
