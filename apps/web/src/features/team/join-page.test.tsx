import { TEAM_MESSAGES } from '@clinicpay/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { JoinPage } from './join-page';

let accepted: unknown[] = [];
let accountExists = false;
startMockServer(
  [
    http.get('/api/team-invitations', ({ request }) => {
      const token = new URL(request.url).searchParams.get('token');
      if (token === 'used')
        return HttpResponse.json(
          { code: 'INVITATION_CLOSED', message: TEAM_MESSAGES.invitationUsed },
          { status: 410 },
        );
      return HttpResponse.json({
        clinicName: 'Harley Street Dental',
        email: 'rita@harley.example',
        role: 'reception',
        accountExists,
      });
    }),
    http.post('/api/team-invitations/accept', async ({ request }) => {
      const body = (await request.json()) as { password: string };
      if (body.password === 'wrong password')
        return HttpResponse.json(
          {
            code: 'INVALID_CREDENTIALS',
            message: TEAM_MESSAGES.wrongPassword,
            fieldErrors: { password: TEAM_MESSAGES.wrongPassword },
          },
          { status: 401 },
        );
      accepted.push(body);
      return HttpResponse.json({ message: TEAM_MESSAGES.joined }, { status: 201 });
    }),
  ],
  () => {
    accepted = [];
    accountExists = false;
  },
);

const renderJoin = (token: string) => {
  const { router } = renderWithApp(
    [
      { path: '/join', element: <JoinPage /> },
      { path: '/sign-in', element: <p>Sign in page</p> },
    ],
    { path: `/join?token=${token}` },
  );
  return { router, user: userEvent.setup() };
};

describe('the Join page', () => {
  it('names the clinic, the role and the address, and makes a new account', async () => {
    const { router, user } = renderJoin('tok_1');
    expect(await screen.findByRole('heading', { name: 'Join Harley Street Dental' })).toBeTruthy();
    expect(
      screen.getByText(
        "You are invited to Harley Street Dental's team on ClinicPay as Reception, with rita@harley.example.",
      ),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Your name'), 'Rita');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm Password'), 'correct horsy');
    await user.click(screen.getByRole('button', { name: 'Join the team' }));
    expect(await screen.findByText(TEAM_MESSAGES.passwordsDoNotMatch)).toBeTruthy();
    expect(accepted).toEqual([]);

    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Join the team' }));
    await waitFor(() =>
      expect(accepted).toEqual([
        {
          account: 'new',
          token: 'tok_1',
          name: 'Rita',
          password: 'correct horse',
          confirmPassword: 'correct horse',
        },
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toBe('?email=rita%40harley.example');
  });

  it('joins an existing account with its password, and says when the password is wrong', async () => {
    accountExists = true;
    const { user } = renderJoin('tok_2');
    const password = await screen.findByLabelText('Password');
    expect(screen.queryByLabelText('Your name')).toBeNull();
    await user.type(password, 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Join the team' }));
    expect(await screen.findByText(TEAM_MESSAGES.wrongPassword)).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    await user.clear(password);
    await user.type(password, 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Join the team' }));
    await waitFor(() =>
      expect(accepted).toEqual([{ account: 'existing', token: 'tok_2', password: 'correct horse' }]),
    );
  });

  it('says why a link cannot be used, and when there is none', async () => {
    renderJoin('used');
    expect(await screen.findByText(TEAM_MESSAGES.invitationUsed)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toBeTruthy();
  });
});
