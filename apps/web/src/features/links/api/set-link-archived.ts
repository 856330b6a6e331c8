import { LINK_MESSAGES, type paymentLinkPageSchema, paymentLinkResponseSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { refreshServerData } from '@/lib/server-data';
import { type LinkView, linkKeys } from './list-payment-links';

type LinkPage = z.infer<typeof paymentLinkPageSchema>;

export function setLinkActive(linkId: string, isActive: boolean) {
  return apiRequest(`/payment-links/${linkId}`, {
    method: 'PATCH',
    body: { isActive },
    schema: paymentLinkResponseSchema,
  });
}

/**
 * Archive or unarchive with an optimistic update (docs/product.md#states-payment-link): the link leaves
 * the list at once; on failure the list is put back and the spec's rollback toast shows.
 */
export function useSetLinkArchived(view: LinkView, page: number) {
  const queryClient = useQueryClient();
  const key = linkKeys.page(view, page);
  return useMutation({
    mutationFn: ({ linkId, archive }: { linkId: string; archive: boolean }) =>
      setLinkActive(linkId, !archive),
    onMutate: async ({ linkId }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<LinkPage>(key);
      if (previous) {
        queryClient.setQueryData<LinkPage>(key, {
          ...previous,
          items: previous.items.filter((link) => link.id !== linkId),
          total: previous.total - 1,
        });
      }
      return { previous };
    },
    onError: (error, { archive }, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(`Failed to ${archive ? 'archive' : 'unarchive'} link: ${error.message}`);
    },
    onSuccess: (_result, { archive }) =>
      toast.success(archive ? LINK_MESSAGES.archived : LINK_MESSAGES.unarchived),
    // Every list of links refreshes, this feature's and others' (the Send Link form's select).
    onSettled: () => refreshServerData(queryClient, 'payment-links'),
  });
}
