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
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { showServerFieldErrors, useFormErrors } from '@/lib/form-errors';
import { useUpdateClinicProfile } from '../api/update-clinic-profile';
import { ClinicLogoField } from './clinic-logo-field';

const FIELDS = [
  ['clinicName', 'Clinic Name', 'organization'],
  ['email', 'Email', 'email'],
  ['phone', 'Phone', 'tel'],
  ['addressLine1', 'Address Line 1', 'address-line1'],
  ['addressLine2', 'Address Line 2', 'address-line2'],
  ['city', 'City', 'address-level2'],
  ['postcode', 'Postcode', 'postal-code'],
] as const;

/** Spec §2 Clinic Settings → Profile: the incomplete-profile banner, the logo avatar and the fields. */
export function ProfileTab({ clinic }: { clinic: Clinic }) {
  const update = useUpdateClinicProfile();
  const form = useForm<ClinicProfileUpdate>({
    resolver: zodResolver(clinicProfileUpdateSchema),
    values: Object.fromEntries(FIELDS.map(([name]) => [name, clinic[name] ?? ''])) as ClinicProfileUpdate,
    shouldFocusError: false,
  });
  const errors = useFormErrors(
    form,
    FIELDS.map(([name]) => name),
    { formId: 'clinic-profile', labels: Object.fromEntries(FIELDS.map(([name, label]) => [name, label])) },
  );

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => toast.success(CLINIC_MESSAGES.profileSaved),
      onError: (error) => {
        showServerFieldErrors(form, error, errors);
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
          <div className="mb-6">
            <ClinicLogoField clinicName={clinic.clinicName} logoUrl={clinic.logoUrl} />
          </div>
          <Form errors={errors} onSubmit={onSubmit} className="flex flex-col gap-4">
            <div className="grid gap-4 md:grid-cols-2">
              {FIELDS.map(([name, label, autoComplete]) => (
                <FormField key={name} name={name} label={label}>
                  <Input autoComplete={autoComplete} {...form.register(name)} />
                </FormField>
              ))}
            </div>
            <Button type="submit" disabled={update.isPending} className="self-start">
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
