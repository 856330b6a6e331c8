import {
  CLINIC_MESSAGES,
  type Clinic,
  type ClinicProfileUpdate,
  clinicProfileUpdateSchema,
  isProfileComplete,
} from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { showServerFieldErrors } from '@/lib/form-errors';
import { useUpdateClinicProfile } from '../api/update-clinic-profile';

const FIELDS = [
  ['clinicName', 'Clinic Name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['addressLine1', 'Address Line 1'],
  ['addressLine2', 'Address Line 2'],
  ['city', 'City'],
  ['postcode', 'Postcode'],
] as const;

function initials(name: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return words.length
    ? words
        .slice(0, 2)
        .map((word) => word[0]?.toUpperCase())
        .join('')
    : '?';
}

/** Spec §2 Clinic Settings → Profile: the incomplete-profile banner, the logo avatar and the fields. */
export function ProfileTab({ clinic }: { clinic: Clinic }) {
  const update = useUpdateClinicProfile();
  const form = useForm<ClinicProfileUpdate>({
    resolver: zodResolver(clinicProfileUpdateSchema),
    values: Object.fromEntries(FIELDS.map(([name]) => [name, clinic[name] ?? ''])) as ClinicProfileUpdate,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => toast.success(CLINIC_MESSAGES.profileSaved),
      onError: (error) => {
        showServerFieldErrors(form, error);
        toast.error(CLINIC_MESSAGES.profileSaveFailed);
      },
    }),
  );

  return (
    <div className="flex flex-col gap-4">
      {isProfileComplete(clinic) ? null : <Alert>{CLINIC_MESSAGES.incompleteProfile}</Alert>}
      <Card>
        <CardHeader>
          <CardTitle>Clinic Profile</CardTitle>
          <CardDescription>Patients see these details on your payment page.</CardDescription>
        </CardHeader>
        <CardContent>
          <div className="mb-6 flex items-center gap-4">
            {clinic.logoUrl ? (
              <img src={clinic.logoUrl} alt="Clinic logo" className="h-16 w-16 rounded-full object-cover" />
            ) : (
              <div
                role="img"
                aria-label="Clinic initials"
                className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-xl font-semibold text-brand-800"
              >
                {initials(clinic.clinicName)}
              </div>
            )}
          </div>
          <form onSubmit={onSubmit} noValidate className="grid gap-4 md:grid-cols-2">
            {FIELDS.map(([name, label]) => (
              <FormField key={name} id={name} label={label} error={errors[name]?.message}>
                <Input id={name} aria-invalid={errors[name] ? true : undefined} {...form.register(name)} />
              </FormField>
            ))}
            <div className="md:col-span-2">
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? 'Saving...' : 'Save Changes'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
