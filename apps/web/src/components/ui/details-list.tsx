import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A description list of a thing's facts, terms in a narrow column beside their values (a payout's
 * summary, a dispute's, a patient's). Its children are DetailsRow elements.
 */
export function DetailsList({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <dl className={cn('grid grid-cols-[minmax(0,10rem)_minmax(0,1fr)] gap-x-3 gap-y-2', className)}>
      {children}
    </dl>
  );
}

/** One term of a DetailsList and its value; a long value breaks rather than widening the page. */
export function DetailsRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}
