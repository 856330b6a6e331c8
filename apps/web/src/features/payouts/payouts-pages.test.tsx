import { PAYOUT_MESSAGES, type PayoutDetail, type PayoutsOverview } from '@clinicpay/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { PayoutPage } from './payout-page';
import { PayoutsPage } from './payouts-page';
import { aFailedPayout, aLine, anOverview, aPayout, aPayoutDetail } from './test-support';

const DASHBOARD_URL = 'https://connect.stripe.example/express/acct_1/login';

/** Every call the page made, as 'METHOD /path?query'. */
let calls: string[] = [];
let overview: PayoutsOverview = anOverview();
let detail: PayoutDetail = aPayoutDetail();
const server = startMockServer(
  [
    http.all('*', ({ request }) => {
      const url = new URL(request.url);
      calls.push(`${request.method} ${url.pathname}${url.search}`);
    }),
    http.get('/api/payouts', () => HttpResponse.json(overview)),
    http.get('/api/payouts/:payoutId', () => HttpResponse.json(detail)),
    http.post('/api/clinic/payment-provider/dashboard-link', () => HttpResponse.json({ url: DASHBOARD_URL })),
  ],
  () => {
    calls = [];
    overview = anOverview();
    detail = aPayoutDetail();
  },
);
afterEach(() => vi.restoreAllMocks());

function renderPayouts(withOverview: PayoutsOverview = anOverview()) {
  overview = withOverview;
  const app = renderWithApp(
    [
      { path: '/dashboard/payouts', element: <PayoutsPage statement={<p>The statement</p>} /> },
      { path: '/dashboard/payouts/:payoutId', element: <PayoutPage /> },
      { path: '/dashboard/settings', element: <p>Settings</p> },
    ],
    { path: '/dashboard/payouts' },
  );
  return { ...app, user: userEvent.setup() };
}

function renderPayout(withDetail: PayoutDetail = aPayoutDetail()) {
  detail = withDetail;
  renderWithApp(
    [
      { path: '/dashboard/payouts/:payoutId', element: <PayoutPage /> },
      { path: '/dashboard/payouts', element: <p>All payouts</p> },
    ],
    { path: `/dashboard/payouts/${withDetail.payout.id}` },
  );
  return userEvent.setup();
}

/** Stands in for the browser leaving the page: records where window.location.assign was sent. */
function watchNavigation() {
  const assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
  return assign;
}

/** Records the name of each file the page saves. */
function watchDownloads() {
  const saved: string[] = [];
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('the Payouts page', () => {
  it('shows the available and pending balance, and the payouts, each linking to its page', async () => {
    const { router, user } = renderPayouts(
      anOverview({
        payouts: [
          aPayout({ id: 'po_2', amount: 4_550, status: 'in_transit', statusLabel: 'On its way' }),
          aPayout(),
        ],
      }),
    );

    const balance = await screen.findByRole('region', { name: 'Balance' });
    expect(within(balance).getByRole('heading', { level: 3, name: 'Available' })).toBeTruthy();
    expect(screen.getByTestId('balance-available').textContent).toBe('£1,234.56');
    expect(screen.getByTestId('balance-pending').textContent).toBe('£78.90');

    const table = screen.getByRole('table', { name: 'Payouts to your bank' });
    const rows = rowsOf(table);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['£45.50, payout created 30 November 2026', 'On its way', '2 December 2026', '30 November 2026'],
      ['£120.00, payout created 30 November 2026', 'Paid', '2 December 2026', '30 November 2026'],
    ]);
    const link = within(table).getByRole('link', { name: /^£120\.00/ });
    expect(link.getAttribute('href')).toBe('/dashboard/payouts/po_1');
    expect(screen.getByText('The statement')).toBeTruthy();

    await user.click(link);
    expect(router.state.location.pathname).toBe('/dashboard/payouts/po_1');
  });

  it('shows a failed payout in red with its plain-English reason and how to fix the bank details', async () => {
    renderPayouts(anOverview({ payouts: [aFailedPayout(), aPayout()] }));
    const table = await screen.findByRole('table', { name: 'Payouts to your bank' });
    const [failed, paid] = rowsOf(table) as [HTMLElement, HTMLElement];

    const badge = within(failed).getByText('Failed');
    expect(badge.className).toContain('red');
    expect(within(failed).getByText('The bank account has been closed.')).toBeTruthy();
    expect(within(failed).getByText(PAYOUT_MESSAGES.fixBankDetails)).toBeTruthy();
    expect(within(paid).queryByText(PAYOUT_MESSAGES.fixBankDetails)).toBeNull();
  });

  it('gives a failure code the server gave no text for its plain-English reason', async () => {
    renderPayouts(
      anOverview({ payouts: [aFailedPayout({ failureCode: 'no_account', failureReason: null })] }),
    );
    const table = await screen.findByRole('table', { name: 'Payouts to your bank' });
    expect(within(table).getByText('The bank could not find an account with these details.')).toBeTruthy();
  });

  it("says 'No payouts yet' when there are none", async () => {
    renderPayouts(anOverview({ payouts: [] }));
    const table = await screen.findByRole('table', { name: 'Payouts to your bank' });
    expect(within(table).getByText(PAYOUT_MESSAGES.noPayouts)).toBeTruthy();
  });

  it('tells a clinic without a provider account to connect one, with a link to Settings → Payments', async () => {
    server.use(
      http.get('/api/payouts', () =>
        HttpResponse.json(
          { code: 'CLINIC_NOT_CONNECTED', message: PAYOUT_MESSAGES.notConnected },
          { status: 409 },
        ),
      ),
    );
    const { router, user } = renderPayouts();
    expect(await screen.findByText(PAYOUT_MESSAGES.notConnected)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Balance' })).toBeNull();
    expect(screen.queryByRole('button', { name: PAYOUT_MESSAGES.openDashboard })).toBeNull();
    expect(screen.getByText('The statement')).toBeTruthy();

    const settings = screen.getByRole('link', { name: 'Go to Settings → Payments' });
    expect(settings.getAttribute('href')).toBe('/dashboard/settings?tab=payments');
    await user.click(settings);
    expect(router.state.location.pathname).toBe('/dashboard/settings');
    expect(router.state.location.search).toBe('?tab=payments');
  });

  it('says the dashboard button leaves ClinicPay, then asks for a link and goes to it', async () => {
    const { user } = renderPayouts();
    const button = await screen.findByRole('button', { name: PAYOUT_MESSAGES.openDashboard });
    const hint = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe("Leaves ClinicPay for Stripe's site, in this tab.");
    expect(calls).not.toContain('POST /api/clinic/payment-provider/dashboard-link');

    const assign = watchNavigation();
    await user.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(DASHBOARD_URL));
    expect(calls.filter((call) => call === 'POST /api/clinic/payment-provider/dashboard-link')).toHaveLength(
      1,
    );
  });

  it("shows the server's message when the dashboard link is refused, and stays", async () => {
    server.use(
      http.post('/api/clinic/payment-provider/dashboard-link', () =>
        HttpResponse.json(
          { code: 'PROVIDER_UNAVAILABLE', message: 'Stripe is not answering. Try again in a minute.' },
          { status: 503 },
        ),
      ),
    );
    const { user } = renderPayouts();
    const assign = watchNavigation();
    await user.click(await screen.findByRole('button', { name: PAYOUT_MESSAGES.openDashboard }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Stripe is not answering. Try again in a minute.',
    );
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('a payout page', () => {
  it("shows the payout and its lines, whose total row of nets equals the payout's amount", async () => {
    renderPayout();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payout of £120.00' })).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'The payout' });
    expect(within(summary).getByText('Paid')).toBeTruthy();
    expect(within(summary).getByText('2 December 2026')).toBeTruthy();

    const table = screen.getByRole('table', { name: 'The lines of the payout of £120.00' });
    const [header, ...rest] = within(table).getAllByRole('row');
    expect(
      within(header as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'What', 'Reference', 'Patient', 'Amount', 'Fee', 'Net']);
    const body = rest.slice(0, -1);
    expect(
      body.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['25 November 2026', 'Payment', 'CP-ABC123', 'Ada Lovelace', '£100.00', '£0.00', '£100.00'],
      ['25 November 2026', 'Payment', 'CP-DEF456', 'Grace Hopper', '£40.00', '£0.00', '£40.00'],
      ['26 November 2026', 'Refund', 'CP-ABC123', 'Ada Lovelace', '−£20.00', '£0.00', '−£20.00'],
    ]);
    const total = rest.at(-1) as HTMLElement;
    expect(within(total).getByRole('rowheader').textContent).toBe('Total paid out');
    expect(within(total).getByRole('cell').textContent).toBe('£120.00');
    expect(screen.queryByText(/These lines add up to/)).toBeNull();
  });

  it("says when the lines do not add up to the payout's amount", async () => {
    renderPayout(aPayoutDetail({ lines: [aLine()], linesTotal: 10_000 }));
    expect(await screen.findByText("These lines add up to £100.00, not the payout's £120.00.")).toBeTruthy();
    expect(screen.getByTestId('lines-total').textContent).toBe('£100.00');
  });

  it('shows a line without a payment as not known', async () => {
    renderPayout(
      aPayoutDetail({
        payout: aPayout({ amount: 9_800 }),
        lines: [
          aLine(),
          aLine({
            id: 'txn_9',
            type: 'adjustment',
            origin: 'other',
            label: 'Other',
            amount: -200,
            net: -200,
            paymentId: null,
            paymentReference: null,
            patientName: null,
          }),
        ],
        linesTotal: 9_800,
      }),
    );
    const table = await screen.findByRole('table', { name: /The lines of the payout/ });
    const other = within(table).getAllByRole('row')[2] as HTMLElement;
    expect(within(other).getAllByText('Not known')).toHaveLength(2);
    expect(screen.getByTestId('lines-total').textContent).toBe('£98.00');
  });

  it('explains a failed payout: the notice, its reason and how to fix the bank details', async () => {
    renderPayout(aPayoutDetail({ payout: aFailedPayout({ amount: 12_000 }) }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(PAYOUT_MESSAGES.failedNotice)).toBeTruthy();
    expect(within(alert).getByText('The bank account has been closed.')).toBeTruthy();
    expect(within(alert).getByText(PAYOUT_MESSAGES.fixBankDetails)).toBeTruthy();
  });

  it('downloads the lines for Xero and for QuickBooks from the export route', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/payouts/:payoutId/export', ({ request }) => {
        const url = new URL(request.url);
        const format = url.searchParams.get('format');
        asked.push(`${request.method} ${url.pathname}${url.search}`);
        return new HttpResponse('Date,Amount\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="payout-po_1-${format}.csv"`,
          },
        });
      }),
    );
    const saved = watchDownloads();
    const user = renderPayout();
    await user.click(await screen.findByRole('button', { name: 'Download for Xero' }));
    expect(await screen.findByText('Downloaded payout-po_1-xero.csv')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download for QuickBooks' }));
    expect(await screen.findByText('Downloaded payout-po_1-quickbooks.csv')).toBeTruthy();

    expect(asked).toEqual([
      'GET /api/payouts/po_1/export?format=xero',
      'GET /api/payouts/po_1/export?format=quickbooks',
    ]);
    expect(saved).toEqual(['payout-po_1-xero.csv', 'payout-po_1-quickbooks.csv']);
  });

  it("shows the server's message when an export fails", async () => {
    server.use(
      http.get('/api/payouts/:payoutId/export', () =>
        HttpResponse.json(
          { code: 'PROVIDER_UNAVAILABLE', message: 'Stripe is not answering. Try again in a minute.' },
          { status: 503 },
        ),
      ),
    );
    const user = renderPayout();
    await user.click(await screen.findByRole('button', { name: 'Download for Xero' }));
    expect(await screen.findByText('Stripe is not answering. Try again in a minute.')).toBeTruthy();
  });

  it("says 'Payout not found' for a payout that is not the clinic's", async () => {
    server.use(
      http.get('/api/payouts/:payoutId', () =>
        HttpResponse.json({ code: 'PAYOUT_NOT_FOUND', message: PAYOUT_MESSAGES.notFound }, { status: 404 }),
      ),
    );
    renderPayout();
    expect(await screen.findByRole('heading', { level: 1, name: PAYOUT_MESSAGES.notFound })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      "This payout does not exist, or is not one of your clinic's.",
    );
    expect(screen.getByRole('link', { name: 'All payouts' }).getAttribute('href')).toBe('/dashboard/payouts');
  });
});
