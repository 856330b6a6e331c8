import { TEAM_MESSAGES, type Team } from '@clinicpay/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp, startMockServer } from '@/testing/app';
import { TeamTab } from './team-tab';

const OWNER = {
  userId: 'u_owner',
  name: 'Harley Street Dental',
  email: 'owner@harley.example',
  role: 'owner' as const,
  you: true,
  twoFactorEnabled: true,
  joinedAt: '2026-10-01T09:00:00.000Z',
};
const RITA = {
  userId: 'u_rita',
  name: 'Rita',
  email: 'rita@harley.example',
  role: 'reception' as const,
  you: false,
  twoFactorEnabled: false,
  joinedAt: '2026-11-01T09:00:00.000Z',
};

let team: Team;
let invitations: unknown[] = [];
let roleChanges: unknown[] = [];
let removed: string[] = [];
let revoked: string[] = [];
let requirements: unknown[] = [];
startMockServer(
  [
    http.get('/api/team', () => HttpResponse.json(team)),
    http.post('/api/team/invitations', async ({ request }) => {
      const body = (await request.json()) as { email: string };
      if (body.email === 'taken@other.example')
        return HttpResponse.json(
          { code: 'EMAIL_TAKEN', message: TEAM_MESSAGES.inOtherClinic },
          { status: 409 },
        );
      invitations.push(body);
      return HttpResponse.json({ message: TEAM_MESSAGES.invitationSent }, { status: 201 });
    }),
    http.patch('/api/team/members/:userId', async ({ params, request }) => {
      roleChanges.push({ userId: params.userId, ...((await request.json()) as object) });
      return HttpResponse.json({ message: TEAM_MESSAGES.roleChanged });
    }),
    http.post('/api/team/members/:userId/remove', ({ params }) => {
      removed.push(String(params.userId));
      team = { ...team, members: team.members.filter((member) => member.userId !== params.userId) };
      return HttpResponse.json({ message: TEAM_MESSAGES.memberRemoved });
    }),
    http.patch('/api/team/two-factor', async ({ request }) => {
      requirements.push(await request.json());
      return HttpResponse.json({ message: 'Two-factor sign-in is now required for your whole team' });
    }),
    http.post('/api/team/invitations/:id/revoke', ({ params }) => {
      revoked.push(String(params.id));
      return HttpResponse.json({ message: TEAM_MESSAGES.invitationRevoked });
    }),
  ],
  () => {
    invitations = [];
    roleChanges = [];
    removed = [];
    revoked = [];
    requirements = [];
  },
);

function renderTab() {
  team = {
    requireTwoFactor: false,
    members: [OWNER, RITA],
    invitations: [
      {
        id: 'inv_1',
        email: 'mo@harley.example',
        role: 'manager',
        invitedAt: '2026-11-20T09:00:00.000Z',
        expiresAt: '2026-11-27T09:00:00.000Z',
      },
    ],
  };
  renderWithApp(<TeamTab />);
  return userEvent.setup();
}

describe('Settings → Team', () => {
  it('lists the members, the owner first and marked, and the invitations waiting', async () => {
    renderTab();
    const members = await screen.findByRole('list', { name: 'Team members' });
    const rows = within(members).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('Harley Street Dental (you)');
    expect(rows[0]?.textContent).toContain('Owner');
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect((screen.getByLabelText('Role of Rita') as HTMLSelectElement).value).toBe('reception');
    const waiting = screen.getByRole('list', { name: 'Invitations waiting' });
    expect(waiting.textContent).toContain('mo@harley.example');
    expect(waiting.textContent).toContain('Manager');
  });

  it('invites by email and role, and ties a refusal to the email field', async () => {
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Send invitation' }));
    const email = screen.getByLabelText('Email');
    expect(await screen.findByText(TEAM_MESSAGES.enterEmail)).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');

    await user.type(email, 'taken@other.example');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(TEAM_MESSAGES.inOtherClinic)).toBeTruthy();
    expect(email.getAttribute('aria-describedby')).toBeTruthy();

    await user.clear(email);
    await user.type(email, 'sam@harley.example');
    await user.selectOptions(screen.getByLabelText('Role'), 'manager');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(invitations).toEqual([{ email: 'sam@harley.example', role: 'manager' }]));
    expect(await screen.findByText('Invitation sent to sam@harley.example')).toBeTruthy();
  });

  it('changes a role in place, and removes a member after asking', async () => {
    const user = renderTab();
    await user.selectOptions(await screen.findByLabelText('Role of Rita'), 'manager');
    await waitFor(() => expect(roleChanges).toEqual([{ userId: 'u_rita', role: 'manager' }]));

    await user.click(screen.getByRole('button', { name: 'Remove: Rita' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Rita from the team?' });
    expect(removed).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(removed).toEqual(['u_rita']));
    await waitFor(() => expect(screen.queryByLabelText('Role of Rita')).toBeNull());
  });

  it('shows who signs in with two factors, and requires it of everyone with one switch', async () => {
    const user = renderTab();
    const members = await screen.findByRole('list', { name: 'Team members' });
    const [owner, rita] = within(members).getAllByRole('listitem');
    expect(owner?.textContent).toContain('Two-factor sign-in on');
    expect(rita?.textContent).toContain('Two-factor sign-in off');
    const toggle = screen.getByRole('switch', { name: 'Require two-factor sign-in' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    await waitFor(() => expect(requirements).toEqual([{ required: true }]));
  });

  it('withdraws an invitation', async () => {
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Withdraw: mo@harley.example' }));
    await waitFor(() => expect(revoked).toEqual(['inv_1']));
    expect(await screen.findByText(TEAM_MESSAGES.invitationRevoked)).toBeTruthy();
  });
});
