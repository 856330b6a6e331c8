import { TWO_FACTOR_MESSAGES } from '@clinicpay/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { apiError, renderForm } from './test-support';
import { TwoFactorPanel } from './two-factor-panel';
import { TwoFactorSignInPage } from './two-factor-sign-in-page';

const USER = {
  id: 'u1',
  email: 'desk@harley.example',
  role: 'clinic',
  clinicId: 'c1',
  clinicRole: 'owner',
  twoFactorEnabled: true,
  twoFactorSetupRequired: false,
};
const CODES = Array.from({ length: 10 }, (_, index) => `abcde-${String(index).padStart(5, '0')}`);

let secondSteps: unknown[] = [];
let enabled = false;
let confirmations: unknown[] = [];
startMockServer(
  [
    http.get('/api/auth/session', () => HttpResponse.json({ user: null })),
    http.post('/api/auth/two-factor/sign-in', async ({ request }) => {
      const body = (await request.json()) as { method: string; code: string };
      secondSteps.push(body);
      if (body.code === '111111')
        return apiError(400, {
          code: 'TWO_FACTOR_INVALID',
          message: TWO_FACTOR_MESSAGES.wrongCode,
          fieldErrors: { code: TWO_FACTOR_MESSAGES.wrongCode },
        });
      return HttpResponse.json({ message: 'Signed in successfully', user: USER });
    }),
    http.get('/api/auth/two-factor', () => HttpResponse.json({ enabled, required: false })),
    http.post('/api/auth/two-factor/enable', async ({ request }) => {
      const { password } = (await request.json()) as { password: string };
      if (password !== 'correct horse')
        return apiError(400, {
          code: 'TWO_FACTOR_INVALID',
          message: TWO_FACTOR_MESSAGES.wrongPassword,
          fieldErrors: { password: TWO_FACTOR_MESSAGES.wrongPassword },
        });
      return HttpResponse.json({
        totpUri: 'otpauth://totp/ClinicPay:desk@harley.example?secret=JBSWY3DPEHPK3PXP&issuer=ClinicPay',
        secret: 'JBSWY3DPEHPK3PXP',
        qrCodeSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
        recoveryCodes: CODES,
      });
    }),
    http.post('/api/auth/two-factor/confirm', async ({ request }) => {
      confirmations.push(await request.json());
      enabled = true;
      return HttpResponse.json({ message: TWO_FACTOR_MESSAGES.turnedOn });
    }),
  ],
  () => {
    secondSteps = [];
    confirmations = [];
    enabled = false;
  },
);

describe('the second step of signing in', () => {
  it('takes the app code, ties a wrong one to the field, and signs in with the right one', async () => {
    const { user, router } = renderForm(
      <TwoFactorSignInPage />,
      '/sign-in/two-factor?redirectTo=%2Fdashboard%2Frequests',
    );
    const code = await screen.findByLabelText('Authentication code');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.enterCode)).toBeTruthy();
    expect(secondSteps).toEqual([]);

    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.wrongCode)).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/requests'));
    expect(secondSteps.at(-1)).toEqual({ method: 'totp', code: '123456' });
  });

  it('takes a recovery code instead', async () => {
    const { user } = renderForm(<TwoFactorSignInPage />, '/sign-in/two-factor');
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), CODES[0] ?? '');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(secondSteps).toEqual([{ method: 'recovery', code: CODES[0] }]));
  });
});

describe('Settings → Security: two-factor sign-in', () => {
  it('turns on with the password, the QR code and the first code, then shows the recovery codes once', async () => {
    const user = userEvent.setup();
    renderWithApp(<TwoFactorPanel />);
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }));
    await user.type(screen.getByLabelText('Your password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.wrongPassword)).toBeTruthy();
    await user.clear(screen.getByLabelText('Your password'));
    await user.type(screen.getByLabelText('Your password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    await user.type(screen.getByLabelText('Code from the app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(confirmations).toEqual([{ code: '654321' }]));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    await user.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull());
    expect(await screen.findByRole('button', { name: 'New recovery codes' })).toBeTruthy();
  });
});
