import { AUTH_MESSAGES, RATE_LIMITED_MESSAGE } from '@clinicpay/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ServedLinkStateProvider } from '@/lib/served-link-state';
import { startMockServer } from '@/testing/app';
import { ResetPasswordPage } from './reset-password-page';
import { apiError, messageOf, renderForm } from './test-support';

const LINK = '/reset-password?token=t0k3n&userId=u1';
let sent: unknown[] = [];
const server = startMockServer(
  [
    http.get('/api/auth/reset-password', () => HttpResponse.json({ message: 'Set new password' })),
    http.post('/api/auth/reset-password', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ message: AUTH_MESSAGES.passwordUpdated });
    }),
  ],
  () => {
    sent = [];
  },
);

async function setPassword(password: string, confirmPassword = password) {
  const rendered = renderForm(<ResetPasswordPage />, LINK);
  const { user } = rendered;
  if (password) await user.type(await screen.findByLabelText('New Password'), password);
  if (confirmPassword) await user.type(screen.getByLabelText('Confirm New Password'), confirmPassword);
  await user.click(await screen.findByRole('button', { name: 'Update Password' }));
  return rendered;
}

describe('a reset-password link the server checked as it answered the page (decision 0130)', () => {
  let checks = 0;
  const counted = () =>
    server.use(
      http.get('/api/auth/reset-password', () => {
        checks += 1;
        return HttpResponse.json({ message: 'Set new password' });
      }),
    );

  it('found valid: the form at once, with no check of its own, and the password is set', async () => {
    checks = 0;
    counted();
    const { user } = renderForm(
      <ServedLinkStateProvider value={{ location: LINK, state: 'valid' }}>
        <ResetPasswordPage />
      </ServedLinkStateProvider>,
      LINK,
    );
    await user.type(screen.getByLabelText('New Password'), 'new password 1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new password 1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(checks).toBe(0);
  });

  it('found expired: the server’s reason at once', async () => {
    checks = 0;
    counted();
    renderForm(
      <ServedLinkStateProvider value={{ location: LINK, state: 'expired' }}>
        <ResetPasswordPage />
      </ServedLinkStateProvider>,
      LINK,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      `${AUTH_MESSAGES.resetExpired}. ${AUTH_MESSAGES.requestNewLink}`,
    );
    expect(checks).toBe(0);
  });

  it('at another address the page checks its own link', async () => {
    checks = 0;
    counted();
    renderForm(
      <ServedLinkStateProvider
        value={{ location: '/reset-password?token=other&userId=u1', state: 'expired' }}
      >
        <ResetPasswordPage />
      </ServedLinkStateProvider>,
      LINK,
    );
    expect(await screen.findByLabelText('New Password')).toBeTruthy();
    expect(checks).toBe(1);
  });
});

describe('the reset-password link', () => {
  it('without token or userId says so and sends nothing', async () => {
    renderForm(<ResetPasswordPage />, '/reset-password?token=t0k3n');
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.resetMissing);
    expect(screen.getByRole('link', { name: 'Go to Forgot Password' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('refused as INVALID_TOKEN gives the server’s reason and asks for a new link', async () => {
    server.use(
      http.get('/api/auth/reset-password', () =>
        apiError(400, { code: 'INVALID_TOKEN', message: AUTH_MESSAGES.resetExpired }),
      ),
    );
    renderForm(<ResetPasswordPage />, LINK);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This reset link has expired. Please request a new password reset link.',
    );
  });

  it('over the rate limit says only that', async () => {
    server.use(
      http.get('/api/auth/reset-password', () =>
        apiError(429, { code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE }),
      ),
    );
    renderForm(<ResetPasswordPage />, LINK);
    expect((await screen.findByRole('alert')).textContent).toBe(RATE_LIMITED_MESSAGE);
  });

  it('that could not be checked says "Unable to verify your reset token"', async () => {
    server.use(
      http.get('/api/auth/reset-password', () =>
        apiError(500, { code: 'INTERNAL', message: 'An unexpected error occurred.' }),
      ),
    );
    renderForm(<ResetPasswordPage />, LINK);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unable to verify your reset token. Please request a new password reset link.',
    );
  });
});

describe('the new-password form', () => {
  it('asks for both fields with the spec’s text', async () => {
    await setPassword('');
    await waitFor(() => expect(messageOf('New Password')).toBe('Please fill in all fields'));
    expect(messageOf('Confirm New Password')).toBe('Please fill in all fields');
    expect(sent).toEqual([]);
  });

  it('asks for 6 characters and equal passwords', async () => {
    await setPassword('five5');
    await waitFor(() =>
      expect(messageOf('New Password')).toBe('Password must be at least 6 characters long'),
    );
    cleanup();

    await setPassword('long enough', 'long enougH');
    await waitFor(() => expect(messageOf('Confirm New Password')).toBe('Passwords do not match'));
    expect(sent).toEqual([]);
  });

  it('sends the link’s token with the password and confirms', async () => {
    await setPassword('brand new pass');
    expect(
      await screen.findByText(AUTH_MESSAGES.passwordUpdated, { selector: 'div[role="status"]' }),
    ).toBeTruthy();
    expect(sent).toEqual([
      { token: 't0k3n', userId: 'u1', password: 'brand new pass', confirmPassword: 'brand new pass' },
    ]);
  });

  it('shows a token refused on submit above the form', async () => {
    server.use(
      http.post('/api/auth/reset-password', () =>
        apiError(400, { code: 'INVALID_TOKEN', message: AUTH_MESSAGES.invalidResetToken }),
      ),
    );
    await setPassword('brand new pass');
    expect(
      await screen.findByText(AUTH_MESSAGES.invalidResetToken, { selector: '[role="alert"]' }),
    ).toBeTruthy();
  });

  it('puts a password the server refuses under its field', async () => {
    server.use(
      http.post('/api/auth/reset-password', () =>
        apiError(400, {
          code: 'VALIDATION_FAILED',
          message: AUTH_MESSAGES.passwordTooLong,
          fieldErrors: { password: AUTH_MESSAGES.passwordTooLong },
        }),
      ),
    );
    await setPassword('brand new pass');
    await waitFor(() => expect(messageOf('New Password')).toBe(AUTH_MESSAGES.passwordTooLong));
  });
});
