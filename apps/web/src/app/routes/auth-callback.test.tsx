import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aClinic } from '@/features/clinics/test-support';
import { renderWithApp, startMockServer } from '@/testing/app';
import AuthCallbackRoute from './auth-callback';

const asked: string[] = [];
const user = {
  id: 'u1',
  email: 'desk@harley.example',
  role: 'clinic',
  clinicId: 'c1',
  clinicRole: 'owner',
  twoFactorEnabled: false,
  twoFactorSetupRequired: false,
};

startMockServer(
  [
    http.get('/api/auth/session', () => {
      asked.push('session');
      return HttpResponse.json({ user });
    }),
    http.post('/api/clinic/payment-provider/refresh', () => {
      asked.push('refresh');
      return HttpResponse.json({ clinic: aClinic({ stripeStatus: 'verifying' }) });
    }),
  ],
  () => {
    asked.length = 0;
  },
);

describe('the auth callback route', () => {
  it('asks who is signed in at once, beside the provider refresh, so the preloaded answer is read', async () => {
    const { router, queryClient } = renderWithApp(
      [
        { path: '/auth/callback', element: <AuthCallbackRoute /> },
        { path: '*', element: <p>Payments tab</p> },
      ],
      { path: '/auth/callback?type=stripe_connect' },
    );
    expect(await screen.findByText('Payments tab')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=payments');
    await waitFor(() => expect(asked).toEqual(expect.arrayContaining(['session', 'refresh'])));
    // The clinic area the callback leads to finds the signed-in user already read.
    expect(queryClient.getQueryData(['session'])).toEqual({ user });
  });
});
