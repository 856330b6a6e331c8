/**
 * The Requests page (docs/decisions/0105-request-and-link-lifetimes.md): every request with where it
 * stands, filtered and searched on the server, the filter and search kept in the address.
 */
import type { RequestSummary } from '@clinicpay/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { RequestsPage } from './requests-page';

const aRequest = (overrides: Partial<RequestSummary> = {}): RequestSummary => ({
  id: '11111111-1111-4111-8111-111111111111',
  patientName: 'Vera Viewed',
  patientEmail: 'vera@patient.example',
  amount: 5000,
  title: 'Consultation',
  sentAt: '2026-11-20T10:00:00.000Z',
  state: 'open',
  expiresOn: '2026-12-20',
  viewedAt: '2026-11-21T09:00:00.000Z',
  lastRemindedAt: null,
  clinicReference: null,
  ...overrides,
});

let queries: URLSearchParams[] = [];
startMockServer(
  [
    http.get('/api/payment-requests', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const items =
        query.get('status') === 'cancelled'
          ? [
              aRequest({
                id: '22222222-2222-4222-8222-222222222222',
                patientName: 'Cora Cancelled',
                state: 'cancelled',
                viewedAt: null,
              }),
            ]
          : [aRequest()];
      return HttpResponse.json({ items, total: items.length, page: 1, pageSize: 20 });
    }),
  ],
  () => {
    queries = [];
  },
);

describe('the Requests page', () => {
  it('lists requests with where each stands, and asks the server for the filter chosen', async () => {
    const user = userEvent.setup();
    renderWithApp([{ path: '/dashboard/requests', element: <RequestsPage /> }], {
      path: '/dashboard/requests',
    });
    const link = await screen.findByRole('link', { name: 'Vera Viewed' });
    expect(link.getAttribute('href')).toBe('/dashboard/payments/11111111-1111-4111-8111-111111111111');
    expect(screen.getAllByText('Waiting').length).toBeGreaterThan(0);
    expect(screen.getAllByText('£50.00').length).toBeGreaterThan(0);
    expect(screen.getAllByText('20 December 2026').length).toBeGreaterThan(0);

    await user.selectOptions(screen.getByLabelText('Show'), 'Cancelled');
    expect(await screen.findByText('Cora Cancelled')).toBeTruthy();
    expect(queries.at(-1)?.get('status')).toBe('cancelled');

    await user.type(
      screen.getByLabelText('Search requests by patient name, email, phone or your reference'),
      'cora',
    );
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('cora'));
    expect(queries.at(-1)?.get('status')).toBe('cancelled');
  });
});
