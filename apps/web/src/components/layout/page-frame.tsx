import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface PageFrameProps {
  title: ReactNode;
  description?: ReactNode;
  /** Beside the heading on wide screens, under it on narrow ones (a search box, a back link). */
  actions?: ReactNode;
  /** 'form' keeps a single form at a readable width, still aligned with every other page's heading. */
  width?: 'full' | 'form';
  children?: ReactNode;
}

/**
 * The one frame of every dashboard and admin page (decision 0027): the same width, the heading in the
 * same place, the page's actions beside it, and the content below.
 */
export function PageFrame({ title, description, actions, width = 'full', children }: PageFrameProps) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words">{title}</h1>
          {description ? <p className="mt-1 text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex w-full flex-wrap items-end gap-3 sm:w-auto">{actions}</div> : null}
      </div>
      <div className={cn('flex min-w-0 flex-col gap-6', width === 'form' && 'max-w-2xl')}>{children}</div>
    </div>
  );
}
