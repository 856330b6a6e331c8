/**
 * POST and DELETE /api/clinic/logo (the profile of docs/product.md#clinic-settings; the file upload rules,
 * docs/product.md#validation). The upload is a multipart body with one `file` field, so it is sent with
 * apiFetch (apiRequest speaks JSON only); failures become the same ApiError with the server's message.
 */
import { type LogoResult, logoResultSchema } from '@clinicpay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiRequest } from '@/lib/api-client';
import { clinicKeys } from './get-clinic';

/** Uploads `file` as the clinic's logo; resolves with the new logo URL. Throws ApiError. */
export async function uploadLogo(file: File): Promise<LogoResult> {
  const body = new FormData();
  body.append('file', file);
  const response = await apiFetch('/clinic/logo', { method: 'POST', body });
  return logoResultSchema.parse(await response.json());
}

/** Removes the clinic's logo. Throws ApiError (404 'No logo to delete' when there is none). */
export function deleteLogo(): Promise<LogoResult> {
  return apiRequest('/clinic/logo', { method: 'DELETE', schema: logoResultSchema });
}

/** Both mutations refresh the clinic, so the avatar and the incomplete-profile banner follow. */
function useLogoMutation<TInput>(mutationFn: (input: TInput) => Promise<LogoResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: clinicKeys.current }),
  });
}

export const useUploadLogo = () => useLogoMutation(uploadLogo);
export const useDeleteLogo = () => useLogoMutation(deleteLogo);
