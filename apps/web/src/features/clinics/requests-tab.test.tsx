/**
 * Settings → Requests (docs/decisions/0105-request-and-link-lifetimes.md, 0106): the reminder days,
 * the days a request can be paid for and the closed page's message are saved as the API takes them;
 * what the browser refuses never reaches the server, and each message is tied to its field.
 */
import { REQUEST_SETTINGS_MESSAGES } from '@clinicpay/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { SettingsPage } from './settings-page';
import { aClinic } from './test-support';

let saved: unknown[] = [];
startMockServer(
  [
    http.get('/api/clinic', () => HttpResponse.json({ clinic: aClinic() })),
    http.patch('/api/clinic/request-settings', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saved.push(body);
      return HttpResponse.json({ clinic: aClinic(body) });
    }),
  ],
  () => {
    saved = [];
  },
);

function renderRequests() {
  renderWithApp(<SettingsPage securityTab={null} teamTab={null} />, {
    path: '/dashboard/settings?tab=requests',
  });
  return userEvent.setup();
}

describe('Settings → Requests', () => {
  it('saves the reminder days in order, the expiry and the closed page message', async () => {
    const user = renderRequests();
    const days = await screen.findByLabelText(REQUEST_SETTINGS_MESSAGES.reminderDaysLabel);
    expect((days as HTMLInputElement).value).toBe('3, 7');
    await user.clear(days);
    await user.type(days, '10, 2');
    const expiry = screen.getByLabelText(REQUEST_SETTINGS_MESSAGES.expiryDaysLabel);
    await user.clear(expiry);
    await user.type(expiry, '14');
    await user.type(screen.getByLabelText(REQUEST_SETTINGS_MESSAGES.closedPageTextLabel), 'Call us to pay.');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      reminderDays: [2, 10],
      requestExpiryDays: 14,
      closedPageText: 'Call us to pay.',
    });
    expect(await screen.findByText(REQUEST_SETTINGS_MESSAGES.saved)).toBeTruthy();
  });

  it('turns reminders off as an empty schedule', async () => {
    const user = renderRequests();
    await user.click(await screen.findByLabelText(REQUEST_SETTINGS_MESSAGES.remindersLabel));
    expect(screen.queryByLabelText(REQUEST_SETTINGS_MESSAGES.reminderDaysLabel)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ reminderDays: [] });
  });

  it('refuses bad days and an expiry out of range on their fields, sending nothing', async () => {
    const user = renderRequests();
    const days = await screen.findByLabelText(REQUEST_SETTINGS_MESSAGES.reminderDaysLabel);
    await user.clear(days);
    await user.type(days, '3, 3');
    const expiry = screen.getByLabelText(REQUEST_SETTINGS_MESSAGES.expiryDaysLabel);
    await user.clear(expiry);
    await user.type(expiry, '400');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const daysError = await screen.findByText(REQUEST_SETTINGS_MESSAGES.invalidReminderDays);
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(days.getAttribute('aria-describedby')).toContain(daysError.id);
    expect(screen.getByText(REQUEST_SETTINGS_MESSAGES.invalidExpiryDays)).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
