import { DISPUTE_MESSAGES } from '@clinicpay/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { AdminDisputesPage } from './admin-disputes-page';
import { someAdminDisputes } from './test-support';

const server = startMockServer([
  http.get('/api/admin/disputes', () => HttpResponse.json(someAdminDisputes())),
]);

function renderPage() {
  const { router } = renderWithApp(
    [
      { path: '/admin/disputes', element: <AdminDisputesPage /> },
      { path: '/admin/clinics/:clinicId', element: <p>Clinic page</p> },
    ],
    { path: '/admin/disputes' },
  );
  return router;
}

describe("the admin's Disputes page", () => {
  it('lists every open dispute with its clinic, linking to the clinic', async () => {
    const router = renderPage();
    await screen.findAllByRole('link', { name: 'Harley Dental' });
    const open = screen.getByRole('table', { name: 'Open disputes' });
    const [header, row] = within(open).getAllByRole('row');
    expect(
      within(header as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Clinic', 'Patient', 'Reference', 'Amount', 'Reason', 'Deadline', 'Status']);
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Harley Dental',
      'Ada Lovelace',
      'CP-ABC123',
      '£50.00',
      'The patient says they did not receive the treatment or service',
      '9 December 2026 at 23:59',
      'Needs response',
    ]);
    await userEvent.click(within(open).getByRole('link', { name: 'Harley Dental' }));
    expect(router.state.location.pathname).toBe('/admin/clinics/clinic_1');
  });

  it("shows each clinic's dispute rate, flagging 0.75% and more as High", async () => {
    renderPage();
    await screen.findAllByRole('link', { name: 'Harley Dental' });
    const rates = screen.getByRole('table', { name: 'Dispute rate by clinic' });
    const rows = within(rates).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Harley Dental', '400', '4', '1.00%High'],
      ['Marylebone Skin', '1,000', '2', '0.20%'],
    ]);
    expect(screen.getByText(DISPUTE_MESSAGES.highRateNote)).toBeTruthy();
  });

  it('says when no dispute is open', async () => {
    server.use(
      http.get('/api/admin/disputes', () => HttpResponse.json(someAdminDisputes({ open: [], rates: [] }))),
    );
    renderPage();
    expect(await screen.findByText(DISPUTE_MESSAGES.noOpenDisputes)).toBeTruthy();
  });
});
