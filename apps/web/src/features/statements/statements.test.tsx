import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { AdminStatementsPage } from './admin-statements-page';
import { ClinicStatementSection } from './clinic-statement-section';
import { londonMonth, monthLabel, recentMonths } from './lib/months';
import { aClinicStatement, aPlatformStatement } from './test-support';

/** Every statement the page asked for, as 'path?query'. */
let asked: string[] = [];
const server = startMockServer(
  [
    http.get('/api/statements/:month', ({ request, params }) => {
      const url = new URL(request.url);
      asked.push(`${url.pathname}${url.search}`);
      if (url.searchParams.get('format') === 'csv') {
        return new HttpResponse('Item,Amount\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="clinicpay-statement-${String(params.month)}.csv"`,
          },
        });
      }
      const month = String(params.month);
      return HttpResponse.json(
        month === '2026-10'
          ? aClinicStatement({ month, paymentCount: 1, grossPayments: 5_000 })
          : aClinicStatement(),
      );
    }),
    http.get('/api/admin/statements/:month', ({ request, params }) => {
      const url = new URL(request.url);
      asked.push(`${url.pathname}${url.search}`);
      if (url.searchParams.get('format') === 'csv') {
        return new HttpResponse('Item,Amount\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="platform-statement-${String(params.month)}.csv"`,
          },
        });
      }
      return HttpResponse.json(aPlatformStatement({ month: String(params.month) }));
    }),
  ],
  () => {
    asked = [];
  },
);

// Mid-November 2026 in London; only the clock is stood in for, so timers run as usual.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-15T12:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Records the name of each file the page saves. */
function watchDownloads() {
  const saved: string[] = [];
  URL.createObjectURL = vi.fn(() => 'blob:statement');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

/** Each figure's label and amount, as the definition lists show them. */
const figuresIn = (element: HTMLElement) =>
  [...element.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('the months the statements offer', () => {
  it("takes the month from London's clock: 00:30 on 1 July in London is July", () => {
    expect(londonMonth(new Date('2026-06-30T23:30:00.000Z'))).toBe('2026-07');
    expect(londonMonth(new Date('2026-12-31T23:30:00.000Z'))).toBe('2026-12');
  });

  it('offers the last 24 months, newest first, across the turn of the year', () => {
    const months = recentMonths(24, new Date('2026-11-15T12:00:00.000Z'));
    expect(months).toHaveLength(24);
    expect(months.slice(0, 12)).toEqual([
      '2026-11',
      '2026-10',
      '2026-09',
      '2026-08',
      '2026-07',
      '2026-06',
      '2026-05',
      '2026-04',
      '2026-03',
      '2026-02',
      '2026-01',
      '2025-12',
    ]);
    expect(months.at(-1)).toBe('2024-12');
    expect(monthLabel('2024-12')).toBe('December 2024');
  });
});

describe("the clinic's monthly statement", () => {
  function renderStatement(path = '/dashboard/payouts') {
    const app = renderWithApp(<ClinicStatementSection />, { path });
    return { ...app, user: userEvent.setup() };
  }

  it("shows the current London month's figures, then the month chosen", async () => {
    const { router, user } = renderStatement();
    const section = screen.getByRole('region', { name: 'Monthly statement' });
    const month = within(section).getByLabelText('Month') as HTMLSelectElement;
    expect(month.value).toBe('2026-11');
    expect(within(month).getAllByRole('option')).toHaveLength(24);
    expect(within(month).getAllByRole('option')[0]?.textContent).toBe('November 2026');

    expect(
      await within(section).findByRole('heading', { level: 3, name: 'Statement for November 2026' }),
    ).toBeTruthy();
    const [main, side] = section.querySelectorAll('dl') as unknown as [HTMLElement, HTMLElement];
    expect(figuresIn(main)).toEqual([
      ['Payments (3)', '£300.00'],
      ["ClinicPay's fee", '£6.00'],
      ['Refunds to patients', '£50.00'],
      ['of which taken from your balance', '£45.00'],
      ['Disputes taken back', '£50.00'],
      ['Disputes paid back', '£20.00'],
      ['Net to your balance', '£219.00'],
    ]);
    expect(figuresIn(side)).toEqual([
      ['Paid out to your bank', '£123.45'],
      ['Dispute fees owed', '£20.00'],
      ['Card fees paid by ClinicPay', '£4.80'],
    ]);
    expect(asked).toEqual(['/api/statements/2026-11']);

    await user.selectOptions(month, '2026-10');
    expect(await within(section).findByRole('heading', { name: 'Statement for October 2026' })).toBeTruthy();
    expect(figuresIn(section.querySelector('dl') as HTMLElement)[0]).toEqual(['Payments (1)', '£50.00']);
    expect(asked).toEqual(['/api/statements/2026-11', '/api/statements/2026-10']);
    expect(router.state.location.search).toBe('?month=2026-10');
  });

  it('opens on the month in the address', async () => {
    renderStatement('/dashboard/payouts?month=2026-10');
    expect(await screen.findByRole('heading', { name: 'Statement for October 2026' })).toBeTruthy();
    expect((screen.getByLabelText('Month') as HTMLSelectElement).value).toBe('2026-10');
    expect(asked).toEqual(['/api/statements/2026-10']);
  });

  it('shows a negative net with a minus sign', async () => {
    server.use(
      http.get('/api/statements/:month', () => HttpResponse.json(aClinicStatement({ net: -1_250 }))),
    );
    renderStatement();
    expect(await screen.findByText('−£12.50')).toBeTruthy();
  });

  it('downloads the chosen month as CSV', async () => {
    const saved = watchDownloads();
    const { user } = renderStatement();
    await user.selectOptions(screen.getByLabelText('Month'), '2026-09');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Downloaded clinicpay-statement-2026-09.csv')).toBeTruthy();
    expect(asked).toContain('/api/statements/2026-09?format=csv');
    expect(saved).toEqual(['clinicpay-statement-2026-09.csv']);
  });

  it("shows the server's message when the statement is refused", async () => {
    server.use(
      http.get('/api/statements/:month', () =>
        HttpResponse.json(
          { code: 'VALIDATION_FAILED', message: 'That month has not started yet' },
          { status: 400 },
        ),
      ),
    );
    renderStatement();
    expect((await screen.findByRole('alert')).textContent).toBe('That month has not started yet');
  });
});

describe("the admin's Statements page", () => {
  function renderAdmin() {
    renderWithApp(<AdminStatementsPage />, { path: '/admin/statements' });
    return userEvent.setup();
  }

  it("shows the platform's month", async () => {
    renderAdmin();
    expect(screen.getByRole('heading', { level: 1, name: 'Statements' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Statement for November 2026' });
    expect(figuresIn(screen.getByRole('region', { name: 'Platform statement' }))).toEqual([
      ['Payments', '3'],
      ['Gross', '£300.00'],
      ['Application fees earned', '£6.00'],
      ['Card fees', '£4.80'],
      ["Refunds' fee share", '£0.50'],
      ['Dispute costs', '£0.00'],
      ['Net revenue', '£0.70'],
    ]);
    expect(screen.queryByText('Loss')).toBeNull();
    expect(asked).toEqual(['/api/admin/statements/2026-11']);
  });

  it('shows a negative net revenue as a loss, in red with the word Loss', async () => {
    server.use(
      http.get('/api/admin/statements/:month', () =>
        HttpResponse.json(aPlatformStatement({ disputeCosts: 390, netRevenue: -320 })),
      ),
    );
    renderAdmin();
    const amount = await screen.findByText('−£3.20');
    const net = amount.closest('dd') as HTMLElement;
    expect(net.previousElementSibling?.textContent).toBe('Net revenue');
    expect(within(net).getByText('Loss')).toBeTruthy();
    expect(amount.className).toContain('text-red-700');
  });

  it('loads and downloads the month chosen', async () => {
    const saved = watchDownloads();
    const user = renderAdmin();
    await screen.findByRole('heading', { name: 'Statement for November 2026' });
    await user.selectOptions(screen.getByLabelText('Month'), '2025-12');
    expect(await screen.findByRole('heading', { name: 'Statement for December 2025' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['platform-statement-2025-12.csv']));
    expect(asked).toEqual([
      '/api/admin/statements/2026-11',
      '/api/admin/statements/2025-12',
      '/api/admin/statements/2025-12?format=csv',
    ]);
  });
});
