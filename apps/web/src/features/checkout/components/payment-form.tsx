import {
  CHECKOUT_MESSAGES,
  formatPence,
  type PayerDetails,
  type PayerDetailsForm,
  type PublicPaymentData,
  payerDetailsSchema,
} from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';

import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useFormErrors } from '@/lib/form-errors';
import { useReloadPageData } from '../lib/reload-page-data';
import { rememberedPayer, rememberPayer } from '../lib/remembered-payer';
import {
  type Billing,
  CHECKOUT_ERROR_ID,
  type Confirm,
  type ConfirmSetup,
  type RefusableField,
  type useCheckout,
} from '../lib/use-checkout';
import { CardOnFileTerms } from './card-on-file-terms';
import { PaymentTerms } from './payment-terms';
import { RequiredBox, useRequiredBox } from './required-box';

const PAYER_FIELDS = ['name', 'email', 'phone'] as const;

interface PaymentFormProps {
  page: PublicPaymentData;
  checkout: ReturnType<typeof useCheckout>;
  /** The provider's card field (Stripe's card Element, or the sandbox's). */
  cardField: ReactNode;
  /** Confirms with the card in the card field; null while that card is incomplete. */
  confirmCard: Confirm | null;
  /**
   * Saves the card in the card field with a SetupIntent, on a link that secures an appointment
   * (docs/decisions/0095-secure-your-appointment.md); null while that card is incomplete.
   */
  confirmSetup?: ConfirmSetup | null;
  /**
   * Pay was pressed while the card is incomplete: the card field shows what is wrong, at the field
   * and only there, and moves focus to it when `focus` (the payer's details were all right, so the
   * card is the first thing to mend).
   */
  onIncompleteCard: (focus: boolean) => void;
  /**
   * The device wallet button, only where the device supports one (docs/product.md#payment-page). It
   * gets what the patient has typed so far, for details a wallet does not hand back.
   */
  walletButton?: (typedBilling: () => Billing) => ReactNode;
}

/**
 * The payment form (docs/product.md#payment-page): Full Name, Email, Phone Number (optional), the wallet
 * button, the card field and the pay button, which names the amount ('Pay £45.00'), or 'Save card' on a link
 * that secures an appointment (docs/decisions/0095-secure-your-appointment.md). Prefilled from a payment
 * request, or with what the payer typed before a 3-D Secure challenge that failed; 'Processing payment...'
 * overlays it while paying. Pressing Pay with mistakes shows every message at its field and moves focus to
 * the first field to mend. A refused attempt (a decline, a failed 3-D Secure) leaves the form as it was, Pay
 * pressable again, with the reason in an alert above the card field that takes focus
 * (docs/decisions/0100-declines-keep-the-form.md).
 */
export function PaymentForm({
  page,
  checkout,
  cardField,
  confirmCard,
  confirmSetup = null,
  onIncompleteCard,
  walletButton,
}: PaymentFormProps) {
  // A link that secures an appointment saves the card and takes no payment.
  const securing = page.securesAppointment;
  const cardReady = securing ? confirmSetup : confirmCard;
  const [defaultValues] = useState(() => {
    const remembered = rememberedPayer(page.id);
    return {
      name: remembered?.name ?? page.patientName ?? '',
      email: remembered?.email ?? page.patientEmail ?? '',
      phone: remembered?.phone ?? page.patientPhone ?? '',
    };
  });
  const form = useForm<PayerDetailsForm, unknown, PayerDetails>({
    resolver: zodResolver(payerDetailsSchema),
    defaultValues,
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  // The app's one form pattern (lib/form-errors.ts): focus moves to the first wrong detail once its
  // message is drawn. Three fields: no error summary. FormField ties each message to its field.
  const formErrors = useFormErrors(form, PAYER_FIELDS, { formId: 'payment' });
  const typedBilling = (): Billing => {
    const typed = form.getValues();
    return { name: typed.name.trim(), email: typed.email.trim(), phone: typed.phone?.trim() || null };
  };
  // Focus goes to each new refusal's alert, so it is read out, and the card field is a Tab away.
  useEffect(() => {
    if (checkout.error) document.getElementById(CHECKOUT_ERROR_ID)?.focus();
  }, [checkout.error]);
  // The consent box, on a page that saves the card (docs/decisions/0092-card-consent.md), and the box
  // under the clinic's payment terms (docs/decisions/0107-payment-terms.md): each required when shown;
  // the server refuses Pay Now without them too, and the terms under a version since replaced.
  const terms = page.cardOnFile;
  const consent = useRequiredBox('card-on-file-consent', CHECKOUT_MESSAGES.consentRequired);
  const paymentTerms = page.terms;
  const termsBox = useRequiredBox('payment-terms-accepted', CHECKOUT_MESSAGES.termsRequired, {
    checked: checkout.termsAccepted,
    setChecked: checkout.setTermsAccepted,
  });
  /** Says each shown box's message while unticked; the first of them, or null when all are ticked. */
  const missingBox = () => {
    const missing = [terms ? consent : null, paymentTerms ? termsBox : null].filter((box) => box?.require());
    return missing[0] ?? null;
  };
  const reloadPageData = useReloadPageData();

  const onSubmit = form.handleSubmit(
    async (patient) => {
      const missing = missingBox();
      if (missing) {
        missing.focus();
        if (!cardReady) onIncompleteCard(false);
        return;
      }
      if (!cardReady) {
        onIncompleteCard(true);
        return;
      }
      // What was typed, for the form's return from a 3-D Secure challenge that fails; never the card.
      const typed = form.getValues();
      rememberPayer(page.id, { name: typed.name, email: typed.email, phone: typed.phone ?? null });
      // The server may still refuse a detail (it alone normalises the phone): its message goes on the
      // field, and focus to the first such field.
      const showRefused = (refused: Partial<Record<RefusableField, string>>) => {
        for (const field of PAYER_FIELDS) {
          const message = refused[field];
          if (message) form.setError(field, { type: 'server', message });
        }
        const payerRefused = PAYER_FIELDS.some((field) => refused[field]);
        if (refused.cardOnFileConsent) {
          consent.setError(refused.cardOnFileConsent);
          if (!payerRefused) consent.focus();
        }
        if (refused.termsAccepted) {
          // The terms changed since the page was loaded: the new version is shown, to be read and ticked.
          checkout.setTermsAccepted(false);
          termsBox.setError(refused.termsAccepted);
          reloadPageData();
          if (!payerRefused && !refused.cardOnFileConsent) termsBox.focus();
        }
        formErrors.focusFirstInvalid();
      };
      if (securing && confirmSetup)
        await checkout.save(patient, confirmSetup, showRefused, { cardOnFileConsent: consent.checked });
      else if (confirmCard)
        await checkout.pay(
          patient,
          confirmCard,
          undefined,
          showRefused,
          terms ? { cardOnFileConsent: consent.checked } : undefined,
        );
    },
    () => {
      // Focus goes to the first wrong detail (useFormErrors); the card and the boxes show theirs too.
      missingBox();
      if (!cardReady) onIncompleteCard(false);
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="relative flex flex-col gap-4">
      {checkout.processing ? (
        <div className="absolute inset-0 z-10 flex items-center justify-center rounded-md bg-white/80">
          <Spinner label={securing ? CHECKOUT_MESSAGES.savingCard : 'Processing payment...'} />
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
      {paymentTerms ? (
        <div className="flex flex-col gap-2 rounded-md border border-gray-300 p-4">
          <h2 className="font-semibold">{CHECKOUT_MESSAGES.termsHeading(page.clinic.name)}</h2>
          <PaymentTerms terms={paymentTerms} clinicName={page.clinic.name} />
          <RequiredBox box={termsBox} label={CHECKOUT_MESSAGES.termsAccept} />
        </div>
      ) : null}
      {/* A wallet cannot take the consent box: a page that saves the card takes a typed card. A wallet
          pays under the payment terms once their box is ticked. */}
      {terms || (paymentTerms && !checkout.termsAccepted) ? null : walletButton?.(typedBilling)}
      {checkout.error ? (
        <Alert tone="error" id={CHECKOUT_ERROR_ID} tabIndex={-1}>
          {checkout.error.message}
        </Alert>
      ) : null}
      {cardField}
      {terms ? (
        <>
          <CardOnFileTerms terms={terms} securing={securing} />
          <RequiredBox box={consent} label={CHECKOUT_MESSAGES.cardOnFileConsent} />
        </>
      ) : null}
      <Button type="submit" size="lg" disabled={checkout.processing}>
        {securing ? CHECKOUT_MESSAGES.saveCard : `Pay ${formatPence(page.amount)}`}
      </Button>
    </form>
  );
}
