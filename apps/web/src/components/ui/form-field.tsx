import { Slot } from '@radix-ui/react-slot';
import { createContext, type ReactElement, type ReactNode, useContext } from 'react';
import { cn } from '@/lib/cn';
import type { FormErrors } from '@/lib/form-errors';
import { Label } from './label';

/** The errors of the surrounding Form (form.tsx); none around the payment form, which sets its own. */
export const FormErrorsContext = createContext<FormErrors | null>(null);

/** What a field's control carries: its id and what describes it. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FormFieldProps {
  /** The field's name in the surrounding Form, whose errors then decide its state. */
  name?: string;
  /** The control's id, when not named in a Form. */
  id?: string;
  label: ReactNode;
  /** The message under the field, when not named in a Form. */
  error?: string;
  /** A lasting hint under the control, read with it. */
  hint?: ReactNode;
  /** Label after the control, as a checkbox has it. */
  inline?: boolean;
  className?: string;
  /** The control (it receives id and aria attributes), or a function that places them itself. */
  children: ReactElement | ((control: ControlProps) => ReactNode);
}

/** A label, its control, a hint and the field's own message, tied together for assistive technology. */
export function FormField({ name, id, label, error, hint, inline, className, children }: FormFieldProps) {
  const state = useContext(FormErrorsContext)?.fields[name ?? ''];
  const controlId = id ?? state?.id ?? name ?? '';
  const message = state ? state.inlineMessage : error;
  const messageId = state ? state.messageId : error ? `${controlId}-error` : undefined;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const control: ControlProps = {
    id: controlId,
    'aria-invalid': (state?.invalid ?? Boolean(error)) || undefined,
    'aria-describedby': [messageId, hintId].filter(Boolean).join(' ') || undefined,
  };
  const rendered = typeof children === 'function' ? children(control) : <Slot {...control}>{children}</Slot>;
  const labelled = inline ? (
    <div className="flex items-start gap-2">
      {rendered}
      <Label htmlFor={controlId} className="font-normal">
        {label}
      </Label>
    </div>
  ) : (
    <>
      <Label htmlFor={controlId}>{label}</Label>
      {rendered}
    </>
  );
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      {labelled}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {message ? (
        <p id={messageId} className="text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </div>
  );
}
