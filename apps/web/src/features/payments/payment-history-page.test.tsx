import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format, subDays } from 'date-fns';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { PaymentHistoryPage } from './payment-history-page';
import { aPayment, paymentDetails } from './test-support';

/** Every query the page put on GET /api/payments, as plain objects. */
let listQueries: Record<string, string>[] = [];
const server = startMockServer(
  [
    http.get('/api/payments', ({ request }) => {
      listQueries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({ items: [aPayment()], page: 1, pageSize: 20, total: 1 });
    }),
    http.get('/api/payments/:id', () => HttpResponse.json(paymentDetails())),
  ],
  () => {
    vi.restoreAllMocks();
    listQueries = [];
  },
);
beforeAll(() => {
  // jsdom lacks what Radix Select uses to follow the pointer and scroll the open list.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

const renderHistory = (query = '') =>
  renderWithApp(<PaymentHistoryPage />, { path: `/dashboard/payment-history${query}` });
const lastQuery = () => listQueries.at(-1);

describe('Payment History', () => {
  it('asks the server for the filters and page kept in the address', async () => {
    const { router } = renderHistory(
      '?search=ada&from=2026-11-01&to=2026-11-23&type=deposit&status=paid&page=2',
    );
    expect(await screen.findByRole('heading', { name: 'Payment History' })).toBeTruthy();
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        search: 'ada',
        from: '2026-11-01',
        to: '2026-11-23',
        type: 'deposit',
        status: 'paid',
        page: '2',
        pageSize: '20',
      }),
    );
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('ada');
    expect(screen.getByRole('button', { name: /Date range/ }).textContent).toContain(
      '01/11/2026 – 23/11/2026',
    );
    expect(router.state.location.search).toContain('status=paid');
  });

  it("pages on with the shown page's cursors, and back to page 1 afresh", async () => {
    const cursors = (page: number) => ({
      nextCursor: `ap0000000${page}-0000-4000-8000-000000000000`,
      previousCursor: `bp0000000${page}-0000-4000-8000-000000000000`,
    });
    server.use(
      http.get('/api/payments', ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        listQueries.push(query);
        const page = Number(query.page);
        return HttpResponse.json({ items: [aPayment()], page, pageSize: 20, total: 100, ...cursors(page) });
      }),
    );
    const { router } = renderHistory('?status=paid');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2', cursor: cursors(1).nextCursor }));
    await screen.findByText('Page 2 of 5');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '3', cursor: cursors(2).nextCursor }));
    expect(router.state.location.search).toContain(`cursor=${cursors(2).nextCursor}`);
    await screen.findByText('Page 3 of 5');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2', cursor: cursors(3).previousCursor }));
    await screen.findByText('Page 2 of 5');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(lastQuery()).toEqual({ status: 'paid', page: '1', pageSize: '20' }));
  });

  it('ignores malformed filters in the address instead of sending them', async () => {
    renderHistory('?from=2026-13-40&to=2026-11-01&type=bogus&status=lost&page=-3');
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', pageSize: '20' }));
  });

  it('searches once typing stops, from page 1, and keeps the search in the address', async () => {
    const { router } = renderHistory('?page=3');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Search'), 'CP-ABC');
    await waitFor(() => expect(lastQuery()).toEqual({ search: 'CP-ABC', page: '1', pageSize: '20' }));
    // Debounced: no request for the partial words typed on the way.
    expect(listQueries.filter((query) => query.search && query.search !== 'CP-ABC')).toEqual([]);
    expect(router.state.location.search).toBe('?search=CP-ABC');
  });

  it('shows what was refunded of a partly refunded payment under its amount', async () => {
    server.use(
      http.get('/api/payments', () =>
        HttpResponse.json({
          items: [aPayment({ amount: 8500, refundedAmount: 2000, status: 'partially_refunded' })],
          page: 1,
          pageSize: 20,
          total: 1,
        }),
      ),
    );
    renderHistory();
    const row = (await screen.findByRole('button', { name: 'View payment from Ada Lovelace' })).closest('tr');
    expect(row?.textContent).toContain('£85.00£20.00 refunded');
  });

  it('lists a declined attempt under Failed with its reason, and opens nothing for it', async () => {
    server.use(
      http.get('/api/payments', () =>
        HttpResponse.json({
          items: [
            aPayment({
              id: 'att_1',
              status: 'failed',
              reference: null,
              failureMessage: 'Your card has insufficient funds.',
            }),
          ],
          page: 1,
          pageSize: 20,
          total: 1,
        }),
      ),
    );
    const user = userEvent.setup();
    renderHistory('?status=failed');
    const row = (await screen.findByText('Your card has insufficient funds.')).closest('tr');
    expect(row?.textContent).toContain('Failed');
    expect(screen.queryByRole('button', { name: 'View payment from Ada Lovelace' })).toBeNull();
    await user.click(within(row as HTMLElement).getByText('Ada Lovelace'));
    expect(screen.queryByRole('dialog', { name: 'Payment Details' })).toBeNull();
  });

  it('filters by type and by status', async () => {
    renderHistory();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Treatment' }));
    await waitFor(() => expect(lastQuery()).toEqual({ type: 'treatment', page: '1', pageSize: '20' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Partially refunded' }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        type: 'treatment',
        status: 'partially_refunded',
        page: '1',
        pageSize: '20',
      }),
    );
  });

  it("filters by a preset range, says so, and clears it with 'Date filter cleared'", async () => {
    renderHistory();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Date range/ }));
    await user.click(await screen.findByRole('button', { name: 'Last 7 days' }));
    const today = new Date();
    const from = subDays(today, 6);
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({
        from: format(from, 'yyyy-MM-dd'),
        to: format(today, 'yyyy-MM-dd'),
      }),
    );
    expect(
      await screen.findByText(
        `Filtering data from ${format(from, 'dd/MM/yyyy')} to ${format(today, 'dd/MM/yyyy')}`,
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Date range/ }));
    await user.click(await screen.findByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Date filter cleared')).toBeTruthy();
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', pageSize: '20' }));
  });

  it('offers Download Report to an owner and a manager, not to reception', async () => {
    renderWithApp(<PaymentHistoryPage />, { path: '/dashboard/payment-history', role: 'reception' });
    expect(await screen.findByText(/payments found/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download Report' })).toBeNull();
    cleanup();
    renderWithApp(<PaymentHistoryPage />, { path: '/dashboard/payment-history', role: 'manager' });
    expect(await screen.findByRole('button', { name: 'Download Report' })).toBeTruthy();
  });

  it("says 'No data to export' when nothing matches the report's filters", async () => {
    let exportQuery: Record<string, string> = {};
    server.use(
      http.get('/api/payments/export', ({ request }) => {
        exportQuery = Object.fromEntries(new URL(request.url).searchParams);
        return HttpResponse.json({ code: 'NO_REPORT_DATA', message: 'No data to export' }, { status: 404 });
      }),
    );
    renderHistory('?status=refunded');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download Report' }));
    expect(await screen.findByText('No data to export')).toBeTruthy();
    expect(exportQuery).toEqual({ status: 'refunded' });
  });

  it("saves the report under the server's file name", async () => {
    server.use(
      http.get(
        '/api/payments/export',
        () =>
          new HttpResponse('\uFEFFPatient Name\r\n', {
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': 'attachment; filename="payment-history-2026-11-23.csv"',
            },
          }),
      ),
    );
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderHistory();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download Report' }));
    expect(await screen.findByText('Report downloaded successfully')).toBeTruthy();
    expect(saved).toEqual(['payment-history-2026-11-23.csv']);
  });

  it("says 'Failed to generate report' when the server fails", async () => {
    server.use(
      http.get('/api/payments/export', () =>
        HttpResponse.json({ code: 'INTERNAL', message: 'An unexpected error occurred.' }, { status: 500 }),
      ),
    );
    renderHistory();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download Report' }));
    expect(await screen.findByText('Failed to generate report')).toBeTruthy();
  });

  it('opens the payment details from a row, with Refund for a paid payment', async () => {
    renderHistory();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View payment from Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment Details' });
    expect(await within(dialog).findByText('CP-ABC123')).toBeTruthy();
    expect(within(dialog).getByText('£1.50')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByRole('dialog', { name: 'Refund Payment' })).toBeTruthy();
  });
});
