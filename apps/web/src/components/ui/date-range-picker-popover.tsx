import { enGB } from 'date-fns/locale';
import { useState } from 'react';
import { type DateRange, DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { cn } from '@/lib/cn';
import { type DayRange, RANGE_PRESETS } from '@/lib/date-ranges';
import { useMediaQuery } from '@/lib/use-media-query';
import { Button } from './button';
import { type DateRangePickerProps, TriggerText } from './date-range-picker-trigger';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

/**
 * The date range picker on Radix's popover, with react-day-picker (date-range-picker.tsx loads it when
 * the picker is first opened, decision 0127, and it opens at once): one month below 768 px, two
 * otherwise, with the presets last 7 days, this month, last month, year to date and clear
 * (docs/product.md#constants).
 */
export default function DateRangePickerPopover({
  id,
  value,
  onChange,
  placeholder = 'All dates',
  className,
}: DateRangePickerProps) {
  const [open, setOpen] = useState(true);
  const [draft, setDraft] = useState<DateRange | undefined>(value ?? undefined);
  const wide = useMediaQuery('(min-width: 768px)');

  const choose = (range: DayRange | null) => {
    onChange(range);
    setDraft(range ?? undefined);
    setOpen(false);
  };

  // The first click starts a range and the second ends it (in either order); only then does it apply.
  const onDayClick = (_range: DateRange | undefined, day: Date) => {
    const start = draft?.from && !draft.to ? draft.from : null;
    if (!start) return setDraft({ from: day, to: undefined });
    choose(day < start ? { from: day, to: start } : { from: start, to: day });
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setDraft(value ?? undefined);
      }}
    >
      <PopoverTrigger asChild>
        <Button id={id} variant="outline" className={cn('w-full justify-start font-normal', className)}>
          <TriggerText value={value} placeholder={placeholder} />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="flex flex-col gap-3 md:flex-row">
        <fieldset className="flex flex-wrap gap-1 md:flex-col" aria-label="Date presets">
          {RANGE_PRESETS.map((preset) => (
            <Button
              key={preset.label}
              variant="ghost"
              size="sm"
              className="justify-start"
              onClick={() => choose(preset.range(new Date()))}
            >
              {preset.label}
            </Button>
          ))}
          <Button variant="ghost" size="sm" className="justify-start" onClick={() => choose(null)}>
            Clear
          </Button>
        </fieldset>
        <DayPicker
          mode="range"
          locale={enGB}
          numberOfMonths={wide ? 2 : 1}
          selected={draft}
          onSelect={onDayClick}
          defaultMonth={draft?.from ?? value?.from}
          style={{ '--rdp-accent-color': 'var(--color-brand-700)' } as React.CSSProperties}
        />
      </PopoverContent>
    </Popover>
  );
}
