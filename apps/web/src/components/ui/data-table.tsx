import type { MouseEvent, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useMediaQuery } from '@/lib/use-media-query';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'right';
  /** On a card the header is left out (an Actions column, whose buttons name themselves). */
  unlabelledOnCard?: boolean;
}

interface DataTableProps<T> {
  /** The table's name; or labelledBy, the id of a heading that names it. */
  label?: string;
  labelledBy?: string;
  /** The first column names the row: it heads each card on narrow screens. */
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** A click anywhere on the row; keyboards use the row's own first link or button. */
  onRowClick?: (row: T) => void;
  /** Shown instead of rows when there are none. */
  empty?: ReactNode;
  busy?: boolean;
  /**
   * Below this width every row is a card (docs/product.md#constants: 768 px; wide tables switch at
   * 1024 px).
   */
  cardsBelow?: 'md' | 'lg';
}

const QUERIES = { md: '(max-width: 767.98px)', lg: '(max-width: 1023.98px)' } as const;
const INTERACTIVE = 'a, button, input, select, textarea, [role="button"]';

/**
 * A table on wide screens and a list of stacked cards on narrow ones (decision 0027), so every column, the
 * status too, stays in view without a sideways scroll. A row click first moves focus to the row's own
 * link or button, so a dialog it opens hands focus back there.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { label, labelledBy, columns, rows, rowKey, onRowClick, empty, busy, cardsBelow = 'md' } = props;
  const cards = useMediaQuery(QUERIES[cardsBelow]);
  const clickRow = (row: T) => (event: MouseEvent<HTMLElement>) => {
    if (!onRowClick || (event.target as HTMLElement).closest(INTERACTIVE)) return;
    event.currentTarget.querySelector<HTMLElement>(INTERACTIVE)?.focus();
    onRowClick(row);
  };
  const naming = { 'aria-label': label, 'aria-labelledby': labelledBy, 'aria-busy': busy || undefined };

  if (cards) {
    if (rows.length === 0) return <p className="py-6 text-center text-sm text-slate-600">{empty}</p>;
    const [first, ...rest] = columns;
    return (
      <ul className="flex flex-col gap-3" {...naming}>
        {rows.map((row) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the card's own link or button serves keyboards
          <li
            key={rowKey(row)}
            className={cn(
              'rounded-md border border-slate-200 p-3 text-sm',
              onRowClick && 'cursor-pointer hover:bg-slate-50',
            )}
            onClick={clickRow(row)}
          >
            <div className="min-w-0 break-words">{first?.cell(row)}</div>
            <dl className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1">
              {rest
                .filter((column) => !column.unlabelledOnCard)
                .map((column) => (
                  <div key={column.header} className="contents">
                    <dt className="text-slate-600">{column.header}</dt>
                    <dd className="min-w-0 break-words">{column.cell(row)}</dd>
                  </div>
                ))}
            </dl>
            {rest
              .filter((column) => column.unlabelledOnCard)
              .map((column) => (
                <div key={column.header} className="mt-2">
                  {column.cell(row)}
                </div>
              ))}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <table className="w-full text-left text-sm" {...naming}>
      <thead className="border-b border-slate-200 text-slate-600">
        <tr>
          {columns.map((column) => (
            <th
              key={column.header}
              scope="col"
              className={cn('px-3 py-2 font-medium', column.align === 'right' && 'text-right')}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length} className="px-3 py-8 text-center text-slate-600">
              {empty}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr
              key={rowKey(row)}
              className={onRowClick ? 'cursor-pointer hover:bg-slate-50' : undefined}
              onClick={clickRow(row)}
            >
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={cn('px-3 py-2 align-top break-words', column.align === 'right' && 'text-right')}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
