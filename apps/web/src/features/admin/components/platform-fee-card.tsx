import {
  ADMIN_MESSAGES,
  PLATFORM_FEE_LOAD_ERROR,
  PLATFORM_FEE_MESSAGES,
  type PlatformFeeUpdate,
  platformFeeUpdateSchema,
} from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { showServerFieldErrors, useFormErrors } from '@/lib/form-errors';
import { usePlatformFee } from '../api/get-platform-fee';
import { useUpdatePlatformFee } from '../api/update-platform-fee';

const DEFAULT_PERCENT = '3.0';
const HELP_ID = 'platform-fee-help';

/**
 * Spec §2 Platform Fee card: 0–100 in steps of 0.1, 'Saving...' while saving, the §8 toasts, and the
 * explanation of who pays the card fees. The same shared schema as the server checks the value first.
 */
export function PlatformFeeCard() {
  const fee = usePlatformFee();
  const update = useUpdatePlatformFee();
  const form = useForm<PlatformFeeUpdate, unknown, { platformFeePercent: number }>({
    resolver: zodResolver(platformFeeUpdateSchema),
    defaultValues: { platformFeePercent: DEFAULT_PERCENT },
    shouldFocusError: false,
  });
  const errors = useFormErrors(form, ['platformFeePercent'], { formId: 'platform-fee' });
  const current = fee.data?.platformFeePercent;
  // reset is stable; the form object is not, and resetting on every render would undo typing.
  const { reset } = form;
  useEffect(() => {
    if (current) reset({ platformFeePercent: current });
  }, [current, reset]);

  const onSubmit = form.handleSubmit(() =>
    // The text as typed goes to the server, which reads it into basis points without a float.
    update.mutate(
      { platformFeePercent: String(form.getValues('platformFeePercent')) },
      {
        onSuccess: (result) => toast.success(PLATFORM_FEE_MESSAGES.updated(result.platformFeePercent)),
        onError: (failure) => {
          showServerFieldErrors(form, failure, errors);
          toast.error(PLATFORM_FEE_MESSAGES.updateFailed);
        },
      },
    ),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Platform Fee</CardTitle>
        <CardDescription>The percentage charged on every payment.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {fee.isError ? <Alert tone="error">{PLATFORM_FEE_LOAD_ERROR}</Alert> : null}
        <Form errors={errors} onSubmit={onSubmit} className="flex flex-col gap-3">
          <div className="flex flex-wrap items-start gap-3">
            <FormField name="platformFeePercent" label="Platform fee (%)">
              {(control) => (
                <Input
                  type="number"
                  inputMode="decimal"
                  step={0.1}
                  min={0}
                  max={100}
                  className="w-32"
                  {...control}
                  aria-describedby={[control['aria-describedby'], HELP_ID].filter(Boolean).join(' ')}
                  {...form.register('platformFeePercent')}
                />
              )}
            </FormField>
            <Button type="submit" disabled={update.isPending} className="mt-7">
              {update.isPending ? ADMIN_MESSAGES.saving : 'Save'}
            </Button>
          </div>
        </Form>
        <div id={HELP_ID} className="flex flex-col gap-2 text-sm text-slate-600">
          {ADMIN_MESSAGES.feeExplanation.map((sentence) => (
            <p key={sentence}>{sentence}</p>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
