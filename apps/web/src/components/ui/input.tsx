import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const fieldClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50 aria-invalid:border-red-500';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn('h-10', fieldClass, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn('min-h-28', fieldClass, className)} {...props} />;
}
