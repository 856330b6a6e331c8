import { platformStatementSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { downloadAttachment } from '@/lib/download';
import { statementKeys } from './keys';

/** The platform statement's address under /api; `csv` for its CSV. */
export const platformStatementPath = (month: string, csv = false) =>
  `/admin/statements/${encodeURIComponent(month)}${csv ? '?format=csv' : ''}`;

/** GET /api/admin/statements/:month: the platform's month (admins only). */
export function getPlatformStatement(month: string) {
  return apiRequest(platformStatementPath(month), { schema: platformStatementSchema });
}

/** The platform statement for `month` (YYYY-MM). */
export function usePlatformStatement(month: string) {
  return useQuery({ queryKey: statementKeys.platform(month), queryFn: () => getPlatformStatement(month) });
}

/** GET /api/admin/statements/:month?format=csv, saved under the server's file name. */
export function downloadPlatformStatement(month: string) {
  return downloadAttachment(platformStatementPath(month, true), `clinicpay-platform-statement-${month}.csv`);
}
