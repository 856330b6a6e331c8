import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface Figure {
  label: string;
  value: ReactNode;
  /** A part of the figure above it ('of which …'), set in under it. */
  part?: boolean;
  /** The bottom line, in bold above a rule. */
  total?: boolean;
}

/** A statement's figures as a definition list: each label beside its amount, amounts aligned right. */
export function FigureList({ figures }: { figures: Figure[] }) {
  return (
    <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-6 text-sm">
      {figures.map((figure) => (
        <div
          key={figure.label}
          className={cn(
            'col-span-2 grid grid-cols-subgrid border-b border-slate-100 py-2',
            figure.total && 'border-t-2 border-b-0 border-t-slate-300 font-semibold',
          )}
        >
          <dt
            className={cn(
              figure.part ? 'pl-6 text-slate-600' : 'text-slate-800',
              figure.total && 'text-slate-900',
            )}
          >
            {figure.label}
          </dt>
          <dd className="text-right tabular-nums">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
