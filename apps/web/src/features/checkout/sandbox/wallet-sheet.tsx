/**
 * The sandbox wallet's simulated sheet, in a dialog. Its own chunk, loaded when the patient first opens
 * it: Radix Dialog with its scroll lock and focus trap is about 13 kB gzipped that most visits to the
 * payment page never use (decision 0113).
 */
import {
  formatPence,
  type PayerDetails,
  type PayerDetailsForm,
  type PublicPaymentData,
  payerDetailsSchema,
} from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog-parts';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFormErrors } from '@/lib/form-errors';
import type { Billing } from '../lib/use-checkout';
import type { SandboxCard } from './sandbox-card-field';
import { SANDBOX_WALLET_NAME } from './wallet-name';

const PAYER_FIELDS = ['name', 'email', 'phone'] as const;

/** Stripe's documented test cards, as a device wallet would hold them. */
const WALLET_CARDS = [
  { label: 'Visa •••• 4242 (succeeds)', number: '4242424242424242' },
  { label: 'Visa •••• 3155 (needs 3-D Secure)', number: '4000002500003155' },
  { label: 'Visa •••• 0002 (declined)', number: '4000000000000002' },
  { label: 'Visa •••• 9995 (insufficient funds)', number: '4000000000009995' },
] as const;

function walletCard(number: string): SandboxCard {
  return { number, expMonth: 12, expYear: new Date().getFullYear() + 5, cvc: '123' };
}

export interface WalletSheetDialogProps {
  page: PublicPaymentData;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the patient has typed on the form, standing in for the details a device wallet holds. */
  typedBilling: () => Billing;
  onPay: (billing: Billing, card: SandboxCard) => void;
}

/** The simulated wallet sheet: the payer's name, email and phone and a test card, handed back on Pay. */
export default function WalletSheetDialog({
  page,
  open,
  onOpenChange,
  typedBilling,
  onPay,
}: WalletSheetDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <WalletSheet
          page={page}
          payer={typedBilling()}
          onPay={(billing, card) => {
            onOpenChange(false);
            onPay(billing, card);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function WalletSheet({
  page,
  payer,
  onPay,
}: {
  page: PublicPaymentData;
  payer: Billing;
  onPay: (billing: Billing, card: SandboxCard) => void;
}) {
  const id = useId();
  const [cardNumber, setCardNumber] = useState<string>(WALLET_CARDS[0].number);
  const form = useForm<PayerDetailsForm, unknown, PayerDetails>({
    resolver: zodResolver(payerDetailsSchema),
    defaultValues: { name: payer.name, email: payer.email, phone: payer.phone ?? '' },
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  // The app's one form pattern: focus on the first wrong field once its message is drawn.
  useFormErrors(form, PAYER_FIELDS, { formId: `${id}-wallet`, idPrefix: `${id}-` });
  const submit = form.handleSubmit((validated) => onPay(validated, walletCard(cardNumber)));

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <DialogTitle className="flex items-center gap-2">
        {SANDBOX_WALLET_NAME} <Badge tone="amber">Sandbox</Badge>
      </DialogTitle>
      <DialogDescription>
        A simulated wallet: the sandbox stands in for the device. No real money moves. Pay {page.clinic.name}{' '}
        {formatPence(page.amount)}.
      </DialogDescription>
      <FormField id={`${id}-name`} label="Payer name" error={errors.name?.message}>
        <Input id={`${id}-name`} {...form.register('name')} />
      </FormField>
      <FormField id={`${id}-email`} label="Payer email" error={errors.email?.message}>
        <Input id={`${id}-email`} type="email" {...form.register('email')} />
      </FormField>
      <FormField id={`${id}-phone`} label="Payer phone" error={errors.phone?.message}>
        <Input id={`${id}-phone`} type="tel" {...form.register('phone')} />
      </FormField>
      <FormField id={`${id}-card`} label="Wallet card">
        <select
          id={`${id}-card`}
          value={cardNumber}
          onChange={(event) => setCardNumber(event.target.value)}
          className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
        >
          {WALLET_CARDS.map((card) => (
            <option key={card.number} value={card.number}>
              {card.label}
            </option>
          ))}
        </select>
      </FormField>
      <Button type="submit" className="bg-black hover:bg-slate-800">
        Pay {formatPence(page.amount)}
      </Button>
    </form>
  );
}
