import { AUTH_MESSAGES } from '@clinicpay/shared';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { startMockServer } from '@/testing/app';
import { ChangePasswordForm } from './change-password-form';
import { apiError, isInvalid, messageOf, renderForm } from './test-support';

let sent: unknown[] = [];
const server = startMockServer(
  [
    http.post('/api/auth/change-password', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ message: AUTH_MESSAGES.passwordUpdated });
    }),
  ],
  () => {
    sent = [];
  },
);

async function change(currentPassword: string, newPassword: string, confirmPassword = newPassword) {
  const rendered = renderForm(<ChangePasswordForm />);
  const { user } = rendered;
  if (currentPassword) await user.type(screen.getByLabelText('Current Password'), currentPassword);
  if (newPassword) await user.type(screen.getByLabelText('New Password'), newPassword);
  if (confirmPassword) await user.type(screen.getByLabelText('Confirm Password'), confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Update Password' }));
  return rendered;
}

describe('the change-password form', () => {
  it('asks for the current password and 8 new characters with the spec’s texts', async () => {
    await change('', '', '');
    await waitFor(() => expect(messageOf('Current Password')).toBe('Current password is required'));
    expect(messageOf('New Password')).toBe('Password must be at least 8 characters');
    expect(isInvalid('Confirm Password')).toBe(false);
    expect(sent).toEqual([]);
  });

  it('takes a current password under 6 characters for a missing one', async () => {
    await change('five5', 'a new password');
    await waitFor(() => expect(messageOf('Current Password')).toBe('Current password is required'));
    expect(sent).toEqual([]);
  });

  it('says "Passwords don\'t match" at Confirm Password', async () => {
    await change('old password', 'a new password', 'a new passworD');
    await waitFor(() => expect(messageOf('Confirm Password')).toBe("Passwords don't match"));
    expect(sent).toEqual([]);
  });

  it('puts "Current password is incorrect" at the current password, as the server says', async () => {
    server.use(
      http.post('/api/auth/change-password', () =>
        apiError(400, {
          code: 'CURRENT_PASSWORD_INCORRECT',
          message: AUTH_MESSAGES.currentPasswordIncorrect,
          fieldErrors: { currentPassword: AUTH_MESSAGES.currentPasswordIncorrect },
        }),
      ),
    );
    await change('wrong password', 'a new password');
    await waitFor(() => expect(messageOf('Current Password')).toBe('Current password is incorrect'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Current Password')));
    expect(isInvalid('New Password')).toBe(false);
  });

  it('tells a signed-out user so in a toast', async () => {
    server.use(
      http.post('/api/auth/change-password', () =>
        apiError(401, { code: 'UNAUTHENTICATED', message: AUTH_MESSAGES.signInRequired }),
      ),
    );
    await change('old password', 'a new password');
    expect(await screen.findByText(AUTH_MESSAGES.signInRequired)).toBeTruthy();
  });

  it('sends the passwords, confirms, and empties the form', async () => {
    await change('old password', 'a new password');
    expect(await screen.findByText(AUTH_MESSAGES.passwordUpdated)).toBeTruthy();
    expect(sent).toEqual([
      { currentPassword: 'old password', newPassword: 'a new password', confirmPassword: 'a new password' },
    ]);
    await waitFor(() =>
      expect((screen.getByLabelText('Current Password') as HTMLInputElement).value).toBe(''),
    );
  });
});
