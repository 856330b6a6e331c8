import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';

export interface SandboxCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Parses the three boxes; an incomplete card counts as empty, as with Stripe Elements. */
export function completeCard(number: string, expiry: string, cvc: string): SandboxCard | null {
  const digits = number.replace(/\D/g, '');
  const expiryMatch = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (digits.length < 13 || digits.length > 19 || !expiryMatch || !/^\d{3,4}$/.test(cvc)) return null;
  return { number: digits, expMonth: Number(expiryMatch[1]), expYear: 2000 + Number(expiryMatch[2]), cvc };
}

/**
 * The sandbox's card field: card number, expiry and CVC (no postal code, like the Elements card field
 * of spec §2), clearly marked as the sandbox. Reports a complete card or null.
 */
export function SandboxCardField({ onChange }: { onChange: (card: SandboxCard | null) => void }) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const update = (next: { number?: string; expiry?: string; cvc?: string }) => {
    const values = { number, expiry, cvc, ...next };
    setNumber(values.number);
    setExpiry(values.expiry);
    setCvc(values.cvc);
    onChange(completeCard(values.number, values.expiry, values.cvc));
  };
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50/40 p-3">
      <legend className="flex items-center gap-2 px-1 text-sm font-medium">
        Card details <Badge tone="amber">Sandbox</Badge>
      </legend>
      <p className="text-xs text-slate-600">
        Test cards only, e.g. 4242 4242 4242 4242. No real money moves.
      </p>
      <label htmlFor={`${id}-number`} className="sr-only">
        Card number
      </label>
      <Input
        id={`${id}-number`}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="Card number"
        value={number}
        onChange={(event) => update({ number: event.target.value })}
      />
      <div className="grid grid-cols-2 gap-2">
        <label htmlFor={`${id}-expiry`} className="sr-only">
          Expiry (MM/YY)
        </label>
        <Input
          id={`${id}-expiry`}
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={expiry}
          onChange={(event) => update({ expiry: event.target.value })}
        />
        <label htmlFor={`${id}-cvc`} className="sr-only">
          CVC
        </label>
        <Input
          id={`${id}-cvc`}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="CVC"
          value={cvc}
          onChange={(event) => update({ cvc: event.target.value })}
        />
      </div>
    </fieldset>
  );
}
