import { balanceRequestResponseSchema, cardChargeResponseSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshServerData } from '@/lib/server-data';

/**
 * Request balance (POST /api/payments/:id/balance-request): the patient is sent a payment request for
 * exactly the balance due; then the payments, requests and the deposit's details refresh.
 */
export function useRequestBalance(paymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/payments/${encodeURIComponent(paymentId)}/balance-request`, {
        method: 'POST',
        schema: balanceRequestResponseSchema,
      }),
    onSettled: () => {
      void refreshServerData(queryClient, 'payments');
      void refreshServerData(queryClient, 'payment-requests');
    },
  });
}

/**
 * Charge balance to saved card: a card charge of kind 'balance' for `amount` pence
 * (POST /api/patients/:id/cards/:cardId/charges); then the payments refresh.
 */
export function useChargeBalance(card: { patientId: string; cardId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) =>
      apiRequest(
        `/patients/${encodeURIComponent(card.patientId)}/cards/${encodeURIComponent(card.cardId)}/charges`,
        { method: 'POST', body: { kind: 'balance', amount }, schema: cardChargeResponseSchema },
      ),
    onSettled: () => {
      void refreshServerData(queryClient, 'payments');
    },
  });
}
