/** What the date range picker (date-range-picker.tsx) is given, and what its button says. */
import { CalendarDays } from 'lucide-react';
import type { DayRange } from '@/lib/date-ranges';
import { formatDayNumeric } from '@/lib/date-ranges';

export interface DateRangePickerProps {
  id: string;
  value: DayRange | null;
  /** Called with a complete range (both days chosen) or null when cleared. */
  onChange: (range: DayRange | null) => void;
  placeholder?: string;
  className?: string;
}

/** What the picker's button says: the range chosen, or the placeholder. */
export function TriggerText({ value, placeholder }: { value: DayRange | null; placeholder: string }) {
  return (
    <>
      <CalendarDays className="h-4 w-4" aria-hidden />
      {value ? `${formatDayNumeric(value.from)} – ${formatDayNumeric(value.to)}` : placeholder}
    </>
  );
}
