import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { startMockServer } from '@/testing/app';
import { ContinueSignInPage } from './continue-sign-in-page';
import { apiError, renderForm } from './test-support';

let used: unknown[] = [];
startMockServer(
  [
    http.post('/api/auth/sign-in/continue', async ({ request }) => {
      const body = (await request.json()) as { token: string };
      if (body.token === 'used')
        return apiError(400, {
          code: 'INVALID_TOKEN',
          message: 'This link is not valid, or has been used. Sign in to get a new one.',
        });
      used.push(body);
      return HttpResponse.json({ message: 'Thank you. You can sign in now.' });
    }),
  ],
  () => {
    used = [];
  },
);

describe('the emailed link to continue signing in', () => {
  it('is used only when the button is pressed, then goes to Sign In', async () => {
    const { user, router } = renderForm(<ContinueSignInPage />, '/sign-in/continue?token=tok_1');
    const button = await screen.findByRole('button', { name: 'Continue' });
    expect(used).toEqual([]);
    await user.click(button);
    await waitFor(() => expect(used).toEqual([{ token: 'tok_1' }]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
  });

  it('says when the link cannot be used', async () => {
    const { user } = renderForm(<ContinueSignInPage />, '/sign-in/continue?token=used');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('This link is not valid, or has been used. Sign in to get a new one.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toBeTruthy();
  });
});
