import { adminAccountsSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './keys';

export const adminAccountsKeys = { all: [...adminKeys.all, 'admins'] as const };

export function listAdmins() {
  return apiRequest('/admin/admins', { schema: adminAccountsSchema });
}

/** Every admin: email, whether two-factor sign-in is on, whether invited only, when added (decision 0125). */
export function useAdmins() {
  return useQuery({ queryKey: adminAccountsKeys.all, queryFn: listAdmins });
}
