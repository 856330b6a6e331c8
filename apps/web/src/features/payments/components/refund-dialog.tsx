import { formatPence, type PaymentDetails, penceToPoundsText } from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFormErrors } from '@/lib/form-errors';
import { useRefundWithToasts } from '../api/create-refund';
import { type RefundForm, type RefundFormValues, refundFormSchema } from '../lib/refund-amount';

type RefundablePayment = Pick<PaymentDetails, 'id' | 'amount' | 'patientName' | 'refundableAmount'>;

/**
 * The refund confirmation: the payment amount and the patient, an amount in pounds defaulting to all
 * that may still be refunded, and no way out while the refund is processing.
 */
export function RefundDialog({
  payment,
  open,
  onOpenChange,
}: {
  payment: RefundablePayment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { submit: refund, processing } = useRefundWithToasts(payment.id);
  const setOpen = (next: boolean) => {
    if (!processing) onOpenChange(next);
  };
  const submit = (amount: number) => refund({ amount }, () => onOpenChange(false));

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        onEscapeKeyDown={(event) => processing && event.preventDefault()}
        onInteractOutside={(event) => processing && event.preventDefault()}
      >
        <DialogTitle>Refund Payment</DialogTitle>
        <DialogDescription className="mt-1">
          Refund the payment of {formatPence(payment.amount)} from {payment.patientName}.
        </DialogDescription>
        {/* Mounted only while open, so every opening starts from the full refundable amount. */}
        <RefundAmountForm
          payment={payment}
          processing={processing}
          onCancel={() => setOpen(false)}
          onSubmit={submit}
        />
      </DialogContent>
    </Dialog>
  );
}

function RefundAmountForm({
  payment,
  processing,
  onCancel,
  onSubmit,
}: {
  payment: RefundablePayment;
  processing: boolean;
  onCancel: () => void;
  onSubmit: (pence: number) => void;
}) {
  const form = useForm<RefundForm, unknown, RefundFormValues>({
    resolver: zodResolver(refundFormSchema(payment.refundableAmount)),
    mode: 'onChange',
    defaultValues: { amount: penceToPoundsText(payment.refundableAmount) },
    shouldFocusError: false,
  });
  const errors = useFormErrors(form, ['amount'], { formId: 'refund', idPrefix: 'refund-' });

  return (
    <Form
      errors={errors}
      onSubmit={form.handleSubmit(({ amount }) => onSubmit(amount))}
      className="mt-4 flex flex-col gap-4"
    >
      <dl className="grid grid-cols-[9rem_1fr] gap-2 text-sm">
        <dt className="font-medium">Patient</dt>
        <dd>{payment.patientName}</dd>
        <dt className="font-medium">Payment amount</dt>
        <dd>{formatPence(payment.amount)}</dd>
        {payment.refundableAmount !== payment.amount ? (
          <>
            <dt className="font-medium">Refundable</dt>
            <dd>{formatPence(payment.refundableAmount)}</dd>
          </>
        ) : null}
      </dl>
      <FormField name="amount" label="Refund amount (£)">
        <Input
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          max={penceToPoundsText(payment.refundableAmount)}
          readOnly={processing}
          {...form.register('amount')}
        />
      </FormField>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" disabled={processing} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={processing || !form.formState.isValid}>
          {processing ? 'Processing...' : 'Refund'}
        </Button>
      </div>
    </Form>
  );
}
