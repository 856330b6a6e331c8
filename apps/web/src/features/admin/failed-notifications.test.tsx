import { type FailedNotifications, NOTIFICATION_MESSAGES } from '@clinicpay/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { startMockServer } from '@/testing/app';
import { FailedNotificationsCard } from './components/failed-notifications-card';
import { AdminSettingsPage } from './settings-page';
import { renderAdmin } from './test-support';

type FailedNotification = FailedNotifications['notifications'][number];

const aFailedNotification = (overrides: Partial<FailedNotification> = {}): FailedNotification => ({
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  clinicId: '11111111-1111-4111-8111-111111111111',
  clinicName: 'Harley Dental',
  type: 'payment_confirmation',
  channel: 'email',
  recipientType: 'patient',
  recipient: 'ada@example.com',
  status: 'failed',
  attempts: 5,
  lastError: 'Mailbox unavailable',
  // June: British Summer Time, so 13:30 UTC is 14:30 in London.
  createdAt: '2026-06-21T13:30:00.000Z',
  sentAt: null,
  deliveredAt: null,
  ...overrides,
});

const RECEIPT = aFailedNotification();
const SMS_REQUEST = aFailedNotification({
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  clinicName: null,
  type: 'payment_request',
  channel: 'sms',
  recipient: '+447700900123',
  lastError: 'Twilio 21211: invalid number',
  createdAt: '2026-11-20T09:05:00.000Z',
});

let failed: FailedNotification[] = [];
let retried: string[] = [];
const server = startMockServer(
  [
    http.get('/api/admin/notifications/failed', () => HttpResponse.json({ notifications: failed })),
    http.post('/api/admin/notifications/:id/retry', async ({ params }) => {
      const id = String(params.id);
      retried.push(id);
      await delay(50);
      const notification = failed.find((row) => row.id === id);
      if (!notification) {
        return HttpResponse.json(
          { code: 'NOTIFICATION_NOT_FAILED', message: NOTIFICATION_MESSAGES.notFailed },
          { status: 409 },
        );
      }
      failed = failed.filter((row) => row.id !== id);
      return HttpResponse.json({
        message: NOTIFICATION_MESSAGES.retried,
        notification: { ...notification, status: 'pending' },
      });
    }),
  ],
  () => {
    failed = [];
    retried = [];
  },
);

const renderCard = () => renderAdmin(<FailedNotificationsCard />, { path: '/admin/settings' });

describe('Admin Settings: failed notifications', () => {
  it('lists each failed notice: clinic, what, channel, to whom, why and when', async () => {
    failed = [RECEIPT, SMS_REQUEST];
    renderCard();
    const list = await screen.findByRole('list', { name: 'Failed notifications' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      'Harley DentalPayment receipt · Email to ada@example.comFailed: Mailbox unavailableCreated 21 Jun 2026, 14:30Retry',
      'Unnamed ClinicPayment request · SMS to +447700900123Failed: Twilio 21211: invalid numberCreated 20 Nov 2026, 09:05Retry',
    ]);
    expect(screen.getByRole('button', { name: 'Retry payment receipt to ada@example.com' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry payment request to +447700900123' })).toBeTruthy();
    for (const icon of list.querySelectorAll('svg')) expect(icon.getAttribute('aria-hidden')).toBe('true');
  });

  it('says so when nothing has failed', async () => {
    renderCard();
    expect(await screen.findByText('No failed notifications.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Failed notifications' })).toBeNull();
  });

  it('retries one notice: Retrying… while it goes, the server’s toast, then the row leaves the list', async () => {
    failed = [RECEIPT, SMS_REQUEST];
    const user = userEvent.setup();
    renderCard();
    const button = await screen.findByRole('button', { name: 'Retry payment receipt to ada@example.com' });
    await user.click(button);

    const inFlight = await screen.findByRole('button', {
      name: 'Retrying payment receipt to ada@example.com',
    });
    expect(inFlight.textContent).toBe('Retrying…');
    expect((inFlight as HTMLButtonElement).disabled).toBe(true);
    // The other row's Retry is its own and stays usable.
    expect(
      (screen.getByRole('button', { name: 'Retry payment request to +447700900123' }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);

    expect(await screen.findByText('Notification queued to be sent again')).toBeTruthy();
    expect(retried).toEqual([RECEIPT.id]);
    const list = screen.getByRole('list', { name: 'Failed notifications' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).queryByText('ada@example.com')).toBeNull();
    // The pressed button has gone with its row; focus waits on the card's title, not the page.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Failed notifications' }));
  });

  it('shows the server’s message when the notice can no longer be retried, and refreshes the list', async () => {
    failed = [RECEIPT];
    const user = userEvent.setup();
    renderCard();
    const button = await screen.findByRole('button', { name: 'Retry payment receipt to ada@example.com' });
    // Another admin retried it first: the server no longer has it as failed.
    failed = [];
    await user.click(button);
    expect(await screen.findByText('Only a failed notification can be retried')).toBeTruthy();
    expect(await screen.findByText('No failed notifications.')).toBeTruthy();
  });

  it('says why the list could not be loaded', async () => {
    server.use(
      http.get('/api/admin/notifications/failed', () =>
        HttpResponse.json({ code: 'FORBIDDEN', message: 'Admins only' }, { status: 403 }),
      ),
    );
    renderCard();
    expect((await screen.findByRole('alert')).textContent).toBe('Admins only');
  });

  it('is on the Admin Settings page', async () => {
    failed = [RECEIPT];
    server.use(
      http.get('/api/platform-settings/fee', () => HttpResponse.json({ platformFeePercent: '3.0' })),
      http.get('/api/admin/platform-settings/fee/history', () => HttpResponse.json({ items: [] })),
      http.get('/api/admin/clinics', () => HttpResponse.json({ items: [], page: 1, pageSize: 10, total: 0 })),
      http.get('/api/admin/admins', () => HttpResponse.json({ admins: [] })),
      http.get('/api/admin/system-settings/webhooks', () =>
        HttpResponse.json({
          patientNotificationWebhook: null,
          clinicNotificationWebhook: null,
          signingSecretMasked: 'whsec_••••••••test',
        }),
      ),
    );
    renderAdmin(<AdminSettingsPage />, { path: '/admin/settings' });
    expect(await screen.findByRole('heading', { name: 'Failed notifications' })).toBeTruthy();
    expect(
      await screen.findByRole('button', { name: 'Retry payment receipt to ada@example.com' }),
    ).toBeTruthy();
  });
});
