import { Slot } from '@radix-ui/react-slot';
import { type ComponentProps, createContext, type ReactElement, type ReactNode, useContext } from 'react';
import { cn } from '@/lib/cn';
import type { ErrorEntry, FormErrors } from '@/lib/form-errors';
import { Label } from './label';

const FormErrorsContext = createContext<FormErrors | null>(null);

/**
 * A form that lays out its messages by the one pattern (lib/form-errors.ts): the summary or the shared
 * messages at the top, each field's own message under it. Browser validation is off: the app's is
 * announced and worded by the spec.
 */
export function Form({
  errors,
  children,
  ...props
}: Omit<ComponentProps<'form'>, 'noValidate'> & { errors: FormErrors }) {
  return (
    <form noValidate {...props}>
      <FormErrorsContext.Provider value={errors}>
        <ErrorSummary errors={errors} />
        {children}
      </FormErrorsContext.Provider>
    </form>
  );
}

/** Moves to a field from the summary without changing the address (GOV.UK "Error summary"). */
function goTo(event: React.MouseEvent<HTMLAnchorElement>, fieldId: string) {
  const field = document.getElementById(fieldId);
  if (!field) return;
  event.preventDefault();
  field.focus();
  field.scrollIntoView?.({ block: 'center' });
}

/**
 * The top of a form: the form-level message (announced at once), then on a long form 'There is a
 * problem' with every message linking to its field, or on a short form only the messages several
 * fields share, each once.
 */
export function ErrorSummary({ errors }: { errors: FormErrors }) {
  const shown = errors.summary ? errors.entries : errors.entries.filter((entry) => entry.shared);
  if (!errors.root && shown.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      {errors.root ? (
        <p
          role="alert"
          id={`${errors.formId}-error-root`}
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          {errors.root}
        </p>
      ) : null}
      {shown.length === 0 ? null : errors.summary ? (
        <SummaryBox formId={errors.formId} entries={shown} />
      ) : (
        <div className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {shown.map((entry) => (
            <p key={entry.id} id={entry.id}>
              {entry.message}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}

function SummaryBox({ formId, entries }: { formId: string; entries: ErrorEntry[] }) {
  return (
    <div className="rounded-md border-2 border-red-700 bg-white p-4">
      <h2 id={`${formId}-error-title`} className="text-base font-semibold text-red-900">
        There is a problem
      </h2>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {entries.map((entry) => (
          <li key={entry.id}>
            <a
              id={entry.id}
              href={`#${entry.fieldId}`}
              className="font-medium text-red-800 underline"
              onClick={(event) => goTo(event, entry.fieldId)}
            >
              {entry.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

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
