/**
 * The audit logs' filters (decision 0124), the admin's and a clinic owner's alike: the action, from the
 * shared list with its labels, and a range of London days. `children` adds a log's own filters.
 */
import { ADMIN_CONSOLE_MESSAGES, AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from '@clinicpay/shared';
import type { ReactNode } from 'react';
import { DateRangePicker } from '@/components/ui/date-range-picker';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { type DayRange, fromIsoDay, toIsoDay } from '@/lib/date-ranges';

export interface AuditFilterValues {
  action?: string;
  /** First London day, YYYY-MM-DD. */
  from?: string;
  /** Last London day, whole. */
  to?: string;
}

export function AuditFilters({
  filters,
  onChange,
  children,
}: {
  filters: AuditFilterValues;
  onChange: (changes: AuditFilterValues) => void;
  children?: ReactNode;
}) {
  const from = fromIsoDay(filters.from);
  const to = fromIsoDay(filters.to);
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="audit-action">Action</Label>
        <NativeSelect
          id="audit-action"
          value={filters.action ?? ''}
          onChange={(event) => onChange({ action: event.target.value || undefined })}
        >
          <option value="">{ADMIN_CONSOLE_MESSAGES.auditAllActions}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTION_LABELS[action]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex w-full flex-col gap-1.5 sm:w-72">
        <Label htmlFor="audit-dates">Date range</Label>
        <DateRangePicker
          id="audit-dates"
          value={from && to ? { from, to } : null}
          onChange={(range: DayRange | null) =>
            onChange({
              from: range ? toIsoDay(range.from) : undefined,
              to: range ? toIsoDay(range.to) : undefined,
            })
          }
        />
      </div>
      {children}
    </div>
  );
}
