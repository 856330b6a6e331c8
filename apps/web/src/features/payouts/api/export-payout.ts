import type { PayoutExportFormat } from '@clinicpay/shared';
import { useMutation } from '@tanstack/react-query';
import { downloadAttachment } from '@/lib/download';

/** The address of a payout's export for an accounting package, under /api. */
export const payoutExportPath = (payoutId: string, format: PayoutExportFormat) =>
  `/payouts/${encodeURIComponent(payoutId)}/export?format=${format}`;

/**
 * GET /api/payouts/:payoutId/export?format=xero|quickbooks: the payout's lines as the package's bank
 * statement CSV, saved under the server's file name.
 */
export function downloadPayoutExport(payoutId: string, format: PayoutExportFormat) {
  return downloadAttachment(payoutExportPath(payoutId, format), `payout-${payoutId}-${format}.csv`);
}

/** Downloads a payout's export; the variables name the format. */
export function useDownloadPayoutExport(payoutId: string) {
  return useMutation({ mutationFn: (format: PayoutExportFormat) => downloadPayoutExport(payoutId, format) });
}
