import {
  CLINIC_REFERENCE_MESSAGES,
  LINK_MESSAGES,
  LINK_TYPES,
  type PaymentLink,
  type PaymentLinkForm,
  type PaymentLinkFormValues,
  paymentLinkFormSchema,
  paymentTypeLabel,
} from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ComponentProps, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Checkbox, Input, Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { serverAnswered } from '@/lib/api-client';
import { showServerFieldErrors, useFormErrors } from '@/lib/form-errors';
import { todayInLondon } from '@/lib/london-days';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreatePaymentLink } from './api/create-payment-link';
import { LinkCreatedDialog } from './components/link-created-dialog';

const EMPTY_FORM: PaymentLinkForm = {
  title: '',
  amount: '',
  type: 'deposit',
  description: '',
  requiresCardOnFile: false,
  treatmentTotal: '',
  depositPercent: '',
  securesAppointment: false,
  expiresOn: '',
  maxPayments: '',
  clinicReference: '',
};

/** The Create Payment Link screen (docs/product.md#create-payment-link). */
export function CreateLinkPage() {
  useDocumentTitle('Create Payment Link');
  const create = useCreatePaymentLink();
  const [created, setCreated] = useState<PaymentLink | null>(null);
  const form = useForm<PaymentLinkForm, unknown, PaymentLinkFormValues>({
    resolver: zodResolver(paymentLinkFormSchema),
    defaultValues: EMPTY_FORM,
    shouldFocusError: false,
  });
  const errors = useFormErrors(
    form,
    [
      'title',
      'amount',
      'treatmentTotal',
      'depositPercent',
      'type',
      'description',
      'requiresCardOnFile',
      'securesAppointment',
      'expiresOn',
      'maxPayments',
      'clinicReference',
    ],
    {
      formId: 'create-link',
      labels: {
        title: 'Payment Title',
        amount: 'Amount',
        type: 'Payment Type',
        description: 'Description',
        requiresCardOnFile: LINK_MESSAGES.cardOnFileLabel,
        treatmentTotal: LINK_MESSAGES.treatmentTotalLabel,
        securesAppointment: LINK_MESSAGES.securesAppointmentLabel,
        expiresOn: LINK_MESSAGES.expiresOnLabel,
        maxPayments: LINK_MESSAGES.maxPaymentsLabel,
        clinicReference: CLINIC_REFERENCE_MESSAGES.label,
      },
    },
  );

  // Only a link that saves the card can secure an appointment without a payment.
  const savesCard = form.watch('requiresCardOnFile');
  useEffect(() => {
    if (!savesCard) form.setValue('securesAppointment', false);
  }, [savesCard, form]);
  // Each missing field says so under itself; the spec's sentence heads the form as well.
  const onInvalid = (invalid: typeof form.formState.errors) => {
    const missing = [invalid.title?.message, invalid.amount?.message].some(
      (message) => message === LINK_MESSAGES.titleRequired || message === LINK_MESSAGES.amountRequired,
    );
    if (missing) form.setError('root', { message: LINK_MESSAGES.requiredFields });
  };
  const onSubmit = form.handleSubmit(
    (values) =>
      create.mutate(values, {
        onSuccess: setCreated,
        onError: (error) => {
          showServerFieldErrors(form, error, errors);
          // The server's reason when it gave one; otherwise the request never got an answer.
          toast.error(
            serverAnswered(error)
              ? `${LINK_MESSAGES.createFailed}: ${error.message}`
              : LINK_MESSAGES.createError,
          );
        },
      }),
    onInvalid,
  );

  const closeDialog = () => {
    setCreated(null);
    form.reset(EMPTY_FORM);
  };

  return (
    <PageFrame
      title="Create Payment Link"
      description="Generate a secure payment link to send to your patients"
      width="form"
    >
      <Card>
        <CardContent className="pt-6">
          <Form errors={errors} onSubmit={onSubmit} className="flex flex-col gap-4">
            <FormField name="title" label="Payment Title*">
              <Input placeholder="e.g. Consultation deposit" {...form.register('title')} />
            </FormField>
            <FormField name="amount" label="Amount*">
              {(control) => <PoundsInput {...control} {...form.register('amount')} />}
            </FormField>
            <FormField
              name="treatmentTotal"
              label={LINK_MESSAGES.treatmentTotalLabel}
              hint={LINK_MESSAGES.treatmentTotalHint}
            >
              {(control) => <PoundsInput {...control} {...form.register('treatmentTotal')} />}
            </FormField>
            <FormField
              name="depositPercent"
              label={LINK_MESSAGES.depositPercentLabel}
              hint={LINK_MESSAGES.depositPercentHint}
            >
              {(control) => (
                <div className="relative">
                  <Input
                    inputMode="numeric"
                    className="pr-7"
                    {...control}
                    {...form.register('depositPercent')}
                  />
                  <span
                    className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-slate-600"
                    aria-hidden
                  >
                    %
                  </span>
                </div>
              )}
            </FormField>
            <FormField name="type" label="Payment Type">
              <NativeSelect {...form.register('type')}>
                {LINK_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {paymentTypeLabel(type)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField name="description" label="Description">
              <Textarea rows={3} {...form.register('description')} />
            </FormField>
            <FormField
              name="clinicReference"
              label={CLINIC_REFERENCE_MESSAGES.label}
              hint={CLINIC_REFERENCE_MESSAGES.hint}
            >
              <Input autoComplete="off" className="max-w-72" {...form.register('clinicReference')} />
            </FormField>
            <FormField
              name="requiresCardOnFile"
              label={LINK_MESSAGES.cardOnFileLabel}
              hint={LINK_MESSAGES.cardOnFileHint}
              inline
            >
              <Checkbox {...form.register('requiresCardOnFile')} />
            </FormField>
            {savesCard ? (
              <FormField
                name="securesAppointment"
                label={LINK_MESSAGES.securesAppointmentLabel}
                hint={LINK_MESSAGES.securesAppointmentHint}
                inline
              >
                <Checkbox {...form.register('securesAppointment')} />
              </FormField>
            ) : null}
            <FormField
              name="expiresOn"
              label={LINK_MESSAGES.expiresOnLabel}
              hint={LINK_MESSAGES.expiresOnHint}
            >
              <Input type="date" min={todayInLondon()} className="max-w-48" {...form.register('expiresOn')} />
            </FormField>
            <FormField
              name="maxPayments"
              label={LINK_MESSAGES.maxPaymentsLabel}
              hint={LINK_MESSAGES.maxPaymentsHint}
            >
              <Input inputMode="numeric" className="max-w-32" {...form.register('maxPayments')} />
            </FormField>
            <Button type="submit" disabled={create.isPending} className="self-start">
              {create.isPending ? 'Generating...' : 'Generate Payment Link'}
            </Button>
          </Form>
        </CardContent>
      </Card>
      <LinkCreatedDialog link={created} onClose={closeDialog} returnFocus={() => form.setFocus('title')} />
    </PageFrame>
  );
}

/** An amount typed in pounds, with the £ sign before it (not read out: the label says what it is). */
function PoundsInput(props: ComponentProps<typeof Input>) {
  return (
    <div className="relative">
      <span
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-600"
        aria-hidden
      >
        £
      </span>
      <Input inputMode="decimal" placeholder="0.00" className="pl-7" {...props} />
    </div>
  );
}
