import { type ApiErrorBody, HISTORY_MESSAGES } from '@clinicpay/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { fileNameFrom, saveBlob } from '@/lib/download';
import { filterParams, type PaymentListFilters } from './list-payments';

/** GET /api/payments/export: the CSV of every payment matching the filters (spec §9). */
export async function downloadPaymentReport(filters: PaymentListFilters) {
  const response = await fetch(`/api/payments/export?${filterParams(filters)}`, {
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as Partial<ApiErrorBody> | null;
    throw new ApiError(
      response.status,
      body?.code ?? 'INTERNAL',
      body?.message ?? HISTORY_MESSAGES.reportFailed,
    );
  }
  const name = fileNameFrom(response.headers.get('content-disposition')) ?? 'payment-history.csv';
  saveBlob(await response.blob(), name);
  return name;
}

export function useDownloadPaymentReport() {
  return useMutation({ mutationFn: downloadPaymentReport });
}
