import { checkoutRequestSchema, type PublicPaymentData } from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { confirmSandboxCardPayment, createPaymentIntent } from '../api/pay';
import { type SandboxCard, SandboxCardField } from './sandbox-card-field';

const patientSchema = checkoutRequestSchema.omit({ attemptId: true });
type PatientForm = z.input<typeof patientSchema>;

export const CARD_INCOMPLETE = 'Card information is not complete';
const FAILURE_REDIRECT_MS = 1000;

/**
 * Spec §2 payment form and §4 "Payment flow": create the intent, confirm the card, then success page,
 * failed page, or the 3-D Secure challenge. A payment-step failure goes to the failed page at once; any
 * other error after 1 second.
 */
export function PaymentForm({ page }: { page: PublicPaymentData }) {
  const navigate = useNavigate();
  const [attemptId] = useState(() => crypto.randomUUID());
  const [card, setCard] = useState<SandboxCard | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const form = useForm<PatientForm>({
    resolver: zodResolver(patientSchema),
    defaultValues: {
      name: page.patientName ?? '',
      email: page.patientEmail ?? '',
      phone: page.patientPhone ?? '',
    },
  });
  const { errors } = form.formState;
  const failedPage = `/payment/failed?link_id=${encodeURIComponent(page.id)}`;

  const onSubmit = form.handleSubmit(async (patient) => {
    if (!card) {
      setCardError(CARD_INCOMPLETE);
      return;
    }
    setCardError(null);
    setProcessing(true);
    let intent: Awaited<ReturnType<typeof createPaymentIntent>>;
    try {
      intent = await createPaymentIntent(page.id, { ...patient, attemptId });
    } catch (error) {
      setProcessing(false);
      toast.error(
        `Payment failed: ${error instanceof Error ? error.message : 'An unexpected error occurred'}`,
      );
      setTimeout(() => navigate(failedPage), FAILURE_REDIRECT_MS);
      return;
    }
    try {
      const returnUrl = `${window.location.origin}/payment/success?link_id=${encodeURIComponent(page.id)}`;
      const result = await confirmSandboxCardPayment(intent, card, returnUrl);
      if (result.nextAction) {
        window.location.assign(result.nextAction.redirectUrl);
        return;
      }
      if (result.paymentIntent.status === 'succeeded') {
        toast.success('Payment successful! The payment reference will be shown on the next page.');
        navigate(
          `/payment/success?link_id=${encodeURIComponent(page.id)}&payment_id=${intent.paymentIntentId}`,
        );
        return;
      }
      toast.error(
        `Payment failed: ${result.error?.message ?? `Payment status: ${result.paymentIntent.status}`}`,
      );
      navigate(failedPage);
    } catch (error) {
      toast.error(`Payment failed: ${error instanceof Error ? error.message : 'Payment failed'}`);
      navigate(failedPage);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="relative flex flex-col gap-4">
      {processing ? (
        <div className="absolute inset-0 z-10 flex items-center justify-center rounded-md bg-white/80">
          <Spinner label="Processing payment..." />
        </div>
      ) : null}
      <FormField id="name" label="Full Name" error={errors.name?.message}>
        <Input id="name" autoComplete="name" {...form.register('name')} />
      </FormField>
      <FormField id="email" label="Email" error={errors.email?.message}>
        <Input id="email" type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField id="phone" label="Phone Number (optional)" error={errors.phone?.message}>
        <Input id="phone" type="tel" autoComplete="tel" {...form.register('phone')} />
      </FormField>
      <SandboxCardField onChange={setCard} />
      {cardError ? (
        <p role="alert" className="text-sm text-red-600">
          {cardError}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={processing}>
        Pay Now
      </Button>
    </form>
  );
}
