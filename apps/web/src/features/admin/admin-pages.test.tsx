import type { AdminClinicProfile } from '@clinicpay/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { startMockServer } from '@/testing/app';
import { AdminHomePage } from './admin-home-page';
import { ClinicProfilePage } from './clinic-profile-page';
import { ClinicsPage } from './clinics-page';
import { aClinicRow, renderAdmin, someStats } from './test-support';

let statsQueries: Record<string, string>[] = [];
let clinicQueries: Record<string, string>[] = [];
const server = startMockServer(
  [
    http.get('/api/admin/stats', ({ request }) => {
      statsQueries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(someStats());
    }),
    http.get('/api/admin/clinics', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      clinicQueries.push(query);
      const items = query.search === 'nothing' ? [] : [aClinicRow({ email: null })];
      return HttpResponse.json({ items, page: 1, pageSize: 10, total: items.length });
    }),
  ],
  () => {
    statsQueries = [];
    clinicQueries = [];
  },
);
beforeAll(() => {
  // recharts' ResponsiveContainer watches its size; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

describe('the admin dashboard', () => {
  it('shows the four figures with their real changes and the clinics that joined this month', async () => {
    renderAdmin(<AdminHomePage />, { path: '/admin' });
    const cards = await screen.findByRole('list', { name: 'Platform statistics' });
    await waitFor(() => expect(within(cards).getByText('£12,500.00')).toBeTruthy());
    expect(within(cards).getByText('+2 this month')).toBeTruthy();
    expect(within(cards).getByText('+12.5% from previous period')).toBeTruthy();
    expect(within(cards).getByText('-2.1% from previous period')).toBeTruthy();
    expect(within(cards).getByText('0% from previous period')).toBeTruthy();
    expect(within(cards).getByText('£300.00')).toBeTruthy();
    // Each card says what it counts (decision 0097).
    expect(within(cards).getByText('12 payments. Net: £12,545.00 paid less £45.00 refunded')).toBeTruthy();
    expect(within(cards).getByText('Refunded to patients, on 1 payment')).toBeTruthy();
    expect(within(cards).getByText('Platform fees £376.35 less card fees £76.35')).toBeTruthy();
    // The chart says which days it covers: the last 30 without a range.
    expect(screen.getByText('The last 30 days')).toBeTruthy();
  });

  it('asks for a preset range with a toast, and for all time again when cleared', async () => {
    const user = userEvent.setup();
    const { router } = renderAdmin(<AdminHomePage />, { path: '/admin' });
    await screen.findByText('£12,500.00');
    expect(statsQueries.at(-1)).toEqual({});

    await user.click(screen.getByRole('button', { name: /Date range/ }));
    // The picker's popover loads on its first opening (decision 0127).
    await user.click(await screen.findByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(Object.keys(statsQueries.at(-1) ?? {})).toEqual(['from', 'to']));
    expect(
      await screen.findByText(/^Filtering data from \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}$/),
    ).toBeTruthy();
    expect(router.state.location.search).toMatch(/from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d/);

    await user.click(screen.getByRole('button', { name: /Date range/ }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Date filter cleared')).toBeTruthy();
    await waitFor(() => expect(statsQueries.at(-1)).toEqual({}));
  });

  it('lists recent clinics with the name fallback, each opening its clinic', async () => {
    const user = userEvent.setup();
    const { router } = renderAdmin(<AdminHomePage />, { path: '/admin' });
    const link = await screen.findByRole('link', { name: 'Unnamed Clinic' });
    expect(screen.getByText('Not Connected')).toBeTruthy();
    await user.click(link);
    expect(router.state.location.pathname).toBe('/admin/clinics/22222222-2222-4222-8222-222222222222');
  });

  it('says the statistics failed to load', async () => {
    server.use(
      http.get('/api/admin/stats', () =>
        HttpResponse.json({ code: 'INTERNAL', message: 'x' }, { status: 500 }),
      ),
    );
    renderAdmin(<AdminHomePage />, { path: '/admin' });
    expect(await screen.findByText('Failed to load dashboard statistics')).toBeTruthy();
  });
});

describe('the clinics list', () => {
  it('searches on the server and shows the fallbacks and the empty state', async () => {
    const user = userEvent.setup();
    renderAdmin(<ClinicsPage />, { path: '/admin/clinics' });
    const table = await screen.findByRole('table', { name: 'Clinics' });
    await within(table).findByText('Harley Dental');
    expect(within(table).getByText('No email')).toBeTruthy();
    expect(within(table).getByText('Connected')).toBeTruthy();

    await user.type(screen.getByPlaceholderText('Search clinics...'), 'nothing');
    expect(await within(table).findByText('No clinics found')).toBeTruthy();
    expect(clinicQueries.at(-1)).toEqual({ page: '1', search: 'nothing' });
  });

  it("badges every provider status, and 'Payments turned off' beside a clinic an admin turned off", async () => {
    server.use(
      http.get('/api/admin/clinics', () => {
        const items = [
          aClinicRow({ id: 'a', clinicName: 'Verifying Clinic', stripeStatus: 'verifying' }),
          aClinicRow({ id: 'b', clinicName: 'Needs Clinic', stripeStatus: 'action_needed' }),
          aClinicRow({ id: 'c', clinicName: 'Paused Clinic', stripeStatus: 'restricted' }),
          aClinicRow({ id: 'd', clinicName: 'Closed Clinic', stripeStatus: 'rejected' }),
          aClinicRow({
            id: 'e',
            clinicName: 'Off Clinic',
            stripeStatus: 'not_connected',
            paymentsTurnedOff: true,
          }),
        ];
        return HttpResponse.json({ items, page: 1, pageSize: 10, total: items.length });
      }),
    );
    renderAdmin(<ClinicsPage />, { path: '/admin/clinics' });
    const table = await screen.findByRole('table', { name: 'Clinics' });
    await within(table).findByText('Verifying Clinic');
    const statusOf = (name: string) =>
      (within(table).getByText(name).closest('tr') as HTMLElement).querySelectorAll('td')[1]?.textContent;
    expect(statusOf('Verifying Clinic')).toBe('Verifying');
    expect(statusOf('Needs Clinic')).toBe('Action needed');
    expect(statusOf('Paused Clinic')).toBe('Restricted');
    expect(statusOf('Closed Clinic')).toBe('Rejected');
    expect(statusOf('Off Clinic')).toBe('Not ConnectedPayments turned off');
    expect(within(table).getAllByText('Payments turned off')).toHaveLength(1);
  });

  it('invites a new clinic from the Add New Clinic dialog, checking the fields first', async () => {
    const invitations: unknown[] = [];
    server.use(
      http.post('/api/admin/clinics', async ({ request }) => {
        invitations.push(await request.json());
        return HttpResponse.json(
          { clinicId: 'c9', message: 'Invitation sent to desk@soho.example' },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<ClinicsPage />, { path: '/admin/clinics' });
    const opener = screen.getByRole('button', { name: 'Add New Clinic' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Add New Clinic' });
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const nameError = await within(dialog).findByText('Please enter the clinic name');
    expect(within(dialog).getByLabelText('Clinic name').getAttribute('aria-describedby')).toBe(nameError.id);
    expect(invitations).toEqual([]);

    await user.type(within(dialog).getByLabelText('Clinic name'), 'Soho Physio');
    await user.type(within(dialog).getByLabelText('Email'), 'Desk@Soho.example');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to desk@soho.example')).toBeTruthy();
    expect(invitations).toEqual([{ clinicName: 'Soho Physio', email: 'desk@soho.example' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('puts a taken email under the Email field, tied to it', async () => {
    server.use(
      http.post('/api/admin/clinics', () =>
        HttpResponse.json(
          { code: 'EMAIL_TAKEN', message: 'An account with this email already exists' },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderAdmin(<ClinicsPage />, { path: '/admin/clinics' });
    await user.click(screen.getByRole('button', { name: 'Add New Clinic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Clinic' });
    await user.type(within(dialog).getByLabelText('Clinic name'), 'Soho Physio');
    await user.type(within(dialog).getByLabelText('Email'), 'desk@soho.example');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const taken = await within(dialog).findByText('An account with this email already exists');
    const email = within(dialog).getByLabelText('Email');
    expect(email.getAttribute('aria-describedby')).toContain(taken.id);
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('says the list failed to load, with the reason', async () => {
    server.use(
      http.get('/api/admin/clinics', () =>
        HttpResponse.json({ code: 'FORBIDDEN', message: 'Admins only' }, { status: 403 }),
      ),
    );
    renderAdmin(<ClinicsPage />, { path: '/admin/clinics' });
    expect(await screen.findByText('Failed to load clinics: Admins only')).toBeTruthy();
    // A failed load is never an empty list.
    expect(screen.queryByText('No clinics found')).toBeNull();
  });
});

/** A clinic's profile as GET /api/admin/clinics/:clinicId answers it: no payments, links or audit. */
const aProfile = (clinic: Partial<AdminClinicProfile['clinic']> = {}): AdminClinicProfile => ({
  clinic: {
    id: 'c1',
    clinicName: 'Quiet Clinic',
    logoUrl: null,
    contact: 'owner@quiet.example',
    email: null,
    phone: null,
    address: null,
    stripeStatus: 'not_connected',
    paymentsTurnedOff: false,
    providerAccountId: 'acct_quiet',
    createdAt: '2026-11-01T10:00:00.000Z',
    invitationPending: false,
    signInSuspendedAt: null,
    signInSuspensionReason: null,
    ...clinic,
  },
  stats: {
    count: 0,
    gross: 0,
    refunds: 0,
    refundCount: 0,
    net: 0,
    platformFees: 0,
    cardFees: 0,
    platformRevenue: 0,
    averagePayment: 0,
  },
  recentPayments: [],
  links: [],
  audit: [],
});

describe('the clinic profile', () => {
  it('shows the spec’s error page for an unknown clinic', async () => {
    server.use(
      http.get('/api/admin/clinics/:clinicId', () =>
        HttpResponse.json(
          { code: 'CLINIC_NOT_FOUND', message: 'Clinic data not found. Please try again later.' },
          { status: 404 },
        ),
      ),
    );
    renderAdmin(<ClinicProfilePage />, { path: '/admin/clinics/nope', pattern: '/admin/clinics/:clinicId' });
    expect(await screen.findByRole('heading', { name: 'Could not load clinic profile' })).toBeTruthy();
    expect(screen.getByText('Clinic data not found. Please try again later.')).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/Error/));
  });

  it('shows the empty states of a clinic with no payments and no links', async () => {
    server.use(
      http.get('/api/admin/clinics/:clinicId', () =>
        HttpResponse.json({
          clinic: {
            id: 'c1',
            clinicName: 'Quiet Clinic',
            logoUrl: null,
            contact: 'owner@quiet.example',
            email: null,
            phone: null,
            address: null,
            stripeStatus: 'pending',
            paymentsTurnedOff: false,
            providerAccountId: 'acct_quiet',
            createdAt: '2026-11-01T10:00:00.000Z',
            invitationPending: false,
            signInSuspendedAt: null,
            signInSuspensionReason: null,
          },
          stats: {
            count: 0,
            gross: 0,
            refunds: 0,
            refundCount: 0,
            net: 0,
            platformFees: 0,
            cardFees: 0,
            platformRevenue: 0,
            averagePayment: 0,
          },
          recentPayments: [],
          links: [],
          audit: [],
        }),
      ),
    );
    renderAdmin(<ClinicProfilePage />, { path: '/admin/clinics/c1', pattern: '/admin/clinics/:clinicId' });
    expect(await screen.findByRole('heading', { name: 'Quiet Clinic' })).toBeTruthy();
    expect(screen.getByText('No payment records found for this clinic')).toBeTruthy();
    expect(screen.getByText('No payment links found for this clinic')).toBeTruthy();
    expect(screen.getByText('owner@quiet.example')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
  });

  it("shows 'Payments turned off' and closes the clinic's Stripe account after a dialog naming it", async () => {
    let closed: string[] = [];
    let profile = aProfile({ paymentsTurnedOff: true, providerAccountId: 'acct_quiet' });
    server.use(
      http.get('/api/admin/clinics/:clinicId', () => HttpResponse.json(profile)),
      http.post('/api/admin/clinics/:clinicId/close-provider-account', ({ params }) => {
        closed = [...closed, String(params.clinicId)];
        profile = aProfile({ paymentsTurnedOff: true, providerAccountId: null });
        return HttpResponse.json({
          message: 'Stripe account closed for Quiet Clinic',
          clinicId: params.clinicId,
          clinicName: 'Quiet Clinic',
          stripeStatus: 'not_connected',
          paymentsTurnedOff: true,
        });
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<ClinicProfilePage />, { path: '/admin/clinics/c1', pattern: '/admin/clinics/:clinicId' });
    expect(await screen.findByRole('heading', { name: 'Quiet Clinic' })).toBeTruthy();
    expect(screen.getByText('Payments turned off')).toBeTruthy();
    expect(screen.getByText('acct_quiet')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Close Stripe account' }));
    const dialog = await screen.findByRole('dialog', { name: "Close this clinic's Stripe account?" });
    expect(
      within(dialog).getByText(
        "Quiet Clinic's Stripe account will be closed for good. This is only possible once its balance is zero, and cannot be undone.",
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close Stripe account' }));
    expect(await screen.findByText('Stripe account closed for Quiet Clinic')).toBeTruthy();
    expect(closed).toEqual(['c1']);
    // The profile is read again: no account left to close.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Close Stripe account' })).toBeNull());
    expect(screen.queryByText('acct_quiet')).toBeNull();
  });

  it('offers no Close Stripe account to a clinic without one', async () => {
    server.use(
      http.get('/api/admin/clinics/:clinicId', () =>
        HttpResponse.json(aProfile({ providerAccountId: null })),
      ),
    );
    renderAdmin(<ClinicProfilePage />, { path: '/admin/clinics/c1', pattern: '/admin/clinics/:clinicId' });
    expect(await screen.findByRole('heading', { name: 'Quiet Clinic' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close Stripe account' })).toBeNull();
    expect(screen.queryByText('Payments turned off')).toBeNull();
  });

  it("shows the server's refusal to close the account inline in the dialog", async () => {
    server.use(
      http.get('/api/admin/clinics/:clinicId', () => HttpResponse.json(aProfile())),
      http.post('/api/admin/clinics/:clinicId/close-provider-account', () =>
        HttpResponse.json(
          { code: 'PROVIDER_ACCOUNT_NOT_CLOSABLE', message: 'The account still has a balance.' },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderAdmin(<ClinicProfilePage />, { path: '/admin/clinics/c1', pattern: '/admin/clinics/:clinicId' });
    await user.click(await screen.findByRole('button', { name: 'Close Stripe account' }));
    const dialog = await screen.findByRole('dialog', { name: "Close this clinic's Stripe account?" });
    await user.click(within(dialog).getByRole('button', { name: 'Close Stripe account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to close the account: The account still has a balance.',
    );
  });
});

const renderProfile = () =>
  renderAdmin(<ClinicProfilePage />, { path: '/admin/clinics/c1', pattern: '/admin/clinics/:clinicId' });
const REASON = 'Unpaid invoices since October';

describe("the clinic profile: the clinic's sign-in and invitation", () => {
  it('resends an unused invitation after a confirmation, and offers it no more once used', async () => {
    let resent: string[] = [];
    let profile = aProfile({ invitationPending: true });
    server.use(
      http.get('/api/admin/clinics/:clinicId', () => HttpResponse.json(profile)),
      http.post('/api/admin/clinics/:clinicId/resend-invitation', ({ params }) => {
        resent = [...resent, String(params.clinicId)];
        profile = aProfile({ invitationPending: false });
        return HttpResponse.json({ message: 'Invitation sent again to owner@quiet.example' });
      }),
    );
    const user = userEvent.setup();
    renderProfile();
    expect(await screen.findByText('Invitation not used yet')).toBeTruthy();
    const opener = screen.getByRole('button', { name: 'Resend invitation' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Send the invitation again?' });
    expect(dialog.textContent).toContain(
      'Quiet Clinic is emailed a new link to set its password. The link sent before stops working.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
    expect(resent).toEqual([]);

    await user.click(opener);
    const again = await screen.findByRole('dialog', { name: 'Send the invitation again?' });
    await user.click(within(again).getByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByText('Invitation sent again to owner@quiet.example')).toBeTruthy();
    expect(resent).toEqual(['c1']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resend invitation' })).toBeNull());
  });

  it("shows the server's refusal to resend inline in the dialog, which stays open", async () => {
    server.use(
      http.get('/api/admin/clinics/:clinicId', () =>
        HttpResponse.json(aProfile({ invitationPending: true })),
      ),
      http.post('/api/admin/clinics/:clinicId/resend-invitation', () =>
        HttpResponse.json(
          { code: 'INVITATION_ALREADY_USED', message: "This clinic's invitation has been used." },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Resend invitation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the invitation again?' });
    await user.click(within(dialog).getByRole('button', { name: 'Resend invitation' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Failed to resend the invitation: This clinic's invitation has been used.",
    );
    expect(within(dialog).getByRole('button', { name: 'Resend invitation' })).toBeTruthy();
  });

  it('suspends sign-in only with a reason, its error tied to the field, then shows the suspension', async () => {
    const bodies: unknown[] = [];
    let profile = aProfile();
    server.use(
      http.get('/api/admin/clinics/:clinicId', () => HttpResponse.json(profile)),
      http.post('/api/admin/clinics/:clinicId/suspend-sign-in', async ({ request, params }) => {
        bodies.push({ clinicId: params.clinicId, ...((await request.json()) as object) });
        profile = aProfile({ signInSuspendedAt: '2026-11-28T09:15:00.000Z', signInSuspensionReason: REASON });
        return HttpResponse.json({
          message: 'Sign-in suspended for Quiet Clinic',
          clinicId: 'c1',
          clinicName: 'Quiet Clinic',
          signInSuspendedAt: '2026-11-28T09:15:00.000Z',
          signInSuspensionReason: REASON,
        });
      }),
    );
    const user = userEvent.setup();
    renderProfile();
    expect(await screen.findByText("The clinic's team can sign in.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Suspend sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend sign-in for this clinic?' });
    expect(dialog.textContent).toContain(
      'Nobody at Quiet Clinic will be able to sign in, and everyone signed in now is signed out.',
    );
    const reason = within(dialog).getByLabelText('Reason, told to the clinic');
    expect(document.activeElement).toBe(reason);

    await user.click(within(dialog).getByRole('button', { name: 'Suspend sign-in' }));
    const error = await within(dialog).findByText('Please give a reason of at least 3 characters');
    expect(reason.getAttribute('aria-describedby')).toBe(error.id);
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(reason));
    await user.type(reason, '  ab  ');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend sign-in' }));
    expect(within(dialog).getByText('Please give a reason of at least 3 characters')).toBeTruthy();
    expect(bodies).toEqual([]);

    await user.clear(reason);
    await user.type(reason, ` ${REASON} `);
    await user.click(within(dialog).getByRole('button', { name: 'Suspend sign-in' }));
    expect(await screen.findByText('Sign-in suspended for Quiet Clinic')).toBeTruthy();
    expect(bodies).toEqual([{ clinicId: 'c1', reason: REASON }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Sign-in suspended')).toBeTruthy();
    expect(screen.getByText('Since 28 November 2026 at 09:15')).toBeTruthy();
    expect(screen.getByText(REASON)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reactivate sign-in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Suspend sign-in' })).toBeNull();
  });

  it("shows the server's refusal of a reason under the field, and any other refusal in the dialog", async () => {
    let answer: { status: number; body: Record<string, unknown> } = {
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'Please keep the reason to 500 characters or fewer',
        fieldErrors: { reason: 'Please keep the reason to 500 characters or fewer' },
      },
    };
    server.use(
      http.get('/api/admin/clinics/:clinicId', () => HttpResponse.json(aProfile())),
      http.post('/api/admin/clinics/:clinicId/suspend-sign-in', () =>
        HttpResponse.json(answer.body, { status: answer.status }),
      ),
    );
    const user = userEvent.setup();
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Suspend sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend sign-in for this clinic?' });
    const reason = within(dialog).getByLabelText('Reason, told to the clinic');
    await user.type(reason, REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Suspend sign-in' }));
    const error = await within(dialog).findByText('Please keep the reason to 500 characters or fewer');
    expect(reason.getAttribute('aria-describedby')).toBe(error.id);

    answer = {
      status: 409,
      body: { code: 'SIGN_IN_ALREADY_SUSPENDED', message: 'Sign-in is already suspended for this clinic' },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Suspend sign-in' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to suspend sign-in: Sign-in is already suspended for this clinic',
    );
  });

  it('reactivates sign-in after a confirmation', async () => {
    let reactivated: string[] = [];
    let profile = aProfile({ signInSuspendedAt: '2026-11-28T09:15:00.000Z', signInSuspensionReason: REASON });
    server.use(
      http.get('/api/admin/clinics/:clinicId', () => HttpResponse.json(profile)),
      http.post('/api/admin/clinics/:clinicId/reactivate-sign-in', ({ params }) => {
        reactivated = [...reactivated, String(params.clinicId)];
        profile = aProfile();
        return HttpResponse.json({
          message: 'Sign-in reactivated for Quiet Clinic',
          clinicId: 'c1',
          clinicName: 'Quiet Clinic',
          signInSuspendedAt: null,
          signInSuspensionReason: null,
        });
      }),
    );
    const user = userEvent.setup();
    renderProfile();
    const opener = await screen.findByRole('button', { name: 'Reactivate sign-in' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate sign-in for this clinic?' });
    expect(dialog.textContent).toContain("Quiet Clinic's team will be able to sign in again.");
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
    expect(reactivated).toEqual([]);

    await user.click(opener);
    const again = await screen.findByRole('dialog', { name: 'Reactivate sign-in for this clinic?' });
    await user.click(within(again).getByRole('button', { name: 'Reactivate sign-in' }));
    expect(await screen.findByText('Sign-in reactivated for Quiet Clinic')).toBeTruthy();
    expect(reactivated).toEqual(['c1']);
    expect(await screen.findByRole('button', { name: 'Suspend sign-in' })).toBeTruthy();
    expect(screen.queryByText('Sign-in suspended')).toBeNull();
  });
});
