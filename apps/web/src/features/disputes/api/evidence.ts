/**
 * The clinic's evidence for a dispute: save the draft (PUT), add a file (multipart POST), remove a file
 * (DELETE) and submit (POST). Each answers the dispute as it now is, which becomes the page's data at
 * once; the list and the dashboard's alerts refresh behind it.
 */
import { type DisputeDetail, disputeDetailSchema, type EvidenceFileKind } from '@clinicpay/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, apiRequest } from '@/lib/api-client';
import { disputeKeys } from './keys';

const evidencePath = (disputeId: string) => `/disputes/${encodeURIComponent(disputeId)}/evidence`;

/** PUT /api/disputes/:disputeId/evidence: saves the explanation as a draft. */
export function saveEvidence(disputeId: string, text: string) {
  return apiRequest(evidencePath(disputeId), {
    method: 'PUT',
    body: { text },
    schema: disputeDetailSchema,
  });
}

/**
 * POST /api/disputes/:disputeId/evidence/files: one file of a kind (replacing any earlier file of that
 * kind). A multipart body, `kind` before `file` so the server knows the kind as the file streams in; sent
 * with fetch directly, as apiRequest speaks JSON only. Throws ApiError with the server's message.
 */
export async function uploadEvidenceFile(
  disputeId: string,
  kind: EvidenceFileKind,
  file: File,
): Promise<DisputeDetail> {
  const body = new FormData();
  body.append('kind', kind);
  body.append('file', file);
  const response = await apiFetch(`${evidencePath(disputeId)}/files`, { method: 'POST', body });
  return disputeDetailSchema.parse(await response.json());
}

/** DELETE /api/disputes/:disputeId/evidence/files/:fileId. */
export function deleteEvidenceFile(disputeId: string, fileId: string) {
  return apiRequest(`${evidencePath(disputeId)}/files/${encodeURIComponent(fileId)}`, {
    method: 'DELETE',
    schema: disputeDetailSchema,
  });
}

/** POST /api/disputes/:disputeId/submit: sends the saved draft and files; the evidence is then final. */
export function submitEvidence(disputeId: string) {
  return apiRequest(`/disputes/${encodeURIComponent(disputeId)}/submit`, {
    method: 'POST',
    schema: disputeDetailSchema,
  });
}

/** Codes that mean the dispute changed meanwhile (submitted elsewhere, closed): it is read again. */
const STALE_CODES = new Set(['EVIDENCE_CLOSED', 'EVIDENCE_ALREADY_SUBMITTED', 'DISPUTE_NOT_FOUND']);

function afterChange(queryClient: QueryClient) {
  return {
    onSuccess: (dispute: DisputeDetail) => {
      queryClient.setQueryData(disputeKeys.detail(dispute.id), dispute);
      void queryClient.invalidateQueries({ queryKey: disputeKeys.list() });
      void queryClient.invalidateQueries({ queryKey: disputeKeys.alerts() });
    },
    onError: (error: Error) => {
      if (error instanceof ApiError && STALE_CODES.has(error.code)) {
        void queryClient.invalidateQueries({ queryKey: disputeKeys.all });
      }
    },
  };
}

/** Saves the explanation as a draft. */
export function useSaveEvidence(disputeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => saveEvidence(disputeId, text),
    ...afterChange(queryClient),
  });
}

/** Adds (or replaces) the file of a kind. */
export function useUploadEvidenceFile(disputeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: EvidenceFileKind; file: File }) =>
      uploadEvidenceFile(disputeId, kind, file),
    ...afterChange(queryClient),
  });
}

/** Removes a file. */
export function useDeleteEvidenceFile(disputeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => deleteEvidenceFile(disputeId, fileId),
    ...afterChange(queryClient),
  });
}

/**
 * Submits the evidence. Given the explanation as it stands on the page, it saves it first when it
 * differs from the saved draft, so what is sent is what the clinic sees.
 */
export function useSubmitEvidence(disputeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ unsavedText }: { unsavedText: string | null }) => {
      if (unsavedText !== null) {
        queryClient.setQueryData(disputeKeys.detail(disputeId), await saveEvidence(disputeId, unsavedText));
      }
      return submitEvidence(disputeId);
    },
    ...afterChange(queryClient),
  });
}
