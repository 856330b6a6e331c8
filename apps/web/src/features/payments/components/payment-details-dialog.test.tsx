import { DISPUTE_MESSAGES, REQUEST_MESSAGES } from '@clinicpay/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { aDelivery, aPayment, paymentDetails } from '../test-support';
import { PaymentDetailsDialog } from './payment-details-dialog';
import { PaymentStatsCards } from './payment-stats-cards';
import { PaymentsTable } from './payments-table';

/** A request's detail as GET /api/payment-requests/:id answers it; open until 31 December 2026. */
const requestDetail = (overrides: object = {}) => ({
  id: 'req-1',
  state: 'open',
  expiresOn: '2026-12-31',
  remindersOn: true,
  timeline: [
    { kind: 'sent', at: '2026-11-20T10:05:00.000Z' },
    { kind: 'viewed', at: '2026-11-21T09:00:00.000Z' },
  ],
  ...overrides,
});

const server = startMockServer(
  [http.get('/api/payment-requests/:id', () => HttpResponse.json(requestDetail()))],
  () => {
    vi.unstubAllGlobals();
  },
);

function showPayment(details: ReturnType<typeof paymentDetails>, role?: 'reception') {
  server.use(http.get('/api/payments/:id', () => HttpResponse.json(details)));
  renderWithApp(<PaymentDetailsDialog paymentId={details.id} onClose={() => {}} />, role ? { role } : {});
  return screen.findByRole('dialog', { name: 'Payment Details' });
}

describe('the payment details dialog', () => {
  it('copies the reference with the spec toast', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    // user-event installs its own clipboard; ours replaces it to see what was written.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const dialog = await showPayment(paymentDetails({ reference: 'CP-AAAA-BBBB' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Copy payment reference' }));
    expect(await screen.findByText('Payment reference copied to clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('CP-AAAA-BBBB');
  });

  it('shows what was refunded and offers Refund while something remains', async () => {
    const dialog = await showPayment(
      paymentDetails({
        status: 'partially_refunded',
        refundedAmount: 1500,
        refundableAmount: 3500,
        refunds: [
          {
            id: 'r1',
            amount: 1500,
            status: 'succeeded',
            createdAt: '2026-11-21T09:00:00.000Z',
            reason: null,
          },
        ],
      }),
    );
    expect(await within(dialog).findByText('Partially refunded')).toBeTruthy();
    expect(within(dialog).getAllByText('£15.00')).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: 'Refund' })).toBeTruthy();
  });

  it('offers no refund for a refunded payment, and the page of a sent request', async () => {
    const refunded = await showPayment(
      paymentDetails({ status: 'refunded', refundedAmount: 5000, refundableAmount: 0 }),
    );
    expect(await within(refunded).findByText('Refunded')).toBeTruthy();
    expect(within(refunded).queryByRole('button', { name: 'Refund' })).toBeNull();
    cleanup();

    const sent = await showPayment(
      paymentDetails({
        status: 'sent',
        reference: null,
        platformFee: null,
        refundableAmount: 0,
        isRequest: true,
        message: 'See you on Monday',
        paymentUrl: 'http://localhost:3000/payment/req_1',
      }),
    );
    expect(await within(sent).findByText('See you on Monday')).toBeTruthy();
    expect(within(sent).getByRole('link', { name: 'http://localhost:3000/payment/req_1' })).toBeTruthy();
    expect(within(sent).queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('resends an unpaid request, shows its new notices, and tells a refusal as the server says it', async () => {
    const user = userEvent.setup();
    const resent: string[] = [];
    let notifications = [
      aDelivery({ id: 'n1', type: 'payment_request', recipient: 'grace@patient.example' }),
    ];
    server.use(
      http.post('/api/payment-requests/:id/resend', ({ params }) => {
        resent.push(String(params.id));
        notifications = [
          ...notifications,
          aDelivery({ id: 'n2', type: 'payment_request', status: 'pending', attempts: 0, sentAt: null }),
        ];
        return HttpResponse.json({ message: REQUEST_MESSAGES.resent, notices: 1 });
      }),
    );
    server.use(
      http.get('/api/payments/:id', () =>
        HttpResponse.json(
          paymentDetails({ id: 'req-1', status: 'sent', reference: null, isRequest: true, notifications }),
        ),
      ),
    );
    renderWithApp(<PaymentDetailsDialog paymentId="req-1" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Payment Details' });
    await user.click(await within(dialog).findByRole('button', { name: REQUEST_MESSAGES.resend }));
    expect(await screen.findByText(REQUEST_MESSAGES.resent)).toBeTruthy();
    expect(resent).toEqual(['req-1']);
    expect(await within(dialog).findByText('Waiting to send')).toBeTruthy();

    server.use(
      http.post('/api/payment-requests/:id/resend', () =>
        HttpResponse.json(
          { code: 'PAYMENT_REQUEST_PAID', message: REQUEST_MESSAGES.alreadyPaid },
          { status: 409 },
        ),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: REQUEST_MESSAGES.resend }));
    expect(await screen.findByText(REQUEST_MESSAGES.alreadyPaid)).toBeTruthy();
  });

  it('shows a request’s timeline, reminds the patient now, and cancels it after a question', async () => {
    const user = userEvent.setup();
    let detail = requestDetail();
    const calls: string[] = [];
    server.use(
      http.get('/api/payment-requests/:id', () => HttpResponse.json(detail)),
      http.post('/api/payment-requests/:id/remind', () => {
        calls.push('remind');
        detail = {
          ...detail,
          timeline: [...detail.timeline, { kind: 'reminded', at: '2026-11-23T10:00:00.000Z' }],
        };
        return HttpResponse.json({ message: REQUEST_MESSAGES.reminded, notices: 1 });
      }),
      http.post('/api/payment-requests/:id/cancel', () => {
        calls.push('cancel');
        detail = {
          ...detail,
          state: 'cancelled',
          timeline: [...detail.timeline, { kind: 'cancelled', at: '2026-11-24T10:00:00.000Z' }],
        };
        return HttpResponse.json({ message: REQUEST_MESSAGES.cancelled });
      }),
      http.get('/api/payments/:id', () =>
        HttpResponse.json(paymentDetails({ id: 'req-1', status: 'sent', reference: null, isRequest: true })),
      ),
    );
    renderWithApp(<PaymentDetailsDialog paymentId="req-1" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Payment Details' });
    expect(
      await within(dialog).findByText('Open: the patient can pay until the end of 31 December 2026.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Opened by the patient')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: REQUEST_MESSAGES.remindNow }));
    expect(await screen.findByText(REQUEST_MESSAGES.reminded)).toBeTruthy();
    expect(await within(dialog).findByText('Reminder sent')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: REQUEST_MESSAGES.cancel }));
    const question = await screen.findByRole('dialog', { name: REQUEST_MESSAGES.cancelConfirmTitle });
    expect(calls).toEqual(['remind']);
    await user.click(within(question).getByRole('button', { name: REQUEST_MESSAGES.cancel }));
    expect(await screen.findByText(REQUEST_MESSAGES.cancelled)).toBeTruthy();
    expect(calls).toEqual(['remind', 'cancel']);
    expect(
      await screen.findByText('Cancelled: the patient’s page says so and takes no payment.'),
    ).toBeTruthy();
    // A cancelled request offers nothing more to send.
    expect(screen.queryByRole('button', { name: REQUEST_MESSAGES.resend })).toBeNull();
    expect(screen.queryByRole('button', { name: REQUEST_MESSAGES.remindNow })).toBeNull();
  });

  it('shows the payment terms the payer accepted, with where to read them', async () => {
    const dialog = await showPayment(
      paymentDetails({
        termsAccepted: {
          id: 'terms-7',
          version: 2,
          acceptedAt: '2026-11-20T10:04:00.000Z',
          ip: '198.51.100.23',
        },
      }),
    );
    expect(
      await within(dialog).findByText(
        /Version 2, accepted on 20 Nov 2026, 10:04 from IP address 198\.51\.100\.23/,
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'View the terms (opens in a new tab)' }).getAttribute('href'),
    ).toBe('/payment/terms/terms-7');
  });

  it("names each refund's status in the timeline's words", async () => {
    const dialog = await showPayment(
      paymentDetails({
        status: 'partially_refunded',
        refunds: [
          {
            id: 'r1',
            amount: 1000,
            status: 'succeeded',
            createdAt: '2026-11-21T10:00:00.000Z',
            reason: null,
          },
          { id: 'r2', amount: 500, status: 'pending', createdAt: '2026-11-22T10:00:00.000Z', reason: null },
        ],
      }),
    );
    const list = within(await within(dialog).findByRole('region', { name: 'Refunds' })).getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['21 Nov 2026£10.00Made', '22 Nov 2026£5.00In progress']);
  });

  it("writes the patient's phone as the CSV and the clinic's email do, dialled from the UK", async () => {
    const dialog = await showPayment(paymentDetails({ patientPhone: '+447700900123' }));
    expect(await within(dialog).findByText('07700 900123')).toBeTruthy();
  });

  it('offers no Resend request for a payment', async () => {
    const dialog = await showPayment(paymentDetails({ status: 'paid' }));
    expect(await within(dialog).findByText('Paid')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: REQUEST_MESSAGES.resend })).toBeNull();
  });
});

describe('a disputed payment', () => {
  it('is Disputed, links to its dispute, and is not offered for refund while disputed', async () => {
    const dialog = await showPayment(
      paymentDetails({
        disputeStatus: 'disputed',
        disputeId: 'dp_1',
        disputeRefusesRefund: true,
        refundableAmount: 0,
      }),
    );
    const badge = await within(dialog).findByText('Disputed');
    expect(badge.className).toContain('bg-red-100');
    expect(within(dialog).queryByText('Paid')).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'View dispute' }).getAttribute('href')).toBe(
      '/dashboard/disputes/dp_1',
    );
    expect(within(dialog).getByText(DISPUTE_MESSAGES.refundRefused)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('says a payment lost to a dispute went back to the patient, with no dispute left to answer', async () => {
    const dialog = await showPayment(
      paymentDetails({
        disputeStatus: 'dispute_lost',
        disputeId: 'dp_1',
        disputeRefusesRefund: true,
        refundableAmount: 0,
      }),
    );
    expect(await within(dialog).findByText(DISPUTE_MESSAGES.refundRefusedLost)).toBeTruthy();
    expect(within(dialog).queryByText(DISPUTE_MESSAGES.refundRefused)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('says nothing of refunding an inquiry once nothing is left to refund, nor to reception', async () => {
    const refunded = await showPayment(
      paymentDetails({
        status: 'refunded',
        disputeStatus: 'disputed',
        disputeId: 'dp_1',
        refundableAmount: 0,
      }),
    );
    expect(await within(refunded).findByText('Disputed')).toBeTruthy();
    expect(within(refunded).queryByText(DISPUTE_MESSAGES.inquiryRefundable)).toBeNull();
    cleanup();
    const reception = await showPayment(
      paymentDetails({ disputeStatus: 'disputed', disputeId: 'dp_1' }),
      'reception',
    );
    expect(await within(reception).findByText('Disputed')).toBeTruthy();
    expect(within(reception).queryByText(DISPUTE_MESSAGES.inquiryRefundable)).toBeNull();
  });

  it('may be refunded during an inquiry, and says so', async () => {
    const dialog = await showPayment(paymentDetails({ disputeStatus: 'disputed', disputeId: 'dp_1' }));
    expect(await within(dialog).findByText('Disputed')).toBeTruthy();
    expect(within(dialog).getByText(DISPUTE_MESSAGES.inquiryRefundable)).toBeTruthy();
    expect(within(dialog).queryByText(DISPUTE_MESSAGES.refundRefused)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Refund' })).toBeTruthy();
  });

  it('may be refunded again once the dispute is won, and still links to it', async () => {
    const dialog = await showPayment(paymentDetails({ disputeStatus: 'dispute_won', disputeId: 'dp_1' }));
    expect(await within(dialog).findByText('Dispute won')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'View dispute' })).toBeTruthy();
    expect(within(dialog).queryByText(DISPUTE_MESSAGES.refundRefused)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Refund' })).toBeTruthy();
  });

  it('shows its dispute status instead of its refund status in the payments table', () => {
    renderWithApp(
      <PaymentsTable
        label="Payments"
        onOpen={() => {}}
        payments={[
          aPayment({ id: 'pay_1', disputeStatus: 'disputed' }),
          aPayment({ id: 'pay_2', status: 'partially_refunded', disputeStatus: 'dispute_lost' }),
          aPayment({ id: 'pay_3' }),
        ]}
      />,
    );
    const statuses = within(screen.getByRole('table', { name: 'Payments' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').at(-1)?.textContent);
    expect(statuses).toEqual(['Disputed', 'Dispute lost', 'Paid']);
  });

  it('offers reception no View dispute link, since disputes are not theirs to open', async () => {
    const dialog = await showPayment(
      paymentDetails({ disputeStatus: 'disputed', disputeId: 'dp_1' }),
      'reception',
    );
    expect(await within(dialog).findByText('Disputed')).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: 'View dispute' })).toBeNull();
  });

  it('offers no View dispute link for a payment never disputed', async () => {
    const dialog = await showPayment(paymentDetails());
    expect(await within(dialog).findByText('Paid')).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: 'View dispute' })).toBeNull();
  });
});

describe('the payment details dialog: notifications', () => {
  it('says what was sent, to whom, on which channel and how it went, in words', async () => {
    const dialog = await showPayment(
      paymentDetails({
        notifications: [
          // June: British Summer Time, so 09:00 UTC is 10:00 in London.
          aDelivery({ id: 'n1', sentAt: '2026-06-21T09:00:00.000Z' }),
          aDelivery({
            id: 'n2',
            channel: 'sms',
            recipient: '+447700900123',
            status: 'pending',
            attempts: 0,
            sentAt: null,
          }),
          aDelivery({
            id: 'n3',
            type: 'payment_received',
            recipientType: 'clinic',
            recipient: 'desk@harley.example',
            status: 'pending',
            attempts: 2,
            lastError: 'Mailbox busy',
            sentAt: null,
          }),
          aDelivery({
            id: 'n4',
            type: 'refund_confirmation',
            channel: 'webhook',
            recipient: 'https://hooks.example.com/clinicpay',
            status: 'failed',
            attempts: 5,
            lastError: 'HTTP 500 from receiver',
            sentAt: null,
          }),
          // A text Twilio reported delivered (docs/decisions/0109-text-delivery-reports.md).
          aDelivery({
            id: 'n5',
            channel: 'sms',
            recipient: '+447700900123',
            sentAt: '2026-06-21T09:00:00.000Z',
            deliveredAt: '2026-06-21T09:00:07.000Z',
          }),
        ],
      }),
    );
    const section = await within(dialog).findByRole('region', { name: 'Notifications' });
    const items = within(section)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Payment receiptEmail to ada@example.comSent 21 Jun 2026, 10:00',
      'Payment receiptSMS to +447700900123Waiting to send',
      'Payment received noticeEmail to desk@harley.exampleWaiting to send — retrying. Last error: Mailbox busy',
      'Refund noticeWebhook to https://hooks.example.com/clinicpayFailed: HTTP 500 from receiver',
      'Payment receiptSMS to +447700900123Delivered 21 Jun 2026, 10:00',
    ]);
    // The icons repeat the words for sighted readers and are hidden from assistive technology.
    const icons = section.querySelectorAll('svg');
    expect(icons).toHaveLength(5);
    for (const icon of icons) expect(icon.getAttribute('aria-hidden')).toBe('true');
  });

  it('says so when nothing has been sent', async () => {
    const dialog = await showPayment(paymentDetails({ notifications: [] }));
    const section = await within(dialog).findByRole('region', { name: 'Notifications' });
    expect(within(section).getByText('No notifications have been sent for this payment.')).toBeTruthy();
    expect(within(section).queryByRole('list')).toBeNull();
  });
});

describe('the dashboard figures', () => {
  it('shows the four stat cards in pounds', async () => {
    server.use(
      http.get('/api/payments/stats', () =>
        HttpResponse.json({
          totalReceivedToday: 24500,
          totalPendingToday: 4500,
          totalReceivedMonth: 123456,
          totalRefundedMonth: 1500,
        }),
      ),
    );
    renderWithApp(<PaymentStatsCards />);
    const cards = await screen.findByRole('list', { name: 'Payment statistics' });
    await waitFor(() => expect(cards.textContent).toContain('£1,234.56'));
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((card) => card.textContent),
    ).toEqual([
      "Today's Payments£245.00Paid today, less refunds",
      'Pending Today£45.00Requests sent today, not yet paid',
      'Month Total£1,234.56Paid this month, less refunds',
      "Month Refunded£15.00Refunded of this month's payments",
    ]);
  });

  it("says 'Failed to load dashboard statistics' when they cannot be loaded", async () => {
    server.use(
      http.get('/api/payments/stats', () =>
        HttpResponse.json({ code: 'INTERNAL', message: 'An unexpected error occurred.' }, { status: 500 }),
      ),
    );
    renderWithApp(<PaymentStatsCards />);
    expect(await screen.findByText('Failed to load dashboard statistics')).toBeTruthy();
  });
});

describe('the card saved with a payment', () => {
  it('names the card and links to charging it on the patient’s page', async () => {
    const dialog = await showPayment(
      paymentDetails({ savedCard: { patientId: 'pat_1', cardId: 'card_1', label: 'Visa ending 4242' } }),
    );
    expect(await within(dialog).findByText('Visa ending 4242')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Charge saved card' }).getAttribute('href')).toBe(
      '/dashboard/patients/pat_1?charge=card_1',
    );
  });
});

describe('a deposit’s balance in the payment details', () => {
  const balance = {
    treatmentTotal: 20_000,
    paid: 5000,
    due: 15_000,
    request: null,
    chargeUnderWay: false,
    card: { patientId: 'pat_1', cardId: 'card_1', label: 'Visa ending 4242', maximumAmount: 15_000 },
  };

  it('shows the balance due and sends Request balance for the deposit', async () => {
    const user = userEvent.setup();
    let requested: string | undefined;
    server.use(
      http.post('/api/payments/:id/balance-request', ({ params }) => {
        requested = String(params.id);
        return HttpResponse.json(
          { id: 'req_1', paymentUrl: 'http://localhost/payment/req_1' },
          { status: 201 },
        );
      }),
    );
    const dialog = await showPayment(paymentDetails({ id: 'pay_1', balance }));
    const section = await within(dialog).findByRole('region', { name: 'Balance due £150.00' });
    expect(section.textContent).toContain('Treatment total£200.00');
    expect(section.textContent).toContain('Paid so far£50.00');
    await user.click(within(section).getByRole('button', { name: 'Request balance' }));
    expect(
      await screen.findByText('Balance requested: the patient has been sent a payment link by email'),
    ).toBeTruthy();
    expect(requested).toBe('pay_1');
  });

  it('charges the balance to the saved card after asking, and shows a decline', async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      http.post('/api/patients/:id/cards/:cardId/charges', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          charge: {
            id: 'ch_1',
            kind: 'balance',
            amount: 15_000,
            status: 'failed',
            failureMessage: 'Your card was declined.',
            declineCode: 'generic_decline',
            paymentId: null,
            createdAt: '2026-11-27T10:00:00.000Z',
          },
        });
      }),
    );
    const dialog = await showPayment(paymentDetails({ balance }));
    await user.click(await within(dialog).findByRole('button', { name: 'Charge balance to saved card' }));
    const confirm = await screen.findByRole('dialog', { name: 'Charge balance to saved card' });
    expect(confirm.textContent).toContain('Charge £150.00 to the patient’s Visa ending 4242 now');
    await user.click(within(confirm).getByRole('button', { name: 'Charge £150.00' }));
    expect(await screen.findByText('The card was declined: Your card was declined.')).toBeTruthy();
    expect(body).toEqual({ kind: 'balance', amount: 15_000 });
  });

  it('offers nothing while a balance request waits, and says when the balance is settled', async () => {
    const waiting = await showPayment(
      paymentDetails({
        balance: {
          ...balance,
          request: { id: 'req_1', url: 'http://x/payment/req_1', sentAt: '2026-11-27T10:00:00.000Z' },
        },
      }),
    );
    expect(
      await within(waiting).findByText('A balance request has been sent and is waiting for the patient'),
    ).toBeTruthy();
    expect(within(waiting).queryByRole('button', { name: 'Request balance' })).toBeNull();
    cleanup();
    const settled = await showPayment(
      paymentDetails({ balance: { ...balance, paid: 20_000, due: 0, card: null } }),
    );
    expect(await within(settled).findByRole('region', { name: 'Balance settled' })).toBeTruthy();
    cleanup();
    const balancePayment = await showPayment(
      paymentDetails({
        type: 'balance',
        balanceOf: { paymentId: 'pay_1', reference: 'CP-DEPO-SIT1', settled: true },
      }),
    );
    expect(
      (await within(balancePayment).findByRole('region', { name: 'Balance of CP-DEPO-SIT1' })).textContent,
    ).toContain('Balance settled');
  });
});
