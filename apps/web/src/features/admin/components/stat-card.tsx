import { FIGURE_TEXTS } from '@clinicpay/shared';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** '+12.5%', '-2.1%', '0%': the change's sign is written, not only coloured. */
export function formatChange(change: number): string {
  return `${change > 0 ? '+' : ''}${change.toLocaleString('en-GB', { maximumFractionDigits: 1 })}%`;
}

export function ChangeText({ change }: { change: number | null }) {
  if (change === null) return <span>{FIGURE_TEXTS.allTime}</span>;
  const Icon = change > 0 ? ArrowUpRight : change < 0 ? ArrowDownRight : Minus;
  const tone = change > 0 ? 'text-green-700' : change < 0 ? 'text-red-700' : 'text-slate-600';
  return (
    <span className={`inline-flex items-center gap-1 ${tone}`}>
      <Icon className="h-3.5 w-3.5" aria-hidden />
      {formatChange(change)} from previous period
    </span>
  );
}

/**
 * One figure with a title, what it counts (`explanation`) and a line under it (a change, a count).
 */
export function StatCard({
  title,
  value,
  explanation,
  detail,
  busy,
}: {
  title: string;
  value: ReactNode;
  explanation?: ReactNode;
  detail?: ReactNode;
  busy?: boolean;
}) {
  return (
    <Card className="h-full">
      <CardHeader className="pb-2">
        <CardTitle className="text-sm font-medium text-slate-600">{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-1">
        <p className="text-2xl font-bold" aria-busy={busy}>
          {value}
        </p>
        {explanation ? <p className="text-xs text-slate-600">{explanation}</p> : null}
        {detail ? <p className="text-xs text-slate-600">{detail}</p> : null}
      </CardContent>
    </Card>
  );
}
