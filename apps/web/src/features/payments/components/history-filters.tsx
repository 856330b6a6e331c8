import {
  HISTORY_MESSAGES,
  MAX_SEARCH_LENGTH,
  PAYMENT_STATUS_LABELS,
  paymentTypeLabel,
} from '@clinicpay/shared';
import { Search } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { DateRangePicker } from '@/components/ui/date-range-picker';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { type DayRange, formatDayNumeric, fromIsoDay, toIsoDay } from '@/lib/date-ranges';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { type PaymentListFilters, STATUS_FILTERS, TYPE_FILTERS } from '../api/list-payments';

const SEARCH_DELAY_MS = 300;

function rangeOf(filters: PaymentListFilters): DayRange | null {
  const from = fromIsoDay(filters.from);
  const to = fromIsoDay(filters.to);
  return from && to ? { from, to } : null;
}

/**
 * The Payment History filter bar (docs/product.md#payment-history): search, date range, type and status
 * (all by default).
 */
export function HistoryFilters({
  filters,
  onChange,
  action,
}: {
  filters: PaymentListFilters;
  onChange: (change: Partial<PaymentListFilters>) => void;
  /** The bar's last item (the 'Download Report' button, docs/product.md#payment-history). */
  action?: ReactNode;
}) {
  const [search, setSearch] = useState(filters.search ?? '');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  useEffect(() => {
    if (debouncedSearch !== (filters.search ?? '')) onChange({ search: debouncedSearch || undefined });
  }, [debouncedSearch, filters.search, onChange]);

  const changeRange = (range: DayRange | null) => {
    if (range) {
      onChange({ from: toIsoDay(range.from), to: toIsoDay(range.to) });
      toast.info(HISTORY_MESSAGES.filtering(formatDayNumeric(range.from), formatDayNumeric(range.to)));
    } else {
      onChange({ from: undefined, to: undefined });
      toast.info(HISTORY_MESSAGES.dateFilterCleared);
    }
  };

  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1.5fr_1fr_1fr_auto] lg:items-end">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="history-search">Search</Label>
        <div className="relative">
          <Search className="absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
          <Input
            id="history-search"
            type="search"
            className="pl-9"
            placeholder="Patient name, email, phone or reference"
            maxLength={MAX_SEARCH_LENGTH}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="history-dates">Date range</Label>
        <DateRangePicker id="history-dates" value={rangeOf(filters)} onChange={changeRange} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="history-type">Type</Label>
        <Select
          value={filters.type}
          onValueChange={(type) => onChange({ type: type as PaymentListFilters['type'] })}
        >
          <SelectTrigger id="history-type">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {TYPE_FILTERS.map((type) => (
              <SelectItem key={type} value={type}>
                {type === 'all' ? 'All types' : paymentTypeLabel(type)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="history-status">Status</Label>
        <Select
          value={filters.status}
          onValueChange={(status) => onChange({ status: status as PaymentListFilters['status'] })}
        >
          <SelectTrigger id="history-status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {STATUS_FILTERS.map((status) => (
              <SelectItem key={status} value={status}>
                {status === 'all' ? 'All statuses' : PAYMENT_STATUS_LABELS[status]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {action ? <div className="flex items-end">{action}</div> : null}
    </div>
  );
}
