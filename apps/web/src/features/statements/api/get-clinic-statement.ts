import { clinicStatementSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { downloadAttachment } from '@/lib/download';
import { shows } from '@/lib/server-data';
import { statementKeys } from './keys';

/** The clinic statement's address under /api; `csv` for its CSV. */
export const clinicStatementPath = (month: string, csv = false) =>
  `/statements/${encodeURIComponent(month)}${csv ? '?format=csv' : ''}`;

/** GET /api/statements/:month: the signed-in clinic's month. */
export function getClinicStatement(month: string) {
  return apiRequest(clinicStatementPath(month), { schema: clinicStatementSchema });
}

/** The clinic's statement for `month` (YYYY-MM); it changes with payments and refunds. */
export function useClinicStatement(month: string) {
  return useQuery({
    queryKey: statementKeys.clinic(month),
    queryFn: () => getClinicStatement(month),
    meta: shows('payments'),
  });
}

/** GET /api/statements/:month?format=csv, saved under the server's file name. */
export function downloadClinicStatement(month: string) {
  return downloadAttachment(clinicStatementPath(month, true), `clinicpay-statement-${month}.csv`);
}
