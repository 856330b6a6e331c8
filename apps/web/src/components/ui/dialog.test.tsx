/**
 * Decision 0027: a dialog hands focus back to what opened it, also when it was opened from state (a table
 * row, a button that is no Dialog.Trigger), and to the page's main region when the opener is gone.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable } from './data-table';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

afterEach(cleanup);

function StateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogTitle>Details</DialogTitle>
        <DialogDescription>What the row holds.</DialogDescription>
        <button type="button" onClick={onClose}>
          Done
        </button>
      </DialogContent>
    </Dialog>
  );
}

const ROWS = [
  { id: 'a', name: 'Ada Patient' },
  { id: 'b', name: 'Bob Brown' },
];

function TableWithDialog() {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <main id="main" tabIndex={-1}>
      <DataTable
        label="Payments"
        rows={ROWS}
        rowKey={(row) => row.id}
        onRowClick={(row) => setOpen(row.id)}
        columns={[
          {
            header: 'Patient',
            cell: (row) => (
              <button type="button" onClick={() => setOpen(row.id)}>
                {row.name}
              </button>
            ),
          },
          { header: 'Status', cell: () => <span>Paid</span> },
        ]}
      />
      <StateDialog open={open !== null} onClose={() => setOpen(null)} />
    </main>
  );
}

describe('a dialog opened from state', () => {
  it('returns focus to the button that opened it, by Escape or by its own button', async () => {
    const user = userEvent.setup();
    render(<TableWithDialog />);
    const bob = screen.getByRole('button', { name: 'Bob Brown' });
    await user.click(bob);
    await screen.findByRole('dialog', { name: 'Details' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(bob));

    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(document.activeElement).toBe(bob));
  });

  it('returns focus to the row’s own button when the row itself was clicked', async () => {
    const user = userEvent.setup();
    render(<TableWithDialog />);
    await user.click(screen.getAllByText('Paid')[0] as HTMLElement);
    await screen.findByRole('dialog', { name: 'Details' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ada Patient' })),
    );
  });

  it('moves focus to the main region when the opener went away with the dialog', async () => {
    function Dismissable() {
      const [open, setOpen] = useState(false);
      const [dismissed, setDismissed] = useState(false);
      return (
        <main id="main" tabIndex={-1}>
          {dismissed ? null : (
            <button type="button" onClick={() => setOpen(true)}>
              Dismiss
            </button>
          )}
          <StateDialog
            open={open}
            onClose={() => {
              setOpen(false);
              setDismissed(true);
            }}
          />
        </main>
      );
    }
    const user = userEvent.setup();
    render(<Dismissable />);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('main')));
  });
});
