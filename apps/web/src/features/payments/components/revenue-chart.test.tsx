/**
 * The dashboard's revenue chart (docs/decisions/0103-revenue-chart.md): the period's net and gross with
 * their change on the period before, Daily, Weekly and Monthly asked of the server, and a table that
 * reads the figures out.
 */
import type { ClinicRevenue, RevenueInterval } from '@clinicpay/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { RevenueChart } from './revenue-chart';

const zero = { count: 0, gross: 0, net: 0 };

function aRevenue(interval: RevenueInterval): ClinicRevenue {
  if (interval === 'week') {
    return {
      interval,
      from: '2026-04-27',
      to: '2026-07-15',
      previousFrom: '2026-02-02',
      previousTo: '2026-04-26',
      buckets: [
        {
          start: '2026-07-13',
          count: 2,
          gross: 14_500,
          net: 12_000,
          previous: { start: '2026-04-20', ...zero },
        },
      ],
      current: { count: 2, gross: 14_500, net: 12_000 },
      previous: zero,
    };
  }
  return {
    interval,
    from: '2026-06-16',
    to: '2026-07-15',
    previousFrom: '2026-05-17',
    previousTo: '2026-06-15',
    buckets: [
      { start: '2026-07-14', ...zero, previous: { start: '2026-06-14', ...zero } },
      {
        start: '2026-07-15',
        count: 2,
        gross: 12_000,
        net: 11_000,
        previous: { start: '2026-06-15', count: 1, gross: 10_000, net: 10_000 },
      },
    ],
    current: { count: 2, gross: 12_000, net: 11_000 },
    previous: { count: 1, gross: 10_000, net: 10_000 },
  };
}

const asked: string[] = [];
startMockServer(
  [
    http.get('/api/payments/revenue', ({ request }) => {
      const interval = (new URL(request.url).searchParams.get('interval') ?? 'day') as RevenueInterval;
      asked.push(interval);
      return HttpResponse.json(aRevenue(interval));
    }),
  ],
  () => {
    asked.length = 0;
  },
);

/** The summary's terms and figures, in order. */
const summary = (within: HTMLElement) =>
  [...within.querySelectorAll('dl > div > *')].map((part) => part.textContent);

describe('the revenue chart', () => {
  it("shows the last 30 days' net and gross with their change on the 30 days before", async () => {
    renderWithApp(<RevenueChart />);
    const chart = screen.getByRole('region', { name: 'Revenue' });
    await within(chart).findByText('Up 10% on the 30 days before (£100.00)');
    expect(within(chart).getByText('The last 30 days')).toBeTruthy();
    expect(summary(chart)).toEqual([
      'Net',
      '£110.00',
      'Up 10% on the 30 days before (£100.00)',
      'Gross',
      '£120.00',
      'Up 20% on the 30 days before (£100.00)',
    ]);
    expect(within(chart).getByRole('button', { name: 'Daily' }).getAttribute('aria-pressed')).toBe('true');
    expect(asked).toEqual(['day']);
  });

  it('reads each period with money out in a table, leaving out the empty ones', async () => {
    renderWithApp(<RevenueChart />);
    const table = await screen.findByRole('table', { name: 'Revenue' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['PeriodGrossNetNet, period before', '15 Jul£120.00£110.00£100.00']);
  });

  it('asks for weeks when Weekly is pressed, and says when there is nothing before to compare with', async () => {
    const user = userEvent.setup();
    renderWithApp(<RevenueChart />);
    await screen.findByText('Up 10% on the 30 days before (£100.00)');
    await user.click(screen.getByRole('button', { name: 'Weekly' }));
    await screen.findByText('The last 12 weeks');
    await waitFor(() => expect(summary(document.body)[1]).toBe('£120.00'));
    expect(summary(document.body)[4]).toBe('£145.00');
    expect(screen.getAllByText('Nothing in the 12 weeks before to compare with').length).toBe(2);
    expect(screen.getByRole('button', { name: 'Weekly' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Daily' }).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(asked).toEqual(['day', 'week']));
    expect(within(screen.getByRole('table', { name: 'Revenue' })).getByText('w/c 13 Jul')).toBeTruthy();
  });
});
