import {
  type ApiErrorBody,
  AUTH_MESSAGES,
  type Clinic,
  PROVIDER_ACCOUNT_MESSAGES,
  PROVIDER_MESSAGES,
} from '@clinicpay/shared';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { ProviderCallback } from './provider-callback';
import { aClinic } from './test-support';

const server = startMockServer();

function refreshAnswers(status: number, body: ApiErrorBody) {
  server.use(http.post('/api/clinic/payment-provider/refresh', () => HttpResponse.json(body, { status })));
}

function renderCallback() {
  return renderWithApp(
    [
      { path: '/auth/callback', element: <ProviderCallback /> },
      { path: '*', element: <p>Went to another page</p> },
    ],
    { path: '/auth/callback?type=stripe_connect' },
  ).router;
}

const where = (router: ReturnType<typeof renderCallback>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('the card-provider callback (docs/product.md#messages-payment-page)', () => {
  it('sends a signed-out clinic (UNAUTHENTICATED) to sign in, then back to the Payments tab', async () => {
    refreshAnswers(401, { code: 'UNAUTHENTICATED', message: AUTH_MESSAGES.signInRequired });
    const router = renderCallback();
    expect(await screen.findByText(PROVIDER_MESSAGES.callbackSignedOut)).toBeTruthy();
    expect(where(router)).toBe(
      `/sign-in?redirectTo=${encodeURIComponent('/dashboard/settings?tab=payments')}`,
    );
  });

  it('tells any other refusal as a failed connection and goes to the Payments tab', async () => {
    refreshAnswers(403, { code: 'FORBIDDEN', message: AUTH_MESSAGES.clinicOnly });
    const router = renderCallback();
    expect(await screen.findByText(PROVIDER_MESSAGES.callbackFailed(AUTH_MESSAGES.clinicOnly))).toBeTruthy();
    expect(where(router)).toBe('/dashboard/settings?tab=payments');
  });

  it.each([
    ['connected', PROVIDER_MESSAGES.connected],
    // Still connected: the Payments tab says what the provider asks for.
    ['action_needed', PROVIDER_MESSAGES.connected],
    ['verifying', PROVIDER_ACCOUNT_MESSAGES.verifying],
    ['pending', PROVIDER_MESSAGES.pending],
  ] as const)('tells a clinic back with an account %s: %s', async (stripeStatus, message) => {
    const clinic: Clinic = aClinic({ stripeStatus, stripeAccountId: 'acct_1' });
    server.use(http.post('/api/clinic/payment-provider/refresh', () => HttpResponse.json({ clinic })));
    const router = renderCallback();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(where(router)).toBe('/dashboard/settings?tab=payments');
  });
});
