import { useState } from 'react';
import { FormField } from '@/components/ui/form-field';

/**
 * A box the patient must tick to pay, never ticked for them (the card-on-file consent, decision 0092;
 * the clinic's payment terms, docs/decisions/0107-payment-terms.md): whether it is ticked, its message,
 * `require` (says the message when unticked; true when it was) and `focus`. `checked`/`setChecked`
 * may be held elsewhere (the checkout holds the terms box, which a wallet payment also sends).
 */
export function useRequiredBox(
  id: string,
  message: string,
  held?: { checked: boolean; setChecked: (checked: boolean) => void },
) {
  const [own, setOwn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const checked = held ? held.checked : own;
  const setChecked = held ? held.setChecked : setOwn;
  return {
    id,
    checked,
    error,
    setError,
    change(next: boolean) {
      setChecked(next);
      if (next) setError(null);
    },
    require() {
      if (checked) return false;
      setError(message);
      return true;
    },
    focus: () => document.getElementById(id)?.focus(),
  };
}

/** The box itself, its label beside it and its message tied to it. */
export function RequiredBox({ box, label }: { box: ReturnType<typeof useRequiredBox>; label: string }) {
  return (
    <FormField id={box.id} label={label} error={box.error ?? undefined} inline>
      <input
        type="checkbox"
        className="mt-0.5 h-5 w-5 shrink-0"
        checked={box.checked}
        onChange={(event) => box.change(event.currentTarget.checked)}
      />
    </FormField>
  );
}
