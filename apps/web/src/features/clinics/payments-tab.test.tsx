/**
 * Settings → Payments as the card provider runs a clinic's account (decisions 0080, 0081): each status
 * says what it means and offers what the clinic can do, a clinic being verified is read again until it
 * is, Update details goes where the server says, and a clinic whose payments ClinicPay turned off is
 * told so, with no way to reconnect.
 */
import { type Clinic, PROVIDER_ACCOUNT_MESSAGES, PROVIDER_MESSAGES } from '@clinicpay/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { VERIFYING_POLL_MS } from './api/get-clinic';
import { SettingsPage } from './settings-page';
import { aClinic } from './test-support';

const UPDATE_URL = 'https://connect.stripe.example/setup/e/acct_1/update';
let clinic: Clinic = aClinic();
let clinicReads = 0;
let updateLinksAsked = 0;
const server = startMockServer(
  [
    http.get('/api/clinic', () => {
      clinicReads += 1;
      return HttpResponse.json({ clinic });
    }),
    http.get('/api/payment-provider/config', () =>
      HttpResponse.json({ provider: 'stripe', publishableKey: 'pk_test_x' }),
    ),
    http.post('/api/clinic/payment-provider/update-details', () => {
      updateLinksAsked += 1;
      return HttpResponse.json({ url: UPDATE_URL });
    }),
  ],
  () => {
    clinic = aClinic();
    clinicReads = 0;
    updateLinksAsked = 0;
  },
);
afterEach(() => vi.restoreAllMocks());

function renderPayments(withClinic: Partial<Clinic>) {
  clinic = aClinic(withClinic);
  renderWithApp(<SettingsPage securityTab={null} teamTab={null} />, {
    path: '/dashboard/settings?tab=payments',
  });
  return userEvent.setup();
}

/** Stands in for the browser leaving the page: records where window.location.assign was sent. */
function watchNavigation() {
  const assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
  return assign;
}

const status = () => screen.getByTestId('provider-status').textContent;
const button = (name: string | RegExp) => screen.queryByRole('button', { name });

describe('Settings → Payments: the provider account', () => {
  it('says the details are being checked, and reads the clinic every 3 s until they are', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderPayments({ stripeStatus: 'verifying', stripeAccountId: 'acct_1' });
      const notice = await screen.findByText(PROVIDER_ACCOUNT_MESSAGES.verifying);
      expect(notice.getAttribute('role')).toBe('status');
      expect(status()).toBe('Verifying');
      expect(screen.getByTestId('provider-account-id').textContent).toBe('acct_1');
      expect(button(/Connect|Resume onboarding|Update details/)).toBeNull();
      expect(button('Disconnect')).toBeTruthy();
      expect(clinicReads).toBe(1);

      await vi.advanceTimersByTimeAsync(VERIFYING_POLL_MS);
      await waitFor(() => expect(clinicReads).toBe(2));
      clinic = { ...clinic, stripeStatus: 'connected' };
      await vi.advanceTimersByTimeAsync(VERIFYING_POLL_MS);
      await waitFor(() => expect(status()).toBe('Connected'));
      expect(screen.queryByText(PROVIDER_ACCOUNT_MESSAGES.verifying)).toBeNull();
      // Connected: no more reading again.
      await vi.advanceTimersByTimeAsync(VERIFYING_POLL_MS * 3);
      expect(clinicReads).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for what is due by the deadline, each once in plain English, and Update details goes to the provider', async () => {
    const user = renderPayments({
      stripeStatus: 'action_needed',
      stripeAccountId: 'acct_1',
      requirementsDeadline: '2026-12-09T12:00:00.000Z',
      requirementsDue: [
        'individual.verification.document',
        'external_account',
        'individual.first_name',
        'individual.last_name',
      ],
    });
    const notice = (
      await screen.findByText(
        'Stripe needs more information from you by 9 December 2026 to keep your payments and payouts running.',
      )
    ).parentElement as HTMLElement;
    expect(notice.getAttribute('role')).toBe('status');
    expect(within(notice).getByText('What is needed:')).toBeTruthy();
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Identity document', 'Bank account for payouts', 'Legal name']);
    expect(status()).toBe('Action needed');
    expect(button(/Connect|Resume onboarding/)).toBeNull();
    expect(button('Disconnect')).toBeTruthy();

    const assign = watchNavigation();
    await user.click(within(notice).getByRole('button', { name: 'Update details' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(UPDATE_URL));
    expect(updateLinksAsked).toBe(1);
  });

  it('says when the provider has paused payments, in an alert with what it needs and Update details', async () => {
    const user = renderPayments({
      stripeStatus: 'restricted',
      stripeAccountId: 'acct_1',
      requirementsDue: ['company.tax_id', 'tos_acceptance.date'],
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(PROVIDER_ACCOUNT_MESSAGES.restricted)).toBeTruthy();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Company registration number', "Acceptance of Stripe's terms"]);
    expect(status()).toBe('Restricted');
    expect(button(/Connect|Resume onboarding/)).toBeNull();

    const assign = watchNavigation();
    await user.click(within(alert).getByRole('button', { name: 'Update details' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(UPDATE_URL));
  });

  it('says a rejected account is closed for payments, offering neither Connect nor Update details', async () => {
    renderPayments({ stripeStatus: 'rejected', stripeAccountId: 'acct_1' });
    expect((await screen.findByRole('alert')).textContent).toBe(PROVIDER_ACCOUNT_MESSAGES.rejected);
    expect(status()).toBe('Rejected');
    expect(button(/Connect|Resume onboarding|Update details/)).toBeNull();
    expect(button('Disconnect')).toBeTruthy();
  });

  it('tells a clinic whose payments ClinicPay turned off how to reach us, and offers no Connect', async () => {
    renderPayments({ stripeStatus: 'not_connected', paymentsTurnedOff: true });
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'Card payments were turned off by ClinicPay' }),
    ).toBeTruthy();
    expect(within(alert).getByText(PROVIDER_ACCOUNT_MESSAGES.turnedOff)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Contact ClinicPay' }).getAttribute('href')).toBe(
      '/contact',
    );
    expect(status()).toBe('Not Connected');
    expect(button(/Connect with Stripe|Resume onboarding|Update details|Disconnect/)).toBeNull();
  });

  it('offers Connect to a clinic without an account in use', async () => {
    renderPayments({ stripeStatus: 'not_connected' });
    expect(await screen.findByRole('button', { name: 'Connect with Stripe' })).toBeTruthy();
    expect(button('Disconnect')).toBeNull();
    expect(screen.queryByTestId('provider-account-id')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers Resume onboarding and Disconnect while onboarding is unfinished', async () => {
    renderPayments({ stripeStatus: 'pending', stripeAccountId: 'acct_1' });
    expect(await screen.findByRole('button', { name: 'Resume onboarding' })).toBeTruthy();
    expect(screen.getByText(PROVIDER_MESSAGES.pending)).toBeTruthy();
    expect(status()).toBe('Pending');
    expect(button('Disconnect')).toBeTruthy();
    expect(button('Update details')).toBeNull();
  });

  it('shows the clinic turned off when Update details is refused for that reason', async () => {
    server.use(
      http.post('/api/clinic/payment-provider/update-details', () => {
        clinic = { ...clinic, stripeStatus: 'not_connected', paymentsTurnedOff: true };
        return HttpResponse.json(
          { code: 'PAYMENTS_TURNED_OFF', message: PROVIDER_ACCOUNT_MESSAGES.turnedOffRefused },
          { status: 403 },
        );
      }),
    );
    const user = renderPayments({ stripeStatus: 'restricted', stripeAccountId: 'acct_1' });
    const assign = watchNavigation();
    await user.click(await screen.findByRole('button', { name: 'Update details' }));
    expect(
      await screen.findByText(
        PROVIDER_ACCOUNT_MESSAGES.updateFailed(PROVIDER_ACCOUNT_MESSAGES.turnedOffRefused),
      ),
    ).toBeTruthy();
    expect(
      await screen.findByRole('heading', { name: 'Card payments were turned off by ClinicPay' }),
    ).toBeTruthy();
    expect(button('Update details')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });
});
