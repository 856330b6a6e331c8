import { AUTH_MESSAGES, RATE_LIMITED_MESSAGE, TWO_FACTOR_MESSAGES } from '@clinicpay/shared';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { startMockServer } from '@/testing/app';
import { SignInPage } from './sign-in-page';
import { apiError, isInvalid, messageOf, renderForm } from './test-support';

let signIns = 0;
const server = startMockServer(
  [
    http.get('/api/auth/session', () => HttpResponse.json({ user: null })),
    http.post('/api/auth/sign-in', () => {
      signIns += 1;
      return apiError(401, { code: 'INVALID_CREDENTIALS', message: AUTH_MESSAGES.invalidCredentials });
    }),
  ],
  () => {
    signIns = 0;
  },
);

async function signInAs(email: string, password: string) {
  const rendered = renderForm(<SignInPage />, '/sign-in');
  const { user } = rendered;
  await user.type(await screen.findByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return rendered;
}

describe('the sign-in form', () => {
  it('asks for both fields with the spec’s text and sends nothing', async () => {
    const { user } = renderForm(<SignInPage />, '/sign-in');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(isInvalid('Email')).toBe(true));
    expect(messageOf('Email')).toBe('Please fill in all fields');
    expect(messageOf('Password')).toBe('Please fill in all fields');
    expect(signIns).toBe(0);
  });

  it('refuses an address that is not one at the Email field', async () => {
    await signInAs('not-an-address', 'a password');
    await waitFor(() => expect(messageOf('Email')).toBe('Please enter a valid email address'));
    expect(isInvalid('Password')).toBe(false);
    expect(signIns).toBe(0);
  });

  it('shows the server’s refusal of the credentials once, tied to both fields, and stays', async () => {
    const { router } = await signInAs('desk@harley.example', 'wrong password');
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(screen.getAllByText('Invalid email or password')).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    for (const label of ['Email', 'Password']) {
      const control = screen.getByLabelText(label);
      expect(control.getAttribute('aria-invalid')).toBe('true');
      const described = (control.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
      expect(described).toContain('Invalid email or password');
    }
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(signIns).toBe(1);
  });

  it('sends an unverified account to /verify-email with its address, by the EMAIL_NOT_VERIFIED code', async () => {
    server.use(
      http.post('/api/auth/sign-in', () =>
        HttpResponse.json(
          {
            code: 'EMAIL_NOT_VERIFIED',
            message: AUTH_MESSAGES.verifyFirst,
            email: 'desk@harley.example',
            userId: 'u1',
          },
          { status: 403 },
        ),
      ),
    );
    const { router } = await signInAs('desk@harley.example', 'the password');
    expect(await screen.findByText('Went to another page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/verify-email');
    expect(router.state.location.search).toBe('?email=desk%40harley.example');
    expect(await screen.findByText(AUTH_MESSAGES.verifyFirst)).toBeTruthy();
  });

  it('shows any other 403 (the origin check) on the form instead of asking to verify', async () => {
    server.use(
      http.post('/api/auth/sign-in', () =>
        apiError(403, { code: 'FORBIDDEN', message: 'Cross-site requests are not allowed' }),
      ),
    );
    const { router } = await signInAs('desk@harley.example', 'the password');
    expect((await screen.findByRole('alert')).textContent).toBe('Cross-site requests are not allowed');
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('shows the rate limit’s text on the form', async () => {
    server.use(
      http.post('/api/auth/sign-in', () =>
        apiError(429, { code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE }),
      ),
    );
    await signInAs('desk@harley.example', 'the password');
    expect((await screen.findByRole('alert')).textContent).toBe(RATE_LIMITED_MESSAGE);
  });

  // The fallback is the sign-in one of docs/product.md#messages-accounts.
  it.each([
    ['the network fails', () => HttpResponse.error()],
    [
      'the server fails unexpectedly',
      () => apiError(500, { code: 'INTERNAL', message: 'An unexpected error occurred.' }),
    ],
  ])('says the sign-in fallback on the form when %s', async (_case, answer) => {
    server.use(http.post('/api/auth/sign-in', answer));
    await signInAs('desk@harley.example', 'the password');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An unexpected error occurred during sign in.',
    );
  });

  it('takes a clinic to its dashboard once signed in', async () => {
    server.use(
      http.post('/api/auth/sign-in', () =>
        HttpResponse.json({
          message: AUTH_MESSAGES.signedIn,
          user: {
            id: 'u1',
            email: 'desk@harley.example',
            role: 'clinic',
            clinicId: 'c1',
            clinicRole: 'owner',
            twoFactorEnabled: false,
            twoFactorSetupRequired: false,
          },
        }),
      ),
    );
    const { router } = await signInAs('desk@harley.example', 'the password');
    expect(await screen.findByText('Went to another page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('goes on to the second step for an account with two-factor sign-in', async () => {
    server.use(
      http.post('/api/auth/sign-in', () =>
        HttpResponse.json({ message: TWO_FACTOR_MESSAGES.codeNeeded, twoFactorRequired: true }),
      ),
    );
    const { router } = await signInAs('desk@harley.example', 'the password');
    expect(await screen.findByText('Went to another page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sign-in/two-factor');
  });
});
