/**
 * Rendering helpers and test data for the admin feature's component tests (the providers and the
 * network: src/testing/app.tsx; the API's shapes from @clinicpay/shared).
 */
import type { AdminClinicRow, AdminStats } from '@clinicpay/shared';
import type { ReactElement } from 'react';
import { renderWithApp } from '@/testing/app';

/** Renders `ui` at `path` (matched by `pattern`); a clinic's page renders a marker, so a test sees a row open it. */
export function renderAdmin(ui: ReactElement, { path = '/', pattern = '*' } = {}) {
  const { router } = renderWithApp(
    [
      { path: pattern, element: ui },
      { path: '/admin/clinics/:clinicId', element: <p>Clinic page</p> },
    ],
    { path },
  );
  return { router };
}

export const aClinicRow = (overrides: Partial<AdminClinicRow> = {}): AdminClinicRow => ({
  id: '11111111-1111-4111-8111-111111111111',
  clinicName: 'Harley Dental',
  email: 'desk@harley.example',
  logoUrl: null,
  stripeStatus: 'connected',
  paymentsTurnedOff: false,
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
  figures: {
    count: 12,
    gross: 1_254_500,
    refunds: 4500,
    refundCount: 1,
    net: 1_250_000,
    platformFees: 37_635,
    cardFees: 7635,
    platformRevenue: 30_000,
  },
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
