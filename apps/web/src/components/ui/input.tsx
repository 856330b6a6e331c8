import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

// Placeholders in slate-500 keep 4.5:1 on white (WCAG 1.4.3); an invalid field also gets a thicker
// border, so it is not told by colour alone.
export const fieldClass =
  'w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50 aria-invalid:border-2 aria-invalid:border-red-600';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn('h-10', fieldClass, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn('min-h-28', fieldClass, className)} {...props} />;
}

/** A checkbox beside its label (FormField `inline`), aligned with the label's first line. */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return <input type="checkbox" className={cn('mt-0.5 h-4 w-4 shrink-0', className)} {...props} />;
}
