import {
  formatPence,
  type PaymentDetails,
  penceToPoundsText,
  REFUND_REASON_LABELS,
  REFUND_REASONS,
} from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { useFormErrors } from '@/lib/form-errors';
import { useRefundWithToasts } from '../api/create-refund';
import {
  type InlineRefundForm,
  type InlineRefundFormValues,
  inlineRefundFormSchema,
} from '../lib/refund-amount';

/**
 * The payment page's refund, inline: the amount starts empty (a refund is never prefilled with all of
 * it), Full refund fills in what may still be refunded, and an optional reason goes to the provider
 * with it (Stripe's refund reasons). The amount's error is tied to its field.
 */
export function RefundPanel({ payment }: { payment: PaymentDetails }) {
  const { submit: refund, processing } = useRefundWithToasts(payment.id);
  const form = useForm<InlineRefundForm, unknown, InlineRefundFormValues>({
    resolver: zodResolver(inlineRefundFormSchema(payment.refundableAmount)),
    defaultValues: { amount: '', reason: '' },
    shouldFocusError: true,
  });
  const errors = useFormErrors(form, ['amount', 'reason'], {
    formId: 'refund-inline',
    idPrefix: 'refund-inline-',
  });
  const submit = form.handleSubmit(({ amount, reason }) =>
    refund({ amount, ...(reason ? { reason } : {}) }, () => form.reset({ amount: '', reason: '' })),
  );

  return (
    <Card className="print:hidden">
      <CardHeader>
        <CardTitle id="refund-heading">Refund</CardTitle>
        <p className="text-sm text-slate-600">
          Up to {formatPence(payment.refundableAmount)} can still be refunded to {payment.patientName}.
        </p>
      </CardHeader>
      <CardContent>
        <Form
          errors={errors}
          onSubmit={submit}
          className="flex flex-col gap-4"
          aria-labelledby="refund-heading"
        >
          <div className="flex flex-wrap items-end gap-2">
            <FormField name="amount" label="Refund amount (£)" className="w-48">
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
            <Button
              type="button"
              variant="outline"
              disabled={processing}
              onClick={() =>
                form.setValue('amount', penceToPoundsText(payment.refundableAmount), { shouldValidate: true })
              }
            >
              Full refund
            </Button>
          </div>
          <FormField name="reason" label="Reason (optional)" className="w-72">
            <NativeSelect disabled={processing} {...form.register('reason')}>
              <option value="">No reason given</option>
              {REFUND_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {REFUND_REASON_LABELS[reason]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <Button type="submit" variant="destructive" className="self-start" disabled={processing}>
            {processing ? 'Processing...' : 'Refund'}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
