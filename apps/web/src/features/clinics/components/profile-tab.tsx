import {
  CLINIC_MESSAGES,
  type Clinic,
  type ClinicProfileUpdate,
  cardStatementText,
  clinicProfileUpdateSchema,
  isProfileComplete,
  STATEMENT_MESSAGES,
  STATEMENT_NAME_MAX_LENGTH,
  statementNameSchema,
  statementSuffix,
} from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Control, type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { serverAnswered } from '@/lib/api-client';
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

const STATEMENT_NAME_LABEL = 'Card statement name';
const FIELD_NAMES = [...FIELDS.map(([name]) => name), 'statementName'] as const;
const FIELD_LABELS = {
  ...Object.fromEntries(FIELDS.map(([name, label]) => [name, label])),
  statementName: STATEMENT_NAME_LABEL,
};

/**
 * The card statement name (docs/decisions/0082-statement-descriptors.md), with what patients' card
 * statements will show, worked out as it is typed: the name given, else the default made from the
 * clinic name in the form.
 */
function StatementNameField({
  control,
  registration,
}: {
  control: Control<ClinicProfileUpdate>;
  registration: UseFormRegisterReturn<'statementName'>;
}) {
  const [statementName, clinicName] = useWatch({ control, name: ['statementName', 'clinicName'] });
  // Only a name Stripe would accept is previewed; a refused one shows its message instead.
  const typed = statementNameSchema.safeParse(statementName);
  const preview = typed.success
    ? cardStatementText(
        statementSuffix({ statementName: typed.data, clinicName: clinicName?.trim() || null }),
      )
    : null;
  return (
    <FormField
      name="statementName"
      label={STATEMENT_NAME_LABEL}
      hint={
        <>
          Up to {STATEMENT_NAME_MAX_LENGTH} characters; leave it blank to use your clinic name.{' '}
          {preview ? (
            <span data-testid="statement-preview">{STATEMENT_MESSAGES.statementShows(preview)}</span>
          ) : null}
        </>
      }
      className="md:max-w-[calc(50%-0.5rem)]"
    >
      <Input autoComplete="off" {...registration} />
    </FormField>
  );
}

/**
 * Clinic Settings → Profile (docs/product.md#clinic-settings): the incomplete-profile banner, the logo
 * avatar, the fields, and the card statement name (decision 0082).
 */
export function ProfileTab({ clinic }: { clinic: Clinic }) {
  const update = useUpdateClinicProfile();
  const form = useForm<ClinicProfileUpdate>({
    resolver: zodResolver(clinicProfileUpdateSchema),
    values: {
      ...Object.fromEntries(FIELDS.map(([name]) => [name, clinic[name] ?? ''])),
      statementName: clinic.statementName ?? '',
    } as ClinicProfileUpdate,
    shouldFocusError: false,
  });
  const errors = useFormErrors(form, FIELD_NAMES, { formId: 'clinic-profile', labels: FIELD_LABELS });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => toast.success(CLINIC_MESSAGES.profileSaved),
      onError: (error) => {
        showServerFieldErrors(form, error, errors);
        toast.error(
          serverAnswered(error) ? CLINIC_MESSAGES.profileSaveFailed : CLINIC_MESSAGES.profileSaveUnexpected,
        );
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
            <StatementNameField control={form.control} registration={form.register('statementName')} />
            <Button type="submit" disabled={update.isPending} className="self-start">
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
