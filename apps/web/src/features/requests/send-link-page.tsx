import {
  CLINIC_REFERENCE_MESSAGES,
  customAmountFromText,
  formatPence,
  formatPhone,
  LINK_MESSAGES,
  type NewPaymentRequest,
  REQUEST_MESSAGES,
  requestIsTexted,
  sendPaymentRequestSchema,
} from '@clinicpay/shared';
import { useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Checkbox, Input, Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { showServerFieldErrors, useFormErrors } from '@/lib/form-errors';
import { todayInLondon } from '@/lib/london-days';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useActiveLinks, useRequestDefaults, useSendPaymentRequest } from './api/send-payment-request';

const EMPTY = {
  patientName: '',
  patientEmail: '',
  patientPhone: '',
  paymentLinkId: '',
  customAmount: '',
  treatmentTotal: '',
  message: '',
  requiresCardOnFile: false,
  expiresOn: '',
  remindersOn: true,
  clinicReference: '',
};
type FormValues = typeof EMPTY;
type Field = keyof FormValues;
const FIELDS = Object.keys(EMPTY) as Field[];
const LABELS: Record<Field, string> = {
  patientName: 'Patient Name',
  patientEmail: 'Patient Email',
  patientPhone: 'Patient Phone',
  paymentLinkId: 'Payment Link',
  customAmount: 'Custom Amount',
  treatmentTotal: 'Treatment total',
  message: 'Custom Message',
  requiresCardOnFile: LINK_MESSAGES.cardOnFileLabel,
  expiresOn: REQUEST_MESSAGES.expiresOnLabel,
  remindersOn: REQUEST_MESSAGES.remindersLabel,
  clinicReference: CLINIC_REFERENCE_MESSAGES.label,
};

/**
 * The send link rules, through the shared schema. The custom amount (and a deposit's treatment
 * total) is typed in pounds: text that cannot be read as an amount says so rather than 'choose a link'.
 */
const sendLinkResolver: Resolver<FormValues, unknown, NewPaymentRequest> = async (values) => {
  const amount = values.paymentLinkId ? null : customAmountFromText(values.customAmount);
  const total = values.paymentLinkId ? null : customAmountFromText(values.treatmentTotal);
  const parsed = sendPaymentRequestSchema.safeParse({
    ...values,
    customAmount: amount === 'invalid' ? null : amount,
    treatmentTotal: total === 'invalid' ? null : total,
    expiresOn: values.expiresOn || null,
  });
  const errors: FieldErrors<FormValues> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as Field;
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  if (amount === 'invalid') errors.customAmount = { type: 'custom', message: REQUEST_MESSAGES.invalidAmount };
  if (total === 'invalid')
    errors.treatmentTotal = { type: 'custom', message: REQUEST_MESSAGES.invalidAmount };
  return parsed.success && amount !== 'invalid' && total !== 'invalid'
    ? { values: parsed.data, errors: {} }
    : { values: {}, errors };
};

/**
 * The Send Payment Link screen with its confirm dialog (docs/product.md#send-payment-link), under the
 * send-link rules (docs/product.md#validation).
 */
export function SendLinkPage() {
  useDocumentTitle('Send Payment Link');
  const links = useActiveLinks();
  const defaults = useRequestDefaults();
  const send = useSendPaymentRequest();
  const form = useForm<FormValues, unknown, NewPaymentRequest>({
    resolver: sendLinkResolver,
    defaultValues: EMPTY,
    shouldFocusError: false,
  });
  const errors = useFormErrors(form, FIELDS, { formId: 'send-link', labels: LABELS });
  const [confirming, setConfirming] = useState<NewPaymentRequest | null>(null);
  const linkId = form.watch('paymentLinkId');
  const chosenLink = links.data?.items.find((link) => link.id === confirming?.paymentLinkId);

  const review = form.handleSubmit((request) => setConfirming(request));

  const confirmSend = () => {
    if (!confirming) return;
    send.mutate(confirming, {
      onSuccess: (result) => {
        toast.success(REQUEST_MESSAGES.sent);
        if (result.warning) toast.warning(result.warning);
        setConfirming(null);
        form.reset(EMPTY);
      },
      onError: (error) => {
        // A refusal of a field (a card on file with no policy in force) is shown at it, with focus.
        setConfirming(null);
        showServerFieldErrors(form, error, errors);
        toast.error(REQUEST_MESSAGES.sendFailed(error.message));
      },
    });
  };

  return (
    <PageFrame
      title="Send Payment Link"
      description="Email a payment link directly to your patient"
      width="form"
    >
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <p className="text-sm text-slate-600">{REQUEST_MESSAGES.channelsHint}</p>
          <Form errors={errors} onSubmit={review} className="flex flex-col gap-4">
            <FormField name="patientName" label="Patient Name*">
              <Input autoComplete="off" {...form.register('patientName')} />
            </FormField>
            <FormField name="patientEmail" label="Patient Email*">
              <Input type="email" autoComplete="off" {...form.register('patientEmail')} />
            </FormField>
            <FormField name="patientPhone" label="Patient Phone (optional)" hint={REQUEST_MESSAGES.phoneHint}>
              <Input type="tel" autoComplete="off" {...form.register('patientPhone')} />
            </FormField>
            <FormField name="paymentLinkId" label="Payment Link">
              <NativeSelect {...form.register('paymentLinkId')}>
                <option value="">Select a payment link</option>
                {/* A link that only saves a card is shared as a link, never requested. */}
                {links.data?.items
                  .filter((link) => !link.securesAppointment)
                  .map((link) => (
                    <option key={link.id} value={link.id}>
                      {link.title} - {formatPence(link.amount)}
                    </option>
                  ))}
              </NativeSelect>
            </FormField>
            <FormField name="customAmount" label="Custom Amount (optional)">
              <Input
                inputMode="decimal"
                placeholder="£0.00"
                disabled={Boolean(linkId)}
                {...form.register('customAmount')}
              />
            </FormField>
            <FormField
              name="treatmentTotal"
              label={LINK_MESSAGES.treatmentTotalLabel}
              hint={REQUEST_MESSAGES.treatmentTotalHint}
            >
              <Input
                inputMode="decimal"
                placeholder="£0.00"
                disabled={Boolean(linkId)}
                {...form.register('treatmentTotal')}
              />
            </FormField>
            <FormField name="message" label="Custom Message (optional)">
              <Textarea rows={3} {...form.register('message')} />
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
              hint={REQUEST_MESSAGES.cardOnFileHint}
              inline
            >
              <Checkbox {...form.register('requiresCardOnFile')} />
            </FormField>
            <FormField
              name="expiresOn"
              label={REQUEST_MESSAGES.expiresOnLabel}
              hint={REQUEST_MESSAGES.expiresOnHint(defaults.data?.expiryDays ?? 30)}
            >
              <Input type="date" min={todayInLondon()} className="max-w-48" {...form.register('expiresOn')} />
            </FormField>
            <FormField
              name="remindersOn"
              label={REQUEST_MESSAGES.remindersLabel}
              hint={REQUEST_MESSAGES.remindersHint(defaults.data?.reminderDays ?? [3, 7])}
              inline
            >
              <Checkbox {...form.register('remindersOn')} />
            </FormField>
            <Button type="submit" className="self-start">
              Send Payment Link
            </Button>
          </Form>
        </CardContent>
      </Card>
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => !open && !send.isPending && setConfirming(null)}
      >
        <DialogContent>
          {confirming ? (
            <div className="flex flex-col gap-4">
              <DialogTitle>Confirm Payment Link Details</DialogTitle>
              <DialogDescription>Check the details before the patient is contacted.</DialogDescription>
              <dl className="grid grid-cols-[8rem_1fr] gap-2 text-sm">
                <dt className="font-medium">Recipient</dt>
                <dd>{confirming.patientName}</dd>
                <dt className="font-medium">Sent to</dt>
                <dd>
                  {/* Per channel, as the request goes whatever the notification settings (decision 0104). */}
                  <ul>
                    <li>
                      {REQUEST_MESSAGES.byEmail}: {confirming.patientEmail}
                    </li>
                    {confirming.patientPhone ? (
                      <li>
                        {requestIsTexted(confirming.patientPhone)
                          ? `${REQUEST_MESSAGES.byText}: ${formatPhone(confirming.patientPhone)}`
                          : REQUEST_MESSAGES.noText(formatPhone(confirming.patientPhone))}
                      </li>
                    ) : null}
                  </ul>
                </dd>
                <dt className="font-medium">Payment</dt>
                <dd>
                  {chosenLink
                    ? `${chosenLink.title} - ${formatPence(chosenLink.amount)}`
                    : formatPence(confirming.customAmount ?? 0)}
                </dd>
                {confirming.treatmentTotal && confirming.customAmount ? (
                  <>
                    <dt className="font-medium">Balance later</dt>
                    <dd>
                      {formatPence(confirming.treatmentTotal - confirming.customAmount)} of{' '}
                      {formatPence(confirming.treatmentTotal)}
                    </dd>
                  </>
                ) : null}
                {confirming.requiresCardOnFile ? (
                  <>
                    <dt className="font-medium">Card on file</dt>
                    <dd>{REQUEST_MESSAGES.cardOnFileConfirm}</dd>
                  </>
                ) : null}
                {confirming.message ? (
                  <>
                    <dt className="font-medium">Message</dt>
                    <dd>{confirming.message}</dd>
                  </>
                ) : null}
                {confirming.clinicReference ? (
                  <>
                    <dt className="font-medium">{CLINIC_REFERENCE_MESSAGES.yours}</dt>
                    <dd>{confirming.clinicReference}</dd>
                  </>
                ) : null}
              </dl>
              <div className="flex justify-end gap-2">
                <Button variant="outline" onClick={() => setConfirming(null)} disabled={send.isPending}>
                  Cancel
                </Button>
                <Button onClick={confirmSend} disabled={send.isPending}>
                  {send.isPending ? 'Sending...' : 'Send Payment Link'}
                </Button>
              </div>
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
    </PageFrame>
  );
}
