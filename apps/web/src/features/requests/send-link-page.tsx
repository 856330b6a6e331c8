import {
  customAmountFromText,
  formatPence,
  formatPhone,
  type NewPaymentRequest,
  REQUEST_MESSAGES,
  sendPaymentRequestSchema,
} from '@clinicpay/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useActiveLinks, useSendPaymentRequest } from './api/send-payment-request';

const EMPTY = {
  patientName: '',
  patientEmail: '',
  patientPhone: '',
  paymentLinkId: '',
  customAmount: '',
  message: '',
};
type FormValues = typeof EMPTY;
type Field = keyof FormValues;
const PHONE_HINT_ID = 'patientPhone-hint';

/** Spec §2 "Send Payment Link" with its confirm dialog; spec §5 rules. */
export function SendLinkPage() {
  useDocumentTitle('Send Payment Link');
  const links = useActiveLinks();
  const send = useSendPaymentRequest();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [confirming, setConfirming] = useState<NewPaymentRequest | null>(null);
  const chosenLink = links.data?.items.find((link) => link.id === values.paymentLinkId);
  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  // Ties a field to its error (FormField renders it as `${id}-error`) and to any hint under it.
  const ariaFor = (field: Field, hintId?: string) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby':
      [errors[field] ? `${field}-error` : null, hintId].filter(Boolean).join(' ') || undefined,
  });

  const review = (event: React.FormEvent) => {
    event.preventDefault();
    const amount = values.paymentLinkId ? null : customAmountFromText(values.customAmount);
    const parsed = sendPaymentRequestSchema.safeParse({
      ...values,
      customAmount: amount === 'invalid' ? null : amount,
    });
    // Every field's message at once; an unreadable custom amount says so rather than 'choose a link'.
    const next: typeof errors = {};
    for (const issue of parsed.error?.issues ?? []) next[issue.path[0] as Field] ??= issue.message;
    if (amount === 'invalid') next.customAmount = REQUEST_MESSAGES.invalidAmount;
    if (!parsed.success || amount === 'invalid') {
      setErrors(next);
      return;
    }
    setErrors({});
    setConfirming(parsed.data);
  };

  const confirmSend = () => {
    if (!confirming) return;
    send.mutate(confirming, {
      onSuccess: (result) => {
        toast.success(REQUEST_MESSAGES.sent);
        if (result.warning) toast.warning(result.warning);
        setConfirming(null);
        setValues(EMPTY);
      },
      onError: (error) => toast.error(REQUEST_MESSAGES.sendFailed(error.message)),
    });
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Send Payment Link</h1>
        <p className="text-slate-600">Email a payment link directly to your patient</p>
      </div>
      <Card>
        <CardContent className="pt-6">
          <form onSubmit={review} noValidate className="flex flex-col gap-4">
            <FormField id="patientName" label="Patient Name*" error={errors.patientName}>
              <Input
                id="patientName"
                value={values.patientName}
                onChange={set('patientName')}
                {...ariaFor('patientName')}
              />
            </FormField>
            <FormField id="patientEmail" label="Patient Email*" error={errors.patientEmail}>
              <Input
                id="patientEmail"
                type="email"
                value={values.patientEmail}
                onChange={set('patientEmail')}
                {...ariaFor('patientEmail')}
              />
            </FormField>
            <FormField id="patientPhone" label="Patient Phone (optional)" error={errors.patientPhone}>
              <Input
                id="patientPhone"
                type="tel"
                value={values.patientPhone}
                onChange={set('patientPhone')}
                {...ariaFor('patientPhone', PHONE_HINT_ID)}
              />
              <p id={PHONE_HINT_ID} className="text-xs text-slate-600">
                {REQUEST_MESSAGES.phoneHint}
              </p>
            </FormField>
            <FormField id="paymentLinkId" label="Payment Link" error={errors.paymentLinkId}>
              <select
                id="paymentLinkId"
                className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
                value={values.paymentLinkId}
                onChange={set('paymentLinkId')}
                {...ariaFor('paymentLinkId')}
              >
                <option value="">Select a payment link</option>
                {links.data?.items.map((link) => (
                  <option key={link.id} value={link.id}>
                    {link.title} - {formatPence(link.amount)}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField id="customAmount" label="Custom Amount (optional)" error={errors.customAmount}>
              <Input
                id="customAmount"
                inputMode="decimal"
                placeholder="£0.00"
                disabled={Boolean(values.paymentLinkId)}
                value={values.customAmount}
                onChange={set('customAmount')}
                {...ariaFor('customAmount')}
              />
            </FormField>
            <FormField id="message" label="Custom Message (optional)" error={errors.message}>
              <Textarea
                id="message"
                rows={3}
                value={values.message}
                onChange={set('message')}
                {...ariaFor('message')}
              />
            </FormField>
            <Button type="submit" className="self-start">
              Send Payment Link
            </Button>
          </form>
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
                  {confirming.patientEmail}
                  {confirming.patientPhone ? `, ${formatPhone(confirming.patientPhone)}` : ''}
                </dd>
                <dt className="font-medium">Payment</dt>
                <dd>
                  {chosenLink
                    ? `${chosenLink.title} - ${formatPence(chosenLink.amount)}`
                    : formatPence(confirming.customAmount ?? 0)}
                </dd>
                {confirming.message ? (
                  <>
                    <dt className="font-medium">Message</dt>
                    <dd>{confirming.message}</dd>
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
    </div>
  );
}
