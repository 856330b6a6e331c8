import { TEAM_MESSAGES } from '@clinicpay/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { type ServedLinkState, ServedLinkStateProvider } from '@/lib/served-link-state';
import { renderWithApp, startMockServer } from '@/testing/app';
import { JoinPage } from './join-page';

let accepted: unknown[] = [];
let accountExists = false;
let asked = 0;
startMockServer(
  [
    http.get('/api/team-invitations', ({ request }) => {
      asked += 1;
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
    asked = 0;
  },
);

/** The Join page at /join?token=`token`; `served`: what the server found checking the link it answered. */
const renderJoin = (token: string, served?: ServedLinkState) => {
  const { router } = renderWithApp(
    [
      {
        path: '/join',
        element: (
          <ServedLinkStateProvider value={served}>
            <JoinPage />
          </ServedLinkStateProvider>
        ),
      },
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

  it('shows what the server found checking the link as it answered the page, without asking again', async () => {
    const preview = {
      clinicName: 'Marylebone Physio',
      email: 'max@physio.example',
      role: 'manager',
      accountExists: true,
    } as const;
    const { user } = renderJoin('tok_4', { location: '/join?token=tok_4', invitation: { preview } });
    expect(screen.getByRole('heading', { name: 'Join Marylebone Physio' })).toBeTruthy();
    expect(
      screen.getByText(
        "You are invited to Marylebone Physio's team on ClinicPay as Manager, with max@physio.example.",
      ),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Join the team' }));
    await waitFor(() =>
      expect(accepted).toEqual([{ account: 'existing', token: 'tok_4', password: 'correct horse' }]),
    );
    expect(asked).toBe(0);
  });

  it("shows the server's refusal at once, and asks itself at an address the server did not check", async () => {
    renderJoin('tok_5', { location: '/join?token=tok_5', invitation: { refusal: 'withdrawn' } });
    expect(screen.getByText(TEAM_MESSAGES.invitationWithdrawn)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toBeTruthy();
    expect(asked).toBe(0);
    cleanup();

    renderJoin('tok_6', { location: '/join?token=tok_5', invitation: { refusal: 'withdrawn' } });
    expect(await screen.findByRole('heading', { name: 'Join Harley Street Dental' })).toBeTruthy();
    expect(asked).toBe(1);
  });
});
