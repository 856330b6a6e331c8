import { lazy, Suspense, useState } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { type DateRangePickerProps, TriggerText } from './date-range-picker-trigger';

export type { DateRangePickerProps } from './date-range-picker-trigger';

// Radix's popover, react-day-picker and its styles: about 30 kB gzipped, loaded on the first opening.
const DateRangePickerPopover = lazy(() => import('./date-range-picker-popover'));

/**
 * A from–to day picker in a popover (docs/product.md#constants): one month below 768 px, two otherwise,
 * with the presets last 7 days, this month, last month, year to date and clear. Label it with
 * <Label htmlFor={id}>.
 *
 * Until it is first opened it is the button alone, as Radix's popover trigger renders it when closed; the
 * first press loads the popover with the calendar (date-range-picker-popover.tsx, decision 0127), which
 * opens at once and from then on stands in its place.
 */
export function DateRangePicker(props: DateRangePickerProps) {
  const [opened, setOpened] = useState(false);
  const { id, value, placeholder = 'All dates', className } = props;
  const closed = (
    <Button
      id={id}
      variant="outline"
      className={cn('w-full justify-start font-normal', className)}
      aria-haspopup="dialog"
      aria-expanded={false}
      data-state="closed"
      onClick={() => setOpened(true)}
    >
      <TriggerText value={value} placeholder={placeholder} />
    </Button>
  );
  if (!opened) return closed;
  return (
    <Suspense fallback={closed}>
      <DateRangePickerPopover {...props} />
    </Suspense>
  );
}
