import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { startMockServer } from '@/testing/app';
import { AdminSettingsPage } from './settings-page';
import { aClinicRow, renderAdmin } from './test-support';

const CONNECTED_ID = '11111111-1111-4111-8111-111111111111';
const TURNED_OFF_ID = '44444444-4444-4444-8444-444444444444';
const ACTION_NEEDED_ID = '55555555-5555-4555-8555-555555555555';
const SECRET = 'whsec_c2VjcmV0LXNpZ25pbmcta2V5LWZvci10ZXN0cw';
const MASKED = `whsec_••••••••${SECRET.slice(-4)}`;
const ROTATED = 'whsec_bmV3LXNlY3JldC1hZnRlci1yb3RhdGlvbi0xMjM0';
let feeBodies: unknown[] = [];
let reveals = 0;
let rotations = 0;
let disconnected: string[] = [];
let restored: string[] = [];
let adminInvitations: unknown[] = [];
let adminReads = 0;
const server = startMockServer(
  [
    http.get('/api/admin/admins', () => {
      adminReads += 1;
      return HttpResponse.json({
        admins: [
          {
            id: 'u1',
            email: 'ops@clinicpay.example',
            twoFactorEnabled: true,
            invitationPending: false,
            createdAt: '2026-10-01T09:00:00.000Z',
          },
          {
            id: 'u2',
            email: 'new@clinicpay.example',
            twoFactorEnabled: false,
            invitationPending: true,
            createdAt: '2026-11-20T10:30:00.000Z',
          },
        ],
      });
    }),
    http.post('/api/admin/admins', async ({ request }) => {
      const body = (await request.json()) as { email: string };
      adminInvitations.push(body);
      await delay(50);
      return HttpResponse.json(
        { userId: 'u3', message: `Invitation sent to ${body.email}` },
        { status: 201 },
      );
    }),
    http.get('/api/platform-settings/fee', () => HttpResponse.json({ platformFeePercent: '3.0' })),
    http.get('/api/admin/notifications/failed', () => HttpResponse.json({ notifications: [] })),
    http.get('/api/admin/platform-settings/fee/history', () =>
      HttpResponse.json({
        items: [
          {
            id: 'a1',
            changedAt: '2026-11-20T10:30:00.000Z',
            actorEmail: 'ops@clinicpay.example',
            from: '3.5',
            to: '3.0',
          },
          // An old entry that did not record the percent it replaced.
          { id: 'a0', changedAt: '2026-10-01T09:00:00.000Z', actorEmail: null, from: null, to: '3.5' },
        ],
      }),
    ),
    http.post('/api/admin/system-settings/webhooks/signing-secret/reveal', () => {
      reveals += 1;
      return HttpResponse.json({ signingSecret: SECRET, signingSecretMasked: MASKED });
    }),
    http.post('/api/admin/system-settings/webhooks/signing-secret/rotate', async () => {
      rotations += 1;
      await delay(50);
      return HttpResponse.json({
        signingSecret: ROTATED,
        signingSecretMasked: `whsec_••••••••${ROTATED.slice(-4)}`,
      });
    }),
    http.put('/api/admin/platform-settings/fee', async ({ request }) => {
      const body = (await request.json()) as { platformFeePercent: string };
      feeBodies.push(body);
      await delay(50);
      const percent = Number(body.platformFeePercent).toFixed(1);
      return HttpResponse.json({
        platformFeePercent: percent,
        message: `Platform fee updated to ${percent}%`,
      });
    }),
    http.get('/api/admin/clinics', () =>
      HttpResponse.json({
        items: [
          aClinicRow({ id: CONNECTED_ID, clinicName: 'Harley Dental' }),
          aClinicRow({
            id: '33333333-3333-4333-8333-333333333333',
            clinicName: null,
            stripeStatus: 'pending',
          }),
          aClinicRow({
            id: TURNED_OFF_ID,
            clinicName: 'Soho Physio',
            stripeStatus: 'not_connected',
            paymentsTurnedOff: true,
          }),
          aClinicRow({ id: ACTION_NEEDED_ID, clinicName: 'Camden Clinic', stripeStatus: 'action_needed' }),
        ],
        page: 1,
        pageSize: 10,
        total: 4,
      }),
    ),
    http.post('/api/admin/clinics/:clinicId/disconnect', async ({ params }) => {
      disconnected.push(String(params.clinicId));
      await delay(50);
      return HttpResponse.json({
        message: 'Stripe disconnected for Harley Dental',
        clinicId: params.clinicId,
        // The toast names the clinic from the answer, not from the row.
        clinicName: 'Harley Dental Ltd',
        stripeStatus: 'not_connected',
      });
    }),
    http.post('/api/admin/clinics/:clinicId/restore-payments', async ({ params }) => {
      restored.push(String(params.clinicId));
      await delay(50);
      return HttpResponse.json({
        message: 'Card payments restored for Soho Physio',
        clinicId: params.clinicId,
        clinicName: 'Soho Physio',
        stripeStatus: 'not_connected',
        paymentsTurnedOff: false,
      });
    }),
    http.get('/api/admin/system-settings/webhooks', () =>
      HttpResponse.json({
        patientNotificationWebhook: null,
        clinicNotificationWebhook: null,
        signingSecretMasked: MASKED,
      }),
    ),
  ],
  () => {
    feeBodies = [];
    reveals = 0;
    rotations = 0;
    disconnected = [];
    restored = [];
    adminInvitations = [];
    adminReads = 0;
  },
);

const renderSettings = () => renderAdmin(<AdminSettingsPage />, { path: '/admin/settings' });

describe('Admin Settings', () => {
  it('shows the notice and the fee explanation', async () => {
    renderSettings();
    expect(
      screen.getByText(
        "As an admin you can manage platform fees and disconnect clinics' Stripe integrations.",
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(/1\.5% \+ 20p for standard UK cards, 1\.9% \+ 20p for premium UK cards/),
    ).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText('Platform fee (%)') as HTMLInputElement).value).toBe('3.0'),
    );
  });

  it('refuses a fee with two decimals under the field, sending nothing', async () => {
    const user = userEvent.setup();
    renderSettings();
    const input = screen.getByLabelText('Platform fee (%)');
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('3.0'));
    await user.type(input, '3.25', { initialSelectionStart: 0, initialSelectionEnd: 3 });
    expect((input as HTMLInputElement).value).toBe('3.25');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByText('Please enter a fee between 0 and 100 with at most one decimal');
    // The message first, then the lasting explanation of the fee.
    expect(input.getAttribute('aria-describedby')).toBe(`${message.id} platform-fee-help`);
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(feeBodies).toEqual([]);
  });

  it('asks before saving a fee, stating the old and new percent; Cancel changes nothing', async () => {
    const user = userEvent.setup();
    renderSettings();
    const input = screen.getByLabelText('Platform fee (%)');
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('3.0'));
    // jsdom cannot select a number input's text, so user.clear leaves it: type over all of it.
    await user.type(input, '2.5', { initialSelectionStart: 0, initialSelectionEnd: 3 });
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    const dialog = await screen.findByRole('dialog', { name: 'Change the platform fee?' });
    expect(dialog.textContent).toContain('The platform fee will change from 3.0% to 2.5%.');
    expect(dialog.textContent).toContain('It applies to payments started from now on');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(save);
    expect(feeBodies).toEqual([]);
    // Escape closes it too, sending nothing; focus is back on Save even when Enter opened it.
    await user.type(input, '{Enter}');
    await screen.findByRole('dialog', { name: 'Change the platform fee?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(save);
    expect(feeBodies).toEqual([]);
  });

  it('saves a fee on Confirm with Saving... and the toast, refreshing the history, or says it failed', async () => {
    const user = userEvent.setup();
    let historyReads = 0;
    server.use(
      http.get('/api/admin/platform-settings/fee/history', () => {
        historyReads += 1;
        return HttpResponse.json({ items: [] });
      }),
    );
    renderSettings();
    const input = screen.getByLabelText('Platform fee (%)');
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('3.0'));
    await waitFor(() => expect(historyReads).toBe(1));
    await user.type(input, '2.5', { initialSelectionStart: 0, initialSelectionEnd: 3 });
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    const dialog = await screen.findByRole('dialog', { name: 'Change the platform fee?' });
    await user.click(within(dialog).getByRole('button', { name: 'Change fee' }));
    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeTruthy();
    expect(await screen.findByText('Platform fee updated to 2.5%')).toBeTruthy();
    expect(feeBodies).toEqual([{ platformFeePercent: '2.5' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(save));
    await waitFor(() => expect(historyReads).toBe(2));

    server.use(
      http.put('/api/admin/platform-settings/fee', () =>
        HttpResponse.json({ code: 'INTERNAL', message: 'An unexpected error occurred.' }, { status: 500 }),
      ),
    );
    await user.type(input, '4', { initialSelectionStart: 0, initialSelectionEnd: 3 });
    await user.click(save);
    const again = await screen.findByRole('dialog', { name: 'Change the platform fee?' });
    expect(again.textContent).toContain('from 2.5% to 4.0%');
    await user.click(within(again).getByRole('button', { name: 'Change fee' }));
    expect(await screen.findByText('Failed to update platform fee')).toBeTruthy();
  });

  it('does not ask to save the fee it already has', async () => {
    const user = userEvent.setup();
    renderSettings();
    await waitFor(() =>
      expect((screen.getByLabelText('Platform fee (%)') as HTMLInputElement).value).toBe('3.0'),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The platform fee is already 3.0%')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(feeBodies).toEqual([]);
  });

  it('shows the fee history: when, who, from → to, with — for what was not recorded', async () => {
    renderSettings();
    const table = await screen.findByRole('table', { name: 'Fee history' });
    await within(table).findByText('ops@clinicpay.example');
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(cells).toEqual([
      ['20 November 2026 at 10:30', 'ops@clinicpay.example', '3.5% →to 3.0%'],
      ['1 October 2026 at 10:00', '—', '— →to 3.5%'],
    ]);
  });

  it('offers Disconnect for the clinics that can take payments and confirms it in a dialog naming the clinic', async () => {
    const user = userEvent.setup();
    renderSettings();
    const table = await screen.findByRole('table', { name: 'Stripe connections' });
    await within(table).findByText('Harley Dental');
    expect(within(table).getByText('Unnamed Clinic')).toBeTruthy();
    // Connected and action needed take payments; pending and the clinic turned off do not.
    expect(
      within(table)
        .getAllByRole('button', { name: /Disconnect/ })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Disconnect Harley Dental', 'Disconnect Camden Clinic']);
    expect(within(table).getByText('Action needed')).toBeTruthy();
    const opener = within(table).getByRole('button', { name: 'Disconnect Harley Dental' });

    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Stripe Disconnection' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to force disconnect Stripe for Harley Dental? This will immediately stop payment processing for them.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(disconnected).toEqual([]);

    await user.click(opener);
    const again = await screen.findByRole('dialog', { name: 'Confirm Stripe Disconnection' });
    await user.click(within(again).getByRole('button', { name: 'Disconnect Stripe' }));
    expect(await within(again).findByRole('button', { name: 'Disconnecting...' })).toBeTruthy();
    expect(await screen.findByText('Stripe disconnected for Harley Dental Ltd')).toBeTruthy();
    expect(disconnected).toEqual([CONNECTED_ID]);
  });

  it('marks a clinic whose payments were turned off and restores them after a dialog naming it', async () => {
    const user = userEvent.setup();
    renderSettings();
    const table = await screen.findByRole('table', { name: 'Stripe connections' });
    const name = await within(table).findByText('Soho Physio');
    const row = name.closest('tr') as HTMLElement;
    expect(within(row).getByText('Payments turned off')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Disconnect/ })).toBeNull();
    // Only the clinic turned off is offered Restore.
    expect(within(table).getAllByRole('button', { name: /Restore payments/ })).toHaveLength(1);

    await user.click(within(row).getByRole('button', { name: 'Restore payments for Soho Physio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore card payments?' });
    expect(
      within(dialog).getByText(
        'Soho Physio will be able to take card payments again with its own Stripe account.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Restore payments' }));
    expect(await within(dialog).findByRole('button', { name: 'Restoring...' })).toBeTruthy();
    expect(await screen.findByText('Card payments restored for Soho Physio')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(restored).toEqual([TURNED_OFF_ID]);
  });

  it('shows a refused restore inline in the dialog, which stays open', async () => {
    server.use(
      http.post('/api/admin/clinics/:clinicId/restore-payments', () =>
        HttpResponse.json(
          { code: 'PROVIDER_UNAVAILABLE', message: 'Stripe is not answering. Please try again.' },
          { status: 503 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Restore payments for Soho Physio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore card payments?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore payments' }));
    const error = await within(dialog).findByRole('alert');
    expect(error.textContent).toBe('Failed to restore payments: Stripe is not answering. Please try again.');
    expect(within(dialog).getByRole('button', { name: 'Restore payments' })).toBeTruthy();
  });

  it('shows a failed disconnection inline in the dialog', async () => {
    server.use(
      http.post('/api/admin/clinics/:clinicId/disconnect', () =>
        HttpResponse.json(
          { code: 'CLINIC_NOT_FOUND', message: 'Clinic data not found. Please try again later.' },
          { status: 404 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Disconnect Harley Dental' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Stripe Disconnection' });
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect Stripe' }));
    expect(
      await within(dialog).findByText('Failed to disconnect: Clinic data not found. Please try again later.'),
    ).toBeTruthy();
  });
});

describe('Admin Settings: notification webhooks', () => {
  it('shows the signing secret masked, explains the signature, and reveals it only on request', async () => {
    const user = userEvent.setup();
    renderSettings();
    const field = screen.getByLabelText('Signing secret') as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe(MASKED));
    expect(field.value).toMatch(/^whsec_•{8}.{4}$/);
    expect(field.readOnly).toBe(true);
    expect(reveals).toBe(0);
    const help = document.getElementById(String(field.getAttribute('aria-describedby')));
    expect(help?.textContent).toMatch(/ClinicPay-Signature.*HMAC-SHA256 of "t\.body"/);
    expect(help?.textContent).toContain('Only the last 4 characters are shown');

    const reveal = screen.getByRole('button', { name: 'Reveal signing secret' });
    expect(reveal.getAttribute('aria-pressed')).toBe('false');
    await user.click(reveal);
    await waitFor(() => expect(field.value).toBe(SECRET));
    expect(reveal.getAttribute('aria-pressed')).toBe('true');
    expect(reveals).toBe(1);
    await user.click(reveal);
    expect(field.value).toBe(MASKED);
    expect(reveal.getAttribute('aria-pressed')).toBe('false');
  });

  it('copies the whole secret while it stays masked', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    // user-event installs its own clipboard; ours replaces it to see what was written.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderSettings();
    const field = screen.getByLabelText('Signing secret') as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe(MASKED));
    await user.click(screen.getByRole('button', { name: 'Copy signing secret' }));
    expect(await screen.findByText('Signing secret copied to clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(field.value).toBe(MASKED);
  });

  it('rotates the secret only after a confirmation, then shows the new one', async () => {
    const user = userEvent.setup();
    renderSettings();
    const field = screen.getByLabelText('Signing secret') as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe(MASKED));
    const rotate = screen.getByRole('button', { name: 'Rotate signing secret' });
    await user.click(rotate);
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    expect(dialog.textContent).toContain('Receivers still using the old secret will reject deliveries');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(rotate));
    expect(rotations).toBe(0);

    await user.click(rotate);
    const again = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    await user.click(within(again).getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByText(/Signing secret rotated/)).toBeTruthy();
    await waitFor(() => expect(field.value).toBe(ROTATED));
    expect(screen.getByRole('button', { name: 'Reveal signing secret' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(rotations).toBe(1);
  });

  it('shows the server refusing a URL that is not public under its field', async () => {
    const message = 'Webhook URLs must point to a public internet address';
    server.use(
      http.put('/api/admin/system-settings/webhooks', () =>
        HttpResponse.json(
          { code: 'VALIDATION_FAILED', message, fieldErrors: { clinicNotificationWebhook: message } },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderSettings();
    const input = screen.getByLabelText('Clinic notification webhook');
    await waitFor(() =>
      expect((screen.getByLabelText('Signing secret') as HTMLInputElement).value).toBe(MASKED),
    );
    await user.type(input, 'https://127.0.0.1/hook');
    await user.click(screen.getByRole('button', { name: 'Save webhooks' }));
    const error = await screen.findByText(message);
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
    expect(await screen.findByText('Failed to save notification webhooks')).toBeTruthy();
  });
});

describe('Admin Settings: administrators', () => {
  it('lists every admin with two-factor sign-in and when they were added', async () => {
    renderSettings();
    const table = await screen.findByRole('table', { name: 'Administrators' });
    await within(table).findByText('ops@clinicpay.example');
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(cells).toEqual([
      ['ops@clinicpay.example', 'On', '1 Oct 2026'],
      ['new@clinicpay.example' + 'Invited: no password yet', 'Not set up yet', '20 Nov 2026'],
    ]);
  });

  it('invites an admin by email, checking the field first, and reads the list again', async () => {
    const user = userEvent.setup();
    renderSettings();
    await screen.findByRole('table', { name: 'Administrators' });
    await waitFor(() => expect(adminReads).toBe(1));
    const input = screen.getByLabelText("New admin's email");
    const submit = screen.getByRole('button', { name: 'Invite admin' });
    await user.click(submit);
    const error = await screen.findByText('Please enter a valid email address');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(adminInvitations).toEqual([]);

    await user.type(input, 'New.Admin@ClinicPay.example');
    await user.click(submit);
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeTruthy();
    expect(await screen.findByText('Invitation sent to new.admin@clinicpay.example')).toBeTruthy();
    expect(adminInvitations).toEqual([{ email: 'new.admin@clinicpay.example' }]);
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
    await waitFor(() => expect(adminReads).toBe(2));
  });

  it('puts a taken email under the field, tied to it', async () => {
    server.use(
      http.post('/api/admin/admins', () =>
        HttpResponse.json(
          { code: 'EMAIL_TAKEN', message: 'An account with this email already exists' },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderSettings();
    const input = screen.getByLabelText("New admin's email");
    await user.type(input, 'ops@clinicpay.example');
    await user.click(screen.getByRole('button', { name: 'Invite admin' }));
    const taken = await screen.findByText('An account with this email already exists');
    expect(input.getAttribute('aria-describedby')).toContain(taken.id);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(input));
  });

  it('says the list failed to load, and still offers the invitation', async () => {
    server.use(
      http.get('/api/admin/admins', () =>
        HttpResponse.json({ code: 'INTERNAL', message: 'An unexpected error occurred.' }, { status: 500 }),
      ),
    );
    renderSettings();
    expect(await screen.findByText('Failed to load administrators')).toBeTruthy();
    expect(screen.getByLabelText("New admin's email")).toBeTruthy();
  });
});
