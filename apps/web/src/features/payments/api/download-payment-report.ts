import { HISTORY_MESSAGES } from '@clinicpay/shared';
import { useMutation } from '@tanstack/react-query';
import { downloadAttachment } from '@/lib/download';
import { filterParams, type PaymentListFilters } from './list-payments';

/** GET /api/payments/export: the CSV of every payment matching the filters (docs/product.md#constants). */
export function downloadPaymentReport(filters: PaymentListFilters) {
  return downloadAttachment(
    `/payments/export?${filterParams(filters)}`,
    'payment-history.csv',
    HISTORY_MESSAGES.reportFailed,
  );
}

export function useDownloadPaymentReport() {
  return useMutation({ mutationFn: downloadPaymentReport });
}
