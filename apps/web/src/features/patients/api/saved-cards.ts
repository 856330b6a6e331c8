import { type ChargeSavedCard, cardChargeResponseSchema, savedCardListSchema } from '@clinicpay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { patientKeys } from './keys';

/** GET /api/patients/:patientId/cards: the patient's saved cards with their consents, newest first. */
export function useSavedCards(patientId: string) {
  return useQuery({
    queryKey: patientKeys.cards(patientId),
    queryFn: () =>
      apiRequest(`/patients/${encodeURIComponent(patientId)}/cards`, { schema: savedCardListSchema }),
  });
}

/**
 * POST /api/patients/:patientId/cards/:cardId/remove: detaches the card at the card provider for good;
 * the list is refreshed with the answer.
 */
export function useRemoveSavedCard(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) =>
      apiRequest(`/patients/${encodeURIComponent(patientId)}/cards/${encodeURIComponent(cardId)}/remove`, {
        method: 'POST',
        body: {},
        schema: savedCardListSchema,
      }),
    onSuccess: (list) => queryClient.setQueryData(patientKeys.cards(patientId), list),
  });
}

/**
 * POST /api/patients/:patientId/cards/:cardId/charges: charges a fee to a saved card; the cards are
 * refetched after, with the charge and (once recorded) its payment.
 */
export function useChargeSavedCard(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, ...input }: { cardId: string } & ChargeSavedCard) =>
      apiRequest(`/patients/${encodeURIComponent(patientId)}/cards/${encodeURIComponent(cardId)}/charges`, {
        method: 'POST',
        body: input,
        schema: cardChargeResponseSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: patientKeys.all }),
  });
}
