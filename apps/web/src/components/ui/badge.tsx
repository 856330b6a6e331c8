import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * The badge colours of docs/product.md#payment-statuses: green, blue, yellow, grey otherwise; red for a
 * provider account whose payments are paused (decision 0080).
 */
const tones = {
  green: 'bg-green-100 text-green-800',
  blue: 'bg-blue-100 text-blue-800',
  yellow: 'bg-yellow-100 text-yellow-800',
  red: 'bg-red-100 text-red-800',
  grey: 'bg-slate-100 text-slate-700',
  amber: 'border border-amber-400 bg-amber-50 text-amber-800',
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({ tone = 'grey', className, ...props }: ComponentProps<'span'> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
