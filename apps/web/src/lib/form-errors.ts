/**
 * One error pattern for every form (docs/decisions/0027-one-form-error-pattern-and-page-frame.md): each
 * message is tied to its field (aria-invalid, aria-describedby), a text several fields share (the spec's
 * 'Please fill in all fields') is shown once, focus goes to the first invalid field once the messages
 * are on screen, and long forms list their messages in an error summary.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api-client';

/** Forms with at least this many fields get an error summary (GOV.UK "Error summary"). */
export const SUMMARY_MIN_FIELDS = 4;

export interface FieldErrorState {
  /** The control's id. */
  id: string;
  invalid: boolean;
  /** Shown under the field: a message that no other field shares. */
  inlineMessage?: string;
  /** The element that carries the field's message: under the field, or once at the top of the form. */
  messageId?: string;
}

export interface ErrorEntry {
  message: string;
  /** The first field's name as its label reads: what the summary links by, for a field's own message. */
  label: string;
  /** Where the message is shown at the top of the form. */
  id: string;
  /** The first field it belongs to; the summary links there. */
  fieldId: string;
  /** Several fields share it, so it is shown only at the top. */
  shared: boolean;
}

export interface FormErrors {
  formId: string;
  fields: Record<string, FieldErrorState>;
  /** Every distinct field message once, in the form's field order. */
  entries: ErrorEntry[];
  /** A message about the whole form (usually the server's). */
  root?: string;
  /**
   * Long forms list every entry in a summary: a shared message by its text (shown only there), a
   * field's own message by the field's name (its text is under the field), so each text is on screen
   * once. Short forms show only shared and root messages at the top.
   */
  summary: boolean;
  /** The first invalid control's id, in the form's order. */
  firstInvalidId?: string;
}

interface DescribeOptions {
  /** Prefix of the ids of the summary's parts; unique on the page. */
  formId: string;
  /** Field names in the order they appear. */
  fields: readonly string[];
  messages: Partial<Record<string, string | undefined>>;
  root?: string;
  /** Prefix of each control's id (default none: the control's id is the field's name). */
  idPrefix?: string;
  summary?: boolean;
  /** Each field's name as the summary links to it (default the field's own name). */
  labels?: Partial<Record<string, string>>;
}

/** Lays out a form's messages: which to show under which field, which once at the top, and the ids. */
export function describeFormErrors(options: DescribeOptions): FormErrors {
  const { formId, fields, messages, root, idPrefix = '' } = options;
  const uses = new Map<string, number>();
  for (const name of fields) {
    const message = messages[name];
    if (message) uses.set(message, (uses.get(message) ?? 0) + 1);
  }
  const entries: ErrorEntry[] = [];
  const states: Record<string, FieldErrorState> = {};
  for (const name of fields) {
    const id = `${idPrefix}${name}`;
    const message = messages[name];
    if (!message) {
      states[name] = { id, invalid: false };
      continue;
    }
    const shared = (uses.get(message) ?? 0) > 1;
    let entry = entries.find((candidate) => candidate.message === message);
    if (!entry) {
      const label = options.labels?.[name] ?? name;
      entry = { message, label, id: `${formId}-error-${entries.length + 1}`, fieldId: id, shared };
      entries.push(entry);
    }
    states[name] = shared
      ? { id, invalid: true, messageId: entry.id }
      : { id, invalid: true, inlineMessage: message, messageId: `${id}-error` };
  }
  return {
    formId,
    fields: states,
    entries,
    root,
    summary: options.summary ?? fields.length >= SUMMARY_MIN_FIELDS,
    firstInvalidId: entries[0]?.fieldId,
  };
}

export interface FormErrorsHandle extends FormErrors {
  /** Moves focus to the first invalid field once the messages are drawn (e.g. after server errors). */
  focusFirstInvalid: () => void;
}

/**
 * The error layout of a react-hook-form form. Give the form `shouldFocusError: false`: focus moves here,
 * after React has drawn the messages, so a screen reader reads the field's message as it lands on it.
 */
export function useFormErrors<T extends FieldValues>(
  // biome-ignore lint/suspicious/noExplicitAny: any form, whatever its context and output types
  form: UseFormReturn<T, any, any>,
  fields: readonly Path<T>[],
  options: Pick<DescribeOptions, 'formId' | 'idPrefix' | 'summary' | 'labels'>,
): FormErrorsHandle {
  const { errors, submitCount } = form.formState;
  const messages: Record<string, string | undefined> = {};
  for (const name of fields) messages[name] = errors[name]?.message as string | undefined;
  const described = describeFormErrors({
    ...options,
    fields,
    messages,
    root: errors.root?.message,
  });

  const latest = useRef(described);
  latest.current = described;
  const [focusRequests, setFocusRequests] = useState(0);
  // Only a submit or a request moves focus; the latest layout is read through the ref.
  useEffect(() => {
    const id = latest.current.firstInvalidId;
    if ((submitCount > 0 || focusRequests > 0) && id) document.getElementById(id)?.focus();
  }, [submitCount, focusRequests]);
  const focusFirstInvalid = useCallback(() => setFocusRequests((count) => count + 1), []);

  return { ...described, focusFirstInvalid };
}

/**
 * Puts the server's field messages under the matching form fields; returns true if any matched. Given
 * the form's error handle, only the fields it shows count, and focus moves to the first of them.
 */
export function showServerFieldErrors<T extends FieldValues, Parsed extends FieldValues = T>(
  form: UseFormReturn<T, unknown, Parsed>,
  error: unknown,
  errors?: Pick<FormErrorsHandle, 'focusFirstInvalid' | 'fields'>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if (errors ? field in errors.fields : field in form.getValues()) {
      form.setError(field as Path<T>, { message });
      shown = true;
    }
  }
  if (shown) errors?.focusFirstInvalid();
  return shown;
}
