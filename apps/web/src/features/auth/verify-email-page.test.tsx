import { AUTH_MESSAGES } from '@clinicpay/shared';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { startMockServer } from '@/testing/app';
import { apiError, renderForm } from './test-support';
import { VerifyEmailPage } from './verify-email-page';

let verifyAnswer = () => HttpResponse.json({ message: AUTH_MESSAGES.verifySuccess });
startMockServer(
  [
    http.get('/api/auth/session', () => HttpResponse.json({ user: null })),
    http.post('/api/auth/verify-email', () => verifyAnswer()),
  ],
  () => {
    verifyAnswer = () => HttpResponse.json({ message: AUTH_MESSAGES.verifySuccess });
  },
);

describe('the verify-email page', () => {
  it('after a verified link offers Sign in, and no longer asks to check the spam folder or resend', async () => {
    renderForm(<VerifyEmailPage />, '/verify-email?token=t0k3n&userId=u1');
    expect(await screen.findByText('Email verification successful! You can now sign in.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
    expect(screen.queryByText(/spam folder/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).toBeNull();
  });

  it('after a refused link says why and offers the resend', async () => {
    verifyAnswer = () =>
      apiError(400, { code: 'INVALID_TOKEN', message: 'Invalid or expired verification link' });
    renderForm(<VerifyEmailPage />, '/verify-email?token=bad&userId=u1');
    expect(await screen.findByText('Invalid or expired verification link')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Resend verification email' })).toBeTruthy();
    expect(screen.getAllByText(/spam folder/).length).toBeGreaterThan(0);
  });
});
