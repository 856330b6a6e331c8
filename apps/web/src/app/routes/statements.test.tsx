import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aClinicStatement } from '@/features/statements/test-support';
import { renderWithApp, startMockServer } from '@/testing/app';
import { routes } from '../router';
import StatementsRoute from './statements';

startMockServer([
  http.get('/api/statements/:month', ({ params }) =>
    HttpResponse.json(aClinicStatement({ month: String(params.month) })),
  ),
]);

const dashboardPaths = () =>
  (routes[0]?.children ?? [])
    .find((route) => route.path === 'dashboard')
    ?.children?.map((route) => route.path);

describe('the Statements route', () => {
  it("is at /dashboard/statements, and shows a manager the month's statement to download", async () => {
    expect(dashboardPaths()).toContain('statements');
    renderWithApp(<StatementsRoute />, { path: '/dashboard/statements', role: 'manager' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Statements' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: /^Statement for / })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Download CSV/ })).toBeTruthy();
  });

  it('is not open to reception', async () => {
    renderWithApp(<StatementsRoute />, { path: '/dashboard/statements', role: 'reception' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Statements' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Download CSV/ })).toBeNull();
  });
});
