import { adminClinicProfileSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminClinicsKeys } from './list-admin-clinics';

export const adminClinicKeys = {
  detail: (clinicId: string) => [...adminClinicsKeys.all, 'detail', clinicId] as const,
};

export function getAdminClinic(clinicId: string) {
  return apiRequest(`/admin/clinics/${encodeURIComponent(clinicId)}`, { schema: adminClinicProfileSchema });
}

/** A clinic's profile for the admin; a 404 is not retried. */
export function useAdminClinic(clinicId: string) {
  return useQuery({
    queryKey: adminClinicKeys.detail(clinicId),
    queryFn: () => getAdminClinic(clinicId),
    retry: false,
  });
}
