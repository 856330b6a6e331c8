import type { ComponentProps, MouseEvent } from 'react';
import type { ErrorEntry, FormErrors } from '@/lib/form-errors';
import { FormErrorsContext } from './form-field';

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
function goTo(event: MouseEvent<HTMLAnchorElement>, fieldId: string) {
  const field = document.getElementById(fieldId);
  if (!field) return;
  event.preventDefault();
  field.focus();
  field.scrollIntoView?.({ block: 'center' });
}

/**
 * The top of a form: the form-level message (announced at once), then on a long form 'There is a
 * problem' linking to every invalid field (a shared message by its text, which is shown only here; a
 * field's own message by the field's name, as its text is under the field), or on a short form only
 * the messages several fields share. Each text is on screen once.
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
              {entry.shared ? entry.message : entry.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
