import {
  LINK_MESSAGES,
  PAYMENT_TYPES,
  type PaymentLink,
  type PaymentLinkForm,
  type PaymentLinkFormValues,
  paymentLinkFormSchema,
  paymentTypeLabel,
} from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { showServerFieldErrors } from '@/lib/form-errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreatePaymentLink } from './api/create-payment-link';
import { LinkCreatedDialog } from './components/link-created-dialog';

const EMPTY_FORM: PaymentLinkForm = { title: '', amount: '', type: 'deposit', description: '' };

/** Spec §2 "Create Payment Link". */
export function CreateLinkPage() {
  useDocumentTitle('Create Payment Link');
  const create = useCreatePaymentLink();
  const [created, setCreated] = useState<PaymentLink | null>(null);
  const form = useForm<PaymentLinkForm, unknown, PaymentLinkFormValues>({
    resolver: zodResolver(paymentLinkFormSchema),
    defaultValues: EMPTY_FORM,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: setCreated,
      onError: (error) => {
        showServerFieldErrors(form, error);
        // The server's reason when it gave one; otherwise the request never got an answer.
        toast.error(
          error instanceof ApiError
            ? `${LINK_MESSAGES.createFailed}: ${error.message}`
            : LINK_MESSAGES.createError,
        );
      },
    }),
  );

  const closeDialog = () => {
    setCreated(null);
    form.reset(EMPTY_FORM);
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Create Payment Link</h1>
        <p className="text-slate-600">Generate a secure payment link to send to your patients</p>
      </div>
      <Card>
        <CardContent className="pt-6">
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <FormField id="title" label="Payment Title*" error={errors.title?.message}>
              <Input id="title" placeholder="e.g. Consultation deposit" {...form.register('title')} />
            </FormField>
            <FormField id="amount" label="Amount*" error={errors.amount?.message}>
              <div className="relative">
                <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500">
                  £
                </span>
                <Input
                  id="amount"
                  inputMode="decimal"
                  placeholder="0.00"
                  className="pl-7"
                  {...form.register('amount')}
                />
              </div>
            </FormField>
            <FormField id="type" label="Payment Type" error={errors.type?.message}>
              <select
                id="type"
                className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
                {...form.register('type')}
              >
                {PAYMENT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {paymentTypeLabel(type)}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField id="description" label="Description" error={errors.description?.message}>
              <Textarea id="description" rows={3} {...form.register('description')} />
            </FormField>
            <Button type="submit" disabled={create.isPending} className="self-start">
              {create.isPending ? 'Generating...' : 'Generate Payment Link'}
            </Button>
          </form>
        </CardContent>
      </Card>
      <LinkCreatedDialog link={created} onClose={closeDialog} />
    </div>
  );
}
