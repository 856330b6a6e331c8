/** Decision 0027: below the breakpoint a table is a list of cards that keeps every column, status too. */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const table = (
  <DataTable
    label="Payments"
    rows={[{ id: 'a', name: 'Ada Patient', status: 'Paid' }]}
    rowKey={(row) => row.id}
    columns={[
      { header: 'Patient', cell: (row) => row.name },
      { header: 'Status', cell: (row) => row.status },
    ]}
  />
);

describe('DataTable', () => {
  it('is a table on a wide screen', () => {
    render(table);
    const payments = screen.getByRole('table', { name: 'Payments' });
    expect(within(payments).getByRole('columnheader', { name: 'Status' })).toBeTruthy();
  });

  it('is a list of cards on a phone, each naming its status', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    render(table);
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(screen.getByRole('list', { name: 'Payments' })).getByRole('listitem');
    expect(within(card).getByText('Ada Patient')).toBeTruthy();
    expect(within(card).getByRole('term').textContent).toBe('Status');
    expect(within(card).getByRole('definition').textContent).toBe('Paid');
  });
});
