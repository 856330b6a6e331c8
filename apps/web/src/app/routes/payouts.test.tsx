import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { anOverview } from '@/features/payouts/test-support';
import { aClinicStatement } from '@/features/statements/test-support';
import { renderWithApp, startMockServer } from '@/testing/app';
import { routes } from '../router';
import PayoutsRoute from './payouts';

startMockServer([
  http.get('/api/payouts', () => HttpResponse.json(anOverview())),
  http.get('/api/statements/:month', ({ params }) =>
    HttpResponse.json(aClinicStatement({ month: String(params.month) })),
  ),
]);

/** The paths under a top-level route of the table, e.g. 'dashboard'. */
const pathsUnder = (area: string) =>
  (routes[0]?.children ?? []).find((route) => route.path === area)?.children?.map((route) => route.path) ??
  [];

describe('the Payouts route', () => {
  it('is at /dashboard/payouts and /dashboard/payouts/:payoutId; the statements at /admin/statements', () => {
    expect(pathsUnder('dashboard')).toEqual(expect.arrayContaining(['payouts', 'payouts/:payoutId']));
    expect(pathsUnder('admin')).toContain('statements');
  });

  it('shows the balance, the payouts and the monthly statement, headings in order', async () => {
    renderWithApp(<PayoutsRoute />, { path: '/dashboard/payouts' });
    expect(await screen.findByRole('table', { name: 'Payouts to your bank' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: /^Statement for / })).toBeTruthy();
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1);
    });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Balance',
      'Payouts to your bank',
      'Monthly statement',
    ]);
  });
});
