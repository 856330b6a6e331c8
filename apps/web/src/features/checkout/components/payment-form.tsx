import {
  type PayerDetails,
  type PayerDetailsForm,
  type PublicPaymentData,
  payerDetailsSchema,
} from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import type { Billing, Confirm, useCheckout } from '../lib/use-checkout';

/** Spec §8; shown when Pay Now is pressed with an incomplete card (an incomplete card counts as empty). */
export const CARD_INCOMPLETE = 'Card information is not complete';

interface PaymentFormProps {
  page: PublicPaymentData;
  checkout: ReturnType<typeof useCheckout>;
  /** The provider's card field (Stripe's card Element, or the sandbox's). */
  cardField: ReactNode;
  /** Confirms with the card in the card field; null while that card is incomplete. */
  confirmCard: Confirm | null;
  /**
   * The device wallet button, only where the device supports one (spec §2). It gets what the patient
   * has typed so far, for details a wallet does not hand back.
   */
  walletButton?: (typedBilling: () => Billing) => ReactNode;
}

/**
 * Spec §2 payment form: Full Name, Email, Phone Number (optional), the wallet button, the card field and
 * Pay Now, prefilled from a payment request, with the 'Processing payment...' overlay while paying.
 */
export function PaymentForm({ page, checkout, cardField, confirmCard, walletButton }: PaymentFormProps) {
  const [cardError, setCardError] = useState<string | null>(null);
  const form = useForm<PayerDetailsForm, unknown, PayerDetails>({
    resolver: zodResolver(payerDetailsSchema),
    defaultValues: {
      name: page.patientName ?? '',
      email: page.patientEmail ?? '',
      phone: page.patientPhone ?? '',
    },
  });
  const { errors } = form.formState;
  const typedBilling = (): Billing => {
    const typed = form.getValues();
    return { name: typed.name.trim(), email: typed.email.trim(), phone: typed.phone?.trim() || null };
  };

  const onSubmit = form.handleSubmit(async (patient) => {
    if (!confirmCard) {
      setCardError(CARD_INCOMPLETE);
      return;
    }
    setCardError(null);
    await checkout.pay(patient, confirmCard);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="relative flex flex-col gap-4">
      {checkout.processing ? (
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
      {walletButton?.(typedBilling)}
      {cardField}
      {cardError ? (
        <p role="alert" className="text-sm text-red-600">
          {cardError}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={checkout.processing}>
        Pay Now
      </Button>
    </form>
  );
}
