import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  success: 'border-green-200 bg-green-50 text-green-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  error: 'border-red-200 bg-red-50 text-red-900',
} as const;

/**
 * A message box; errors are announced to screen readers at once, other tones (a warning too: it asks
 * for something, but nothing has failed) politely.
 */
export function Alert({
  className,
  tone = 'info',
  ...props
}: ComponentProps<'div'> & { tone?: keyof typeof tones }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-md border p-4 text-sm', tones[tone], className)}
      {...props}
    />
  );
}
