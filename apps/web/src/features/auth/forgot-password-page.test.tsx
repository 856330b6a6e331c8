import { AUTH_MESSAGES, RATE_LIMITED_MESSAGE } from '@clinicpay/shared';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { startMockServer } from '@/testing/app';
import { ForgotPasswordPage } from './forgot-password-page';
import { apiError, messageOf, renderForm } from './test-support';

let sent: unknown[] = [];
const server = startMockServer(
  [
    http.post('/api/auth/forgot-password', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ message: AUTH_MESSAGES.resetSent });
    }),
  ],
  () => {
    sent = [];
  },
);

async function ask(email: string) {
  const rendered = renderForm(<ForgotPasswordPage />, '/forgot-password');
  if (email) await rendered.user.type(screen.getByLabelText('Email'), email);
  await rendered.user.click(screen.getByRole('button', { name: 'Send Reset Instructions' }));
  return rendered;
}

describe('the forgot-password form', () => {
  it('asks for the address with the spec’s text and sends nothing', async () => {
    await ask('');
    await waitFor(() => expect(messageOf('Email')).toBe('Please enter your email address'));
    expect(sent).toEqual([]);
  });

  it('refuses an address that is not one at the field', async () => {
    await ask('desk.harley.example');
    await waitFor(() => expect(messageOf('Email')).toBe('Please enter a valid email address'));
    expect(sent).toEqual([]);
  });

  it('confirms with the server’s text and offers to try again', async () => {
    const { user } = await ask('desk@harley.example');
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getAllByText(AUTH_MESSAGES.resetSent).length).toBeGreaterThan(0);
    expect(sent).toEqual([{ email: 'desk@harley.example' }]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });

  it('puts the server’s refusal of the address under the field', async () => {
    server.use(
      http.post('/api/auth/forgot-password', () =>
        apiError(400, {
          code: 'VALIDATION_FAILED',
          message: AUTH_MESSAGES.invalidEmail,
          fieldErrors: { email: AUTH_MESSAGES.invalidEmail },
        }),
      ),
    );
    await ask('desk@harley.example');
    await waitFor(() => expect(messageOf('Email')).toBe(AUTH_MESSAGES.invalidEmail));
  });

  it('shows the rate limit’s text on the form', async () => {
    server.use(
      http.post('/api/auth/forgot-password', () =>
        apiError(429, { code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE }),
      ),
    );
    await ask('desk@harley.example');
    expect((await screen.findByRole('alert')).textContent).toBe(RATE_LIMITED_MESSAGE);
  });

  it('says "Failed to send reset instructions" when no answer came', async () => {
    server.use(http.post('/api/auth/forgot-password', () => HttpResponse.error()));
    await ask('desk@harley.example');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to send reset instructions');
  });
});
