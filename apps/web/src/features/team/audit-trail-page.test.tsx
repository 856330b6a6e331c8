import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { AuditTrailPage } from './audit-trail-page';

let queries: Record<string, string>[] = [];
startMockServer(
  [
    http.get('/api/clinic/audit', ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({
        items: [
          {
            id: 'e1',
            action: 'team.role_changed',
            actorEmail: 'owner@harley.example',
            clinicId: 'c1',
            clinicName: 'Harley Dental',
            entityType: 'clinic',
            entityId: 'c1',
            createdAt: '2026-11-20T10:30:00.000Z',
            details: {
              email: 'rita@harley.example',
              before: { role: 'reception' },
              after: { role: 'manager' },
            },
            ipAddress: '203.0.113.7',
          },
        ],
        page: 1,
        pageSize: 25,
        total: 30,
      });
    }),
  ],
  () => {
    queries = [];
  },
);

describe("the owner's audit log", () => {
  it('shows who did what, when, from where and what changed, and filters on the server', async () => {
    const user = userEvent.setup();
    renderWithApp(<AuditTrailPage />, { path: '/dashboard/audit' });
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    const row = (await within(table).findByText("Team member's role changed")).closest('tr');
    expect(row?.textContent).toContain('owner@harley.example');
    expect(row?.textContent).toContain('203.0.113.7');
    expect(row?.textContent).toContain('role: reception → manager');
    await user.selectOptions(screen.getByLabelText('Action'), 'account.signed_in');
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', action: 'account.signed_in' }));
    expect(screen.getByRole('navigation', { name: 'Audit log pages' })).toBeTruthy();
  });
});
