/**
 * The dashboard's banner (decisions 0080, 0081): when the card provider needs something from the
 * clinic, what and by when, with Update details; when ClinicPay turned its payments off, that, with
 * the way to contact us; otherwise nothing.
 */
import { CLINIC_MESSAGES, type Clinic, PROVIDER_ACCOUNT_MESSAGES, TEAM_MESSAGES } from '@clinicpay/shared';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { ClinicHomePage } from './clinic-home-page';
import { aClinic } from './test-support';

let clinic: Clinic = aClinic();
startMockServer([http.get('/api/clinic', () => HttpResponse.json({ clinic }))], () => {
  clinic = aClinic();
});

function renderHome(withClinic: Partial<Clinic>, role?: 'manager' | 'reception') {
  clinic = aClinic(withClinic);
  renderWithApp(<ClinicHomePage />, { path: '/dashboard', ...(role ? { role } : {}) });
}

describe('the dashboard banner', () => {
  it('names what the provider needs and by when, with Update details', async () => {
    renderHome({
      stripeStatus: 'action_needed',
      requirementsDeadline: '2027-01-31T23:00:00.000Z',
      requirementsDue: ['individual.dob.day', 'individual.dob.month', 'business_profile.url'],
    });
    const notice = (
      await screen.findByText(
        'Stripe needs more information from you by 31 January 2027 to keep your payments and payouts running.',
      )
    ).parentElement as HTMLElement;
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Date of birth', 'Business website']);
    expect(within(notice).getByRole('button', { name: 'Update details' })).toBeTruthy();
  });

  it('says without a deadline when the provider gave none', async () => {
    renderHome({ stripeStatus: 'action_needed', requirementsDue: ['external_account'] });
    expect(await screen.findByText(PROVIDER_ACCOUNT_MESSAGES.actionNeeded(null))).toBeTruthy();
  });

  it('alerts when the provider has paused payments', async () => {
    renderHome({ stripeStatus: 'restricted', requirementsDue: ['external_account'] });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(PROVIDER_ACCOUNT_MESSAGES.restricted)).toBeTruthy();
    expect(within(alert).getByText('Bank account for payouts')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Update details' })).toBeTruthy();
  });

  it("tells another role what the provider needs, and that the owner can update it, with no button it can't use", async () => {
    renderHome(
      { stripeStatus: 'restricted', requirementsDue: ['external_account'], phone: null },
      'reception',
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(PROVIDER_ACCOUNT_MESSAGES.restricted)).toBeTruthy();
    expect(within(alert).getByText(TEAM_MESSAGES.askOwner)).toBeTruthy();
    expect(within(alert).queryByRole('button')).toBeNull();
    // Settings are the owner's: no link to complete the profile there either.
    expect(screen.queryByText(CLINIC_MESSAGES.incompleteProfile, { exact: false })).toBeNull();
  });

  it('says ClinicPay turned payments off, under its own heading, with the contact link', async () => {
    renderHome({ paymentsTurnedOff: true });
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { level: 2, name: PROVIDER_ACCOUNT_MESSAGES.turnedOffTitle }),
    ).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Contact ClinicPay' }).getAttribute('href')).toBe(
      '/contact',
    );
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it.each(['connected', 'verifying', 'not_connected'] as const)(
    'shows no banner for a clinic %s',
    async (stripeStatus) => {
      renderHome({ stripeStatus });
      expect(await screen.findByText('Welcome, Harley Street Dental Care.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Update details' })).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByText(PROVIDER_ACCOUNT_MESSAGES.verifying)).toBeNull();
    },
  );
});

describe('the dashboard while it loads', () => {
  it.each([
    [true, 'laid out but invisible behind one "Loading..."'],
    [false, 'shown'],
  ])('with loading %s keeps its cards mounted and %s', async (loading, _shown) => {
    clinic = aClinic();
    renderWithApp(
      <ClinicHomePage loading={loading}>
        <p>A card</p>
      </ClinicHomePage>,
      { path: '/dashboard' },
    );
    await screen.findByText('Welcome, Harley Street Dental Care.');
    expect(screen.queryByText('Loading...') !== null).toBe(loading);
    expect(screen.getByText('A card').closest('.invisible') !== null).toBe(loading);
  });
});
