import { type Clinic, DISPUTE_MESSAGES, type DisputeAlerts } from '@clinicpay/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aPayment, paymentDetails } from '@/features/payments/test-support';
import { renderWithApp, startMockServer } from '@/testing/app';
import { aClinic } from '@/testing/clinic-data';
import ClinicHomeRoute from './clinic-home';

const clinic: Clinic = aClinic({
  clinicName: 'Marylebone Skin Clinic',
  email: null,
  phone: null,
  addressLine1: null,
  city: null,
  postcode: null,
  cardStatementText: 'CLINICPAY* MARYLEBONE',
  smsNotifications: true,
  createdAt: '2026-11-01T09:00:00.000Z',
});

const link = {
  id: 'link_1',
  title: 'Initial consultation',
  amount: 5000,
  type: 'consultation',
  description: null,
  isActive: true,
  requiresCardOnFile: false,
  treatmentTotal: null,
  securesAppointment: false,
  expiresOn: null,
  maxPayments: null,
  clinicReference: null,
  createdAt: '2026-11-02T09:00:00.000Z',
  url: 'http://localhost:3000/payment/link_1',
};

const noAlerts: DisputeAlerts = { openDisputes: [], fraudWarnings: [] };
const fraudWarning = {
  id: 'efw_1',
  paymentId: 'pay_1',
  paymentReference: 'CP-ABC123',
  patientName: 'Ada Lovelace',
  refundableAmount: 5000,
  fraudType: 'made_with_stolen_card',
  createdAt: '2026-11-26T09:00:00.000Z',
};

let calls: string[] = [];
let refunded = 0;
let alerts = noAlerts;
startMockServer(
  [
    http.all('*', ({ request }) => {
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
    }),
    http.get('/api/clinic', () => HttpResponse.json({ clinic })),
    http.get('/api/payment-links', ({ request }) => {
      const archived = new URL(request.url).searchParams.get('view') === 'archived';
      return HttpResponse.json({
        items: archived ? [] : [link],
        page: 1,
        pageSize: 3,
        total: archived ? 0 : 1,
      });
    }),
    http.get('/api/payments/stats', () =>
      HttpResponse.json({
        totalReceivedToday: 5000 - refunded,
        totalPendingToday: 0,
        totalReceivedMonth: 5000 - refunded,
        totalRefundedMonth: refunded,
      }),
    ),
    http.get('/api/payments/:id', () =>
      HttpResponse.json(
        paymentDetails({
          status: refunded ? 'refunded' : 'paid',
          refundedAmount: refunded,
          refundableAmount: 5000 - refunded,
        }),
      ),
    ),
    http.get('/api/payments', () =>
      HttpResponse.json({
        items: [aPayment({ status: refunded ? 'refunded' : 'paid', refundedAmount: refunded })],
        page: 1,
        pageSize: 10,
        total: 1,
      }),
    ),
    http.get('/api/disputes/alerts', () => HttpResponse.json(alerts)),
    http.post('/api/fraud-warnings/:warningId/refund', () => {
      refunded = 5000;
      alerts = noAlerts;
      return HttpResponse.json({
        refund: { id: 'r1', amount: 5000, status: 'succeeded' },
        payment: { id: 'pay_1', status: 'refunded', refundedAmount: 5000 },
      });
    }),
    http.post('/api/payments/:id/refunds', async ({ request }) => {
      refunded = ((await request.json()) as { amount: number }).amount;
      return HttpResponse.json({
        refund: { id: 'r1', amount: refunded, status: 'succeeded' },
        payment: { id: 'pay_1', status: 'refunded', refundedAmount: refunded },
      });
    }),
  ],
  () => {
    localStorage.clear();
    calls = [];
    refunded = 0;
    alerts = noAlerts;
  },
);

const count = (call: string) => calls.filter((made) => made === call).length;

describe('the clinic dashboard', () => {
  it('builds the Launch Pad from the clinic, its links and its payments', async () => {
    renderWithApp(<ClinicHomeRoute />);
    expect(await screen.findByText('2 of 3 steps complete.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect in Settings' })).toBeTruthy();
  });

  it('refreshes the figures, the list and the details after a refund from Recent Payments', async () => {
    renderWithApp(<ClinicHomeRoute />);
    const user = userEvent.setup();
    const stats = await screen.findByRole('list', { name: 'Payment statistics' });
    await waitFor(() => expect(stats.textContent).toContain('Month Refunded£0.00'));
    const row = await screen.findByRole('button', { name: 'View payment from Ada Lovelace' });
    row.focus();
    await user.keyboard('{Enter}');
    const details = await screen.findByRole('dialog', { name: 'Payment Details' });
    await user.click(await within(details).findByRole('button', { name: 'Refund' }));
    const refund = await screen.findByRole('dialog', { name: 'Refund Payment' });
    const listCalls = count('GET /api/payments');
    await user.click(within(refund).getByRole('button', { name: 'Refund' }));

    expect(await screen.findByText('Payment refunded successfully')).toBeTruthy();
    await waitFor(() => expect(stats.textContent).toContain('Month Refunded£50.00'));
    expect(count('GET /api/payments')).toBeGreaterThan(listCalls);
    expect(await within(details).findByText('Refunded')).toBeTruthy();
    expect(within(details).queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('refunds a payment the card issuer warned of from its banner, then refreshes the figures and list', async () => {
    alerts = { openDisputes: [], fraudWarnings: [fraudWarning] };
    renderWithApp(<ClinicHomeRoute />);
    const user = userEvent.setup();
    const stats = await screen.findByRole('list', { name: 'Payment statistics' });
    await waitFor(() => expect(stats.textContent).toContain('Month Refunded£0.00'));
    await user.click(await screen.findByRole('button', { name: 'Refund £50.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this payment in full?' });
    const listCalls = count('GET /api/payments');
    await user.click(within(dialog).getByRole('button', { name: 'Refund £50.00' }));

    expect(await screen.findByText(DISPUTE_MESSAGES.fraudWarningRefunded)).toBeTruthy();
    await waitFor(() => expect(stats.textContent).toContain('Month Refunded£50.00'));
    expect(count('GET /api/payments')).toBeGreaterThan(listCalls);
    await waitFor(() => expect(screen.queryByText(/may be fraudulent/)).toBeNull());
    const recent = screen.getByRole('table', { name: 'Recent payments' });
    expect(await within(recent).findByText('Refunded')).toBeTruthy();
  });
});
