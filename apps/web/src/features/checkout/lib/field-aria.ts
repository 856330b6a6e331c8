/**
 * A field's accessibility attributes (issue #14): invalid, and described by its message, which
 * FormField renders as `${id}-error`.
 */
export function fieldAria(id: string, message: string | undefined) {
  return {
    'aria-invalid': message ? true : undefined,
    'aria-describedby': message ? `${id}-error` : undefined,
  } as const;
}
