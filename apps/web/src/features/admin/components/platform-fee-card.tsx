import {
  ADMIN_CONSOLE_MESSAGES,
  ADMIN_MESSAGES,
  basisPointsToPercentText,
  PLATFORM_FEE_LOAD_ERROR,
  PLATFORM_FEE_MESSAGES,
  type PlatformFeeUpdate,
  platformFeeUpdateSchema,
} from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { showServerFieldErrors, useFormErrors } from '@/lib/form-errors';
import { usePlatformFee } from '../api/get-platform-fee';
import { useUpdatePlatformFee } from '../api/update-platform-fee';
import { PlatformFeeHistory } from './platform-fee-history';

const DEFAULT_PERCENT = '3.0';
const HELP_ID = 'platform-fee-help';

/**
 * The Platform Fee card: 0–100 in steps of 0.1, the explanation of who pays the card fees, and the
 * fee history. The same shared schema as the server checks the value first; then a dialog states the
 * old and new percent and that the new one applies to payments started from now on, and only Confirm
 * saves it (decision 0098). Focus goes back to Save when the dialog closes, however it was opened.
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

  // The percent the dialog asks about; null while it is closed.
  const [pending, setPending] = useState<string | null>(null);
  const saveButton = useRef<HTMLButtonElement>(null);

  const onSubmit = form.handleSubmit((values) => {
    const next = basisPointsToPercentText(values.platformFeePercent);
    if (current && next === current) {
      toast.info(ADMIN_CONSOLE_MESSAGES.feeUnchanged(current));
      return;
    }
    setPending(next);
  });

  const confirm = () =>
    // The text as typed goes to the server, which reads it into basis points without a float.
    update.mutate(
      { platformFeePercent: String(form.getValues('platformFeePercent')) },
      {
        onSuccess: (result) => toast.success(PLATFORM_FEE_MESSAGES.updated(result.platformFeePercent)),
        onError: (failure) => {
          showServerFieldErrors(form, failure, errors);
          toast.error(PLATFORM_FEE_MESSAGES.updateFailed);
        },
        onSettled: () => setPending(null),
      },
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
            <Button ref={saveButton} type="submit" className="mt-7">
              Save
            </Button>
          </div>
        </Form>
        <div id={HELP_ID} className="flex flex-col gap-2 text-sm text-slate-600">
          {ADMIN_MESSAGES.feeExplanation.map((sentence) => (
            <p key={sentence}>{sentence}</p>
          ))}
        </div>
        <PlatformFeeHistory />
      </CardContent>
      <Dialog
        open={pending !== null}
        onOpenChange={(open) => (open || update.isPending ? undefined : setPending(null))}
      >
        <DialogContent
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            saveButton.current?.focus();
          }}
        >
          <div className="flex flex-col gap-4">
            <DialogTitle>{ADMIN_CONSOLE_MESSAGES.feeConfirmTitle}</DialogTitle>
            <DialogDescription>
              {ADMIN_CONSOLE_MESSAGES.feeConfirmBody(current ?? DEFAULT_PERCENT, pending ?? '')}{' '}
              {ADMIN_CONSOLE_MESSAGES.feeConfirmScope}
            </DialogDescription>
            <div className="flex justify-end gap-2">
              <DialogClose asChild>
                <Button variant="outline" disabled={update.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button onClick={confirm} disabled={update.isPending}>
                {update.isPending ? ADMIN_MESSAGES.saving : ADMIN_CONSOLE_MESSAGES.feeConfirm}
              </Button>
            </div>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
