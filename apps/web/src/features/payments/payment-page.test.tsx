import { REQUEST_MESSAGES } from '@clinicpay/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { PaymentPage } from './payment-page';
import { aDelivery, paymentDetails } from './test-support';

const payment = paymentDetails({
  id: 'pay_1',
  amount: 8500,
  refundedAmount: 2000,
  refundableAmount: 6500,
  status: 'partially_refunded',
  date: '2026-11-20T10:05:00.000Z',
  card: { brand: 'visa', last4: '3155', threeDSecure: 'authenticated' },
  refunds: [
    {
      id: 'r1',
      amount: 2000,
      status: 'succeeded',
      createdAt: '2026-11-21T09:00:00.000Z',
      reason: 'duplicate',
    },
  ],
  notifications: [aDelivery({ createdAt: '2026-11-20T10:05:01.000Z', sentAt: '2026-11-20T10:05:05.000Z' })],
});

let refundBodies: unknown[] = [];
let receipts = 0;
let resends: string[] = [];
startMockServer(
  [
    http.get('/api/payments/:id', ({ params }) =>
      params.id === 'pay_1'
        ? HttpResponse.json(payment)
        : params.id === 'req_1'
          ? HttpResponse.json(
              paymentDetails({ id: 'req_1', status: 'sent', reference: null, isRequest: true, card: null }),
            )
          : HttpResponse.json({ code: 'PAYMENT_NOT_FOUND', message: 'Payment not found' }, { status: 404 }),
    ),
    http.get('/api/payment-requests/:id', ({ params }) =>
      HttpResponse.json({
        id: String(params.id),
        state: 'open',
        expiresOn: '2026-12-20',
        remindersOn: true,
        timeline: [{ kind: 'sent', at: '2026-11-20T10:05:00.000Z' }],
      }),
    ),
    http.post('/api/payment-requests/:id/resend', ({ params }) => {
      resends.push(String(params.id));
      return HttpResponse.json({ message: REQUEST_MESSAGES.resent, notices: 2 });
    }),
    http.post('/api/payments/:id/refunds', async ({ request }) => {
      refundBodies.push(await request.json());
      return HttpResponse.json({
        refund: { id: 'r2', amount: 6500, status: 'succeeded' },
        payment: { id: 'pay_1', status: 'refunded', refundedAmount: 8500 },
      });
    }),
    http.post('/api/payments/:id/receipt', () => {
      receipts += 1;
      return HttpResponse.json({ message: 'Receipt sent again to the patient', notices: 1 });
    }),
  ],
  () => {
    refundBodies = [];
    receipts = 0;
    resends = [];
  },
);

const renderPage = (id = 'pay_1', role?: 'owner' | 'manager' | 'reception') =>
  renderWithApp([{ path: '/dashboard/payments/:paymentId', element: <PaymentPage /> }], {
    path: `/dashboard/payments/${id}`,
    role,
  });

describe('the payment page (/dashboard/payments/:paymentId)', () => {
  it('shows the time, the card and its 3-D Secure result, and a timeline of what happened', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Payment CP-ABC123' })).toBeTruthy();
    expect(screen.getByText('Paid on').nextElementSibling?.textContent).toBe('20 Nov 2026, 10:05');
    expect(screen.getByText('Visa ending 3155')).toBeTruthy();
    expect(screen.getByText('Passed: the bank confirmed the patient')).toBeTruthy();
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '20 Nov 2026, 10:05Paid £85.00 with Visa ending 3155',
      '20 Nov 2026, 10:05Payment receipt via Email: sent',
      '21 Nov 2026, 09:00Refund of £20.00 made (Duplicate payment)',
    ]);
  });

  it('refunds inline: the amount starts empty, Full refund fills what remains, and the reason goes with it', async () => {
    const user = userEvent.setup();
    renderPage();
    const amount = (await screen.findByLabelText('Refund amount (£)')) as HTMLInputElement;
    expect(amount.value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Please enter a valid amount greater than 0')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(refundBodies).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Full refund' }));
    expect(amount.value).toBe('65.00');
    await user.selectOptions(screen.getByLabelText('Reason (optional)'), 'Requested by the patient');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(refundBodies).toEqual([{ amount: 6500, reason: 'requested_by_customer' }]));
    expect(await screen.findByText('Payment refunded successfully')).toBeTruthy();
  });

  it('offers Refund to an owner and a manager, and not to reception, who still resends the receipt', async () => {
    renderPage('pay_1', 'manager');
    expect(await screen.findByLabelText('Refund amount (£)')).toBeTruthy();
    cleanup();
    renderPage('pay_1', 'reception');
    expect(await screen.findByRole('button', { name: 'Resend receipt' })).toBeTruthy();
    expect(screen.queryByLabelText('Refund amount (£)')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('sends the receipt again', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Resend receipt' }));
    expect(await screen.findByText('Receipt sent again to the patient')).toBeTruthy();
    expect(receipts).toBe(1);
  });

  it('offers an unpaid request Resend request, never a receipt', async () => {
    const user = userEvent.setup();
    renderPage('req_1');
    await user.click(await screen.findByRole('button', { name: REQUEST_MESSAGES.resend }));
    expect(await screen.findByText(REQUEST_MESSAGES.resent)).toBeTruthy();
    expect(resends).toEqual(['req_1']);
    expect(screen.queryByRole('button', { name: 'Resend receipt' })).toBeNull();
  });

  it("says 'Payment not found' for a payment that is not the clinic's", async () => {
    renderPage('nope');
    expect(await screen.findByText('Payment not found')).toBeTruthy();
  });
});
