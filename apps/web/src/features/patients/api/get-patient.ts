import { patientDetailSchema } from '@clinicpay/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { patientKeys } from './keys';

/** GET /api/patients/:patientId: the patient with their payments and requests. */
export function getPatient(patientId: string) {
  return apiRequest(`/patients/${encodeURIComponent(patientId)}`, { schema: patientDetailSchema });
}

/** One patient for their page; 404 PATIENT_NOT_FOUND when they are not the clinic's. */
export function usePatient(patientId: string) {
  return useQuery({ queryKey: patientKeys.detail(patientId), queryFn: () => getPatient(patientId) });
}
