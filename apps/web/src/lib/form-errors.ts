import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api-client';

/** Puts the server's field messages under the matching form fields; returns true if any matched. */
export function showServerFieldErrors<T extends FieldValues, Parsed extends FieldValues = T>(
  form: UseFormReturn<T, unknown, Parsed>,
  error: unknown,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if (field in form.getValues()) {
      form.setError(field as Path<T>, { message });
      shown = true;
    }
  }
  return shown;
}
