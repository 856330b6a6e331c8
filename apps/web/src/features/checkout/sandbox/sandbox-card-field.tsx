import type { SandboxConfirmBody } from '@clinicpay/shared';
import { type Ref, useId, useImperativeHandle, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Label } from '@/components/ui/label';
import { type CardPart, CHECKOUT_ERROR_ID, type CheckoutError } from '../lib/use-checkout';
import {
  checkCardNumber,
  checkCvc,
  checkExpiry,
  cvcLength,
  digitsOf,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  type PartCheck,
} from './card-entry';
import { FormattedInput } from './formatted-input';

/** The test card the sandbox confirms (packages/shared's confirm body). */
export type SandboxCard = SandboxConfirmBody['card'];

/** What the payment form asks of the card field when Pay is pressed with an incomplete card. */
export interface CardFieldHandle {
  /** Shows every part's message; with `focus`, moves focus to the first part that is wrong. */
  revealErrors(focus: boolean): void;
}

type Part = CardPart;
const PARTS: Part[] = ['number', 'expiry', 'cvc'];

interface Values {
  number: string;
  expiry: string;
  cvc: string;
}

function checkAll(values: Values): Record<Part, PartCheck> {
  return {
    number: checkCardNumber(values.number),
    expiry: checkExpiry(values.expiry),
    cvc: checkCvc(values.cvc, values.number),
  };
}

/** The card the three parts make, or null while any part is wrong: an incomplete card counts as empty. */
export function completeCard(values: Values): SandboxCard | null {
  const checks = checkAll(values);
  if (!PARTS.every((part) => checks[part].complete)) return null;
  const expiry = digitsOf(values.expiry);
  return {
    number: digitsOf(values.number),
    expMonth: Number(expiry.slice(0, 2)),
    expYear: 2000 + Number(expiry.slice(2, 4)),
    cvc: values.cvc,
  };
}

/**
 * The sandbox's card field: card number, expiry and CVC with visible labels (no postal code, like the
 * Elements card field of docs/product.md#payment-page), clearly marked as the sandbox. Formats as the
 * patient types or pastes and checks each part inline, as Elements does (decision 0024): a part's
 * message shows as soon as
 * no more typing can mend it (a wrong check digit, month 13, a past date), and on every part when Pay
 * is pressed. Not on leaving a part: a message appearing then moves the Pay button under the pointer
 * between press and release, and the click is lost. Each message is tied to its input and announced.
 * Reports a complete card, or null. The last attempt's refusal, when it is about the card, marks the
 * part it names invalid and described by the form's alert, until that card is changed.
 */
export function SandboxCardField({
  onChange,
  refusal,
  ref,
}: {
  onChange: (card: SandboxCard | null) => void;
  refusal?: CheckoutError | null;
  ref?: Ref<CardFieldHandle>;
}) {
  const id = useId();
  const [values, setValues] = useState<Values>({ number: '', expiry: '', cvc: '' });
  // Pay was pressed: every part says what it needs, not only those no more typing can mend.
  const [revealed, setRevealed] = useState(false);
  const inputs = useRef<Partial<Record<Part, HTMLInputElement | null>>>({});
  const checks = checkAll(values);
  const messageOf = (part: Part) => (revealed || checks[part].definite ? checks[part].message : null);
  // The refusal the card was last changed under: one the card has been changed since is no longer its.
  const [changedUnder, setChangedUnder] = useState<CheckoutError | null>(null);
  const refusedPart = refusal !== changedUnder ? refusal?.cardPart : undefined;

  useImperativeHandle(ref, () => ({
    revealErrors(focus) {
      setRevealed(true);
      const firstWrong = PARTS.find((part) => !checks[part].complete);
      if (focus && firstWrong) inputs.current[firstWrong]?.focus();
    },
  }));

  const update = (part: Part, value: string) => {
    const next = { ...values, [part]: value };
    // A new brand may take a shorter security code (4 digits for American Express, 3 for Visa).
    next.cvc = formatCvc(next.cvc, next.number);
    setValues(next);
    setChangedUnder(refusal ?? null);
    onChange(completeCard(next));
  };
  const partProps = (part: Part) => {
    const message = messageOf(part);
    const refused = refusedPart === part;
    const hint = part === 'cvc' ? `${id}-cvc-hint` : '';
    return {
      id: `${id}-${part}`,
      ref: (element: HTMLInputElement | null) => {
        inputs.current[part] = element;
      },
      value: values[part],
      onValueChange: (value: string) => update(part, value),
      'aria-invalid': message || refused ? true : undefined,
      'aria-describedby':
        [hint, message ? `${id}-${part}-error` : '', refused ? CHECKOUT_ERROR_ID : '']
          .filter(Boolean)
          .join(' ') || undefined,
    };
  };
  const error = (part: Part) => {
    const message = messageOf(part);
    // The live region is always in the page, so it is known before a message appears in it.
    return (
      <div aria-live="polite">
        {message ? (
          <p id={`${id}-${part}-error`} className="mt-1.5 text-sm text-red-700">
            {message}
          </p>
        ) : null}
      </div>
    );
  };
  const amex = cvcLength(values.number) === 4 && digitsOf(values.number).length > 0;

  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-md border border-amber-400 bg-amber-50/40 p-3">
      <legend className="flex items-center gap-2 px-1 text-sm font-medium">
        Card details <Badge tone="amber">Sandbox</Badge>
      </legend>
      <p className="text-xs text-slate-700">
        Test cards only, e.g. 4242 4242 4242 4242. No real money moves.
      </p>
      <div className="flex flex-col">
        <Label htmlFor={`${id}-number`} className="mb-1.5">
          Card number
        </Label>
        <FormattedInput
          {...partProps('number')}
          format={formatCardNumber}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
        />
        {error('number')}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex min-w-0 flex-col">
          <Label htmlFor={`${id}-expiry`} className="mb-1.5">
            Expiry (MM/YY)
          </Label>
          <FormattedInput
            {...partProps('expiry')}
            format={formatExpiry}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
          />
          {error('expiry')}
        </div>
        <div className="flex min-w-0 flex-col">
          <Label htmlFor={`${id}-cvc`} className="mb-1.5">
            CVC
          </Label>
          <FormattedInput
            {...partProps('cvc')}
            format={(value) => formatCvc(value, values.number)}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder={amex ? '1234' : '123'}
          />
          <p id={`${id}-cvc-hint`} className="mt-1.5 text-xs text-slate-700">
            {amex ? '4 digits on the front of your card' : '3 digits on the back of your card'}
          </p>
          {error('cvc')}
        </div>
      </div>
    </fieldset>
  );
}
