/**
 * Rendering helpers for the admin feature's component tests: a fresh query cache, a router and the
 * toaster, with the network stood in for by msw (the API's shapes from @clinicpay/shared).
 */
import type { AdminClinicRow, AdminStats } from '@clinicpay/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster, toast } from 'sonner';

export function renderAdmin(ui: ReactElement, { path = '/', pattern = '*' } = {}) {
  toast.dismiss();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: pattern, element: ui },
      { path: '/admin/clinics/:clinicId', element: <p>Clinic page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router };
}

export const aClinicRow = (overrides: Partial<AdminClinicRow> = {}): AdminClinicRow => ({
  id: '11111111-1111-4111-8111-111111111111',
  clinicName: 'Harley Dental',
  email: 'desk@harley.example',
  logoUrl: null,
  stripeStatus: 'connected',
  createdAt: '2026-11-02T10:00:00.000Z',
  transactions: 4,
  ...overrides,
});

export const someStats = (overrides: Partial<AdminStats> = {}): AdminStats => ({
  range: { from: null, to: null },
  totalClinics: { value: 7, joinedThisMonth: 2 },
  totalPayments: { value: 1_250_000, count: 12, change: 12.5 },
  totalRefunds: { value: 4500, change: -2.1 },
  platformRevenue: { value: 30_000, change: 0 },
  series: [{ date: '2026-11-20', amount: 5000, count: 1 }],
  recentClinics: [
    {
      id: '22222222-2222-4222-8222-222222222222',
      clinicName: null,
      logoUrl: null,
      createdAt: '2026-11-20T10:00:00.000Z',
      stripeStatus: 'not_connected',
      paymentsProcessed: 3,
    },
  ],
  ...overrides,
});
