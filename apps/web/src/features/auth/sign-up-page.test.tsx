import { AUTH_MESSAGES, RATE_LIMITED_MESSAGE } from '@clinicpay/shared';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { startMockServer } from '@/testing/app';
import { SignUpPage } from './sign-up-page';
import { apiError, isInvalid, messageOf, renderForm } from './test-support';

const ACCOUNT_DETAILS_PROBLEM =
  'There was a problem with your account details. Please try a different email or clinic name.';

let sent: Record<string, unknown>[] = [];
const server = startMockServer(
  [
    http.get('/api/auth/session', () => HttpResponse.json({ user: null })),
    http.post('/api/auth/sign-up', async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return apiError(409, { code: 'EMAIL_TAKEN', message: AUTH_MESSAGES.emailExists });
    }),
  ],
  () => {
    sent = [];
  },
);

interface Answers {
  email?: string;
  password?: string;
  confirmPassword?: string;
  agree?: boolean;
}

async function signUp({
  email = 'desk@harley.example',
  password = 'long enough',
  confirmPassword = password,
  agree = true,
}: Answers = {}) {
  const rendered = renderForm(<SignUpPage />, '/sign-up');
  const { user } = rendered;
  await user.type(await screen.findByLabelText('Clinic Name'), 'Harley Dental');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirmPassword);
  if (agree) await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  return rendered;
}

describe('the sign-up form', () => {
  it('asks for every field and the terms with the spec’s texts, and sends nothing', async () => {
    const { user } = renderForm(<SignUpPage />, '/sign-up');
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(isInvalid('Clinic Name')).toBe(true));
    for (const label of ['Clinic Name', 'Email', 'Password', 'Confirm Password']) {
      expect(messageOf(label)).toBe('Please fill in all fields');
    }
    expect(screen.getByRole('checkbox').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('You must agree to the terms and conditions').length).toBeGreaterThan(0);
    expect(sent).toEqual([]);
  });

  it('says at Confirm Password when the passwords differ', async () => {
    await signUp({ password: 'password one', confirmPassword: 'password two' });
    await waitFor(() => expect(messageOf('Confirm Password')).toBe('Passwords do not match'));
    expect(sent).toEqual([]);
  });

  it('asks for a password of 8 characters and a real address', async () => {
    await signUp({ email: 'desk@', password: 'short' });
    await waitFor(() => expect(messageOf('Password')).toBe('Password must be at least 8 characters'));
    expect(messageOf('Email')).toBe('Please enter a valid email address');
    expect(sent).toEqual([]);
  });

  it('on EMAIL_TAKEN says the spec’s account-details text on the form and the server’s in a toast', async () => {
    const { router } = await signUp();
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_DETAILS_PROBLEM);
    expect(await screen.findByText(AUTH_MESSAGES.emailExists)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sign-up');
    expect(sent).toEqual([expect.objectContaining({ clinicName: 'Harley Dental', agreeTerms: true })]);
  });

  // The fallback is the sign-up one of docs/product.md#messages-accounts.
  it('says the sign-up fallback on the form when the network fails', async () => {
    server.use(http.post('/api/auth/sign-up', () => HttpResponse.error()));
    await signUp();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An unexpected error occurred during sign up.',
    );
  });

  it('puts a field the server refuses under that field', async () => {
    server.use(
      http.post('/api/auth/sign-up', () =>
        apiError(400, {
          code: 'VALIDATION_FAILED',
          message: AUTH_MESSAGES.invalidEmail,
          fieldErrors: { email: AUTH_MESSAGES.invalidEmail },
        }),
      ),
    );
    await signUp();
    await waitFor(() => expect(messageOf('Email')).toBe(AUTH_MESSAGES.invalidEmail));
    expect(screen.queryByText(ACCOUNT_DETAILS_PROBLEM)).toBeNull();
  });

  it('does not take a refusal with another code for a taken address', async () => {
    server.use(
      http.post('/api/auth/sign-up', () =>
        apiError(429, { code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE }),
      ),
    );
    await signUp();
    expect(await screen.findByText(RATE_LIMITED_MESSAGE)).toBeTruthy();
    expect(screen.queryByText(ACCOUNT_DETAILS_PROBLEM)).toBeNull();
  });

  it('goes to /verify-email with the address once the account is made', async () => {
    server.use(
      http.post('/api/auth/sign-up', () =>
        HttpResponse.json(
          { message: AUTH_MESSAGES.signUpSuccess, email: 'desk@harley.example', userId: 'u1' },
          { status: 201 },
        ),
      ),
    );
    const { router } = await signUp();
    expect(await screen.findByText('Went to another page')).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/verify-email?email=desk%40harley.example',
    );
  });
});
