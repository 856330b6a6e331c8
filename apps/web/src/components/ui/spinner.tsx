import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A spinner with its text, announced to screen readers. */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center gap-2 text-slate-600', className)}>
      <Loader2 className="h-5 w-5 animate-spin" aria-hidden />
      <span>{label}</span>
    </div>
  );
}
