import { type DisputeAlerts as Alerts, DISPUTE_MESSAGES } from '@clinicpay/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { DisputeAlerts } from './dispute-alerts';
import { aDispute, aFraudWarning } from './test-support';

let alerts: Alerts = { openDisputes: [], fraudWarnings: [] };
let refunds: string[] = [];
const server = startMockServer(
  [
    http.get('/api/disputes/alerts', () => HttpResponse.json(alerts)),
    http.post('/api/fraud-warnings/:warningId/refund', async ({ params, request }) => {
      const { amount } = (await request.json()) as { amount: number };
      refunds.push(`${String(params.warningId)} ${amount}`);
      alerts = { ...alerts, fraudWarnings: [] };
      return HttpResponse.json({
        refund: { id: 're_1', amount: 12_000, status: 'succeeded' },
        payment: { id: 'pay_2', status: 'refunded', refundedAmount: 12_000 },
      });
    }),
  ],
  () => {
    alerts = { openDisputes: [], fraudWarnings: [] };
    refunds = [];
  },
);

function renderAlerts(shown: Alerts) {
  alerts = shown;
  renderWithApp(
    <>
      <DisputeAlerts />
      <p>Dashboard</p>
    </>,
    { path: '/dashboard' },
  );
}

describe('the dashboard dispute banners', () => {
  it('names each open dispute needing a response, with its deadline and a Respond link', async () => {
    renderAlerts({
      openDisputes: [aDispute(), aDispute({ id: 'dp_2', patientName: 'Grace Hopper', amount: 2500 })],
      fraudWarnings: [],
    });
    const banner = (await screen.findByRole('heading', { name: DISPUTE_MESSAGES.banner(2) }))
      .parentElement as HTMLElement;
    const items = within(banner).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Ada Lovelace, £50.00');
    expect(items[0]?.textContent).toContain('The patient says they did not receive the treatment or service');
    expect(items[0]?.textContent).toContain('Respond by 9 December 2026 at 23:59');
    const respond = within(items[1] as HTMLElement).getByRole('link', { name: /^Respond/ });
    expect(respond.getAttribute('href')).toBe('/dashboard/disputes/dp_2');
    expect(respond.textContent).toContain('Grace Hopper');
  });

  it('offers to refund a payment the issuer warned of, after confirming, and then hides the warning', async () => {
    renderAlerts({ openDisputes: [], fraudWarnings: [aFraudWarning()] });
    const user = userEvent.setup();
    expect(
      await screen.findByText(
        'The card issuer warned that a payment from Charles Babbage (CP-FRAUD1) may be fraudulent. Refunding it in full now usually prevents a dispute and its fee.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refund £120.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this payment in full?' });
    expect(refunds).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Refund £120.00' }));

    expect(await screen.findByText(DISPUTE_MESSAGES.fraudWarningRefunded)).toBeTruthy();
    // The amount the clinic confirmed goes with it, so no more is refunded than it agreed to.
    expect(refunds).toEqual(['efw_1 12000']);
    await waitFor(() => expect(screen.queryByText(/may be fraudulent/)).toBeNull());
  });

  it('says a refund the card provider has not finished was requested, not that the payment was refunded', async () => {
    server.use(
      http.post('/api/fraud-warnings/:warningId/refund', () =>
        HttpResponse.json({
          refund: { id: 're_1', amount: 12_000, status: 'pending' },
          payment: { id: 'pay_2', status: 'paid', refundedAmount: 0 },
        }),
      ),
    );
    renderAlerts({ openDisputes: [], fraudWarnings: [aFraudWarning()] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund £120.00' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Refund £120.00' }));
    expect(
      await screen.findByText('Refund of £120.00 requested. The card provider is still processing it.'),
    ).toBeTruthy();
    expect(screen.queryByText(DISPUTE_MESSAGES.fraudWarningRefunded)).toBeNull();
  });

  it('keeps a refusal in the dialog, with the warning still shown', async () => {
    server.use(
      http.post('/api/fraud-warnings/:warningId/refund', () =>
        HttpResponse.json(
          { code: 'PROVIDER_UNAVAILABLE', message: 'The card provider is unavailable. Please try again.' },
          { status: 503 },
        ),
      ),
    );
    renderAlerts({ openDisputes: [], fraudWarnings: [aFraudWarning()] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund £120.00' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Refund £120.00' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The card provider is unavailable. Please try again.',
    );
    expect(screen.getByText(/may be fraudulent/)).toBeTruthy();
  });

  it('shows nothing when there is nothing to act on', async () => {
    renderAlerts({ openDisputes: [], fraudWarnings: [] });
    expect(await screen.findByText('Dashboard')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
