/**
 * Test data for this feature's component tests, in the API's shapes from @clinicpay/shared (rendering
 * and the network: src/testing/app.tsx).
 */
import type { PatientDetail, PatientList, PatientSummary } from '@clinicpay/shared';

export const aPatient = (overrides: Partial<PatientSummary> = {}): PatientSummary => ({
  id: '7d1f0b52-8c3a-4d1e-9f5b-2a6c8e4b1d01',
  name: 'Ada Lovelace',
  email: 'ada@patient.example',
  phone: '+447700900123',
  paymentCount: 2,
  totalPaid: 12_500,
  lastActivityAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

export const aPatientList = (items: PatientSummary[] = [aPatient()], total = items.length): PatientList => ({
  items,
  page: 1,
  pageSize: 25,
  total,
  moreMatches: false,
});

export const aPatientDetail = (overrides: Partial<PatientDetail> = {}): PatientDetail => ({
  patient: { ...aPatient(), createdAt: '2026-10-01T09:00:00.000Z' },
  payments: [
    {
      id: 'pay_2',
      reference: 'CP-BBB222',
      title: 'Follow-up',
      type: 'treatment',
      amount: 8_000,
      refundedAmount: 2_000,
      status: 'partially_refunded',
      disputeStatus: null,
      paidAt: '2026-11-20T10:00:00.000Z',
    },
    {
      id: 'pay_1',
      reference: 'CP-AAA111',
      title: 'Consultation',
      type: 'consultation',
      amount: 4_500,
      refundedAmount: 0,
      status: 'paid',
      disputeStatus: null,
      paidAt: '2026-10-01T09:00:00.000Z',
    },
  ],
  requests: [
    {
      id: 'req_2',
      title: 'Custom Payment Request',
      amount: 6_000,
      sentAt: '2026-11-21T09:00:00.000Z',
      paidAt: null,
      state: 'open',
    },
    {
      id: 'req_1',
      title: 'Consultation',
      amount: 4_500,
      sentAt: '2026-09-30T09:00:00.000Z',
      paidAt: '2026-10-01T09:00:00.000Z',
      state: 'paid',
    },
  ],
  ...overrides,
});
