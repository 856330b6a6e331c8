/**
 * The owner's team (decision 0121): invitations by email that work once and expire, joining with a new
 * or an existing account, roles changed, members removed or signed out everywhere, ownership handed
 * on, the one-owner rules, and an audit entry for each change.
 */
import { TEAM_MESSAGES } from '@clinicpay/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lastMailTo,
  linkMailedTo,
  PASSWORD,
  signedInClinic,
  signedInMember,
  signIn,
  uniqueEmail,
} from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog, sessions, teamInvitations, users } from '../../db/schema/index.js';
import { setMembership } from '../auth/index.js';
import { transferOwnership } from './service.js';

describe('the team', () => {
  let app: FastifyInstance;
  let owner: Awaited<ReturnType<typeof signedInClinic>>;
  beforeAll(async () => {
    app = await createTestApp();
    owner = await signedInClinic(app);
  });
  afterAll(() => app.close());

  const invite = (email: string, role = 'reception', cookies = owner.cookies) =>
    app.inject({ method: 'POST', url: '/api/team/invitations', cookies, payload: { email, role } });
  const tokenMailedTo = async (email: string) =>
    (await linkMailedTo(app, email)).searchParams.get('token') ?? '';
  const preview = (token: string) =>
    app.inject({ url: `/api/team-invitations?token=${encodeURIComponent(token)}` });
  const acceptNew = (token: string, password = PASSWORD) =>
    app.inject({
      method: 'POST',
      url: '/api/team-invitations/accept',
      payload: { account: 'new', token, name: 'Rita Reception', password, confirmPassword: password },
    });
  const team = async (cookies = owner.cookies) =>
    (await app.inject({ url: '/api/team', cookies })).json() as {
      members: { userId: string; email: string; role: string; you: boolean }[];
      invitations: { id: string; email: string; role: string }[];
    };
  const auditActions = async () =>
    (
      await app.database.db
        .select({ action: auditLog.action, details: auditLog.details })
        .from(auditLog)
        .where(eq(auditLog.clinicId, owner.user.clinicId))
        .orderBy(auditLog.createdAt)
    ).map((row) => row.action);

  it("makes the clinic's first user its owner", async () => {
    expect(owner.user).toMatchObject({ role: 'clinic', clinicRole: 'owner' });
    expect((await team()).members).toEqual([
      expect.objectContaining({ email: owner.email, role: 'owner', you: true }),
    ]);
  });

  it('invites by email; the invited person joins with a new account and signs in as reception', async () => {
    const email = uniqueEmail('rita');
    const response = await invite(email.toUpperCase());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: TEAM_MESSAGES.invitationSent });
    const mail = await lastMailTo(app, email);
    expect(mail?.subject).toBe('Join Harley Street Dental on ClinicPay');
    expect(mail?.textBody).toContain('with the role Reception');
    expect((await team()).invitations).toEqual([expect.objectContaining({ email, role: 'reception' })]);

    const token = await tokenMailedTo(email);
    expect((await preview(token)).json()).toEqual({
      clinicName: 'Harley Street Dental',
      email,
      role: 'reception',
      accountExists: false,
    });
    const accepted = await acceptNew(token);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toEqual({ message: TEAM_MESSAGES.joined });

    const signedIn = await signIn(app, email);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ clinicId: owner.user.clinicId, clinicRole: 'reception' });
    const now = await team();
    expect(now.invitations).toEqual([]);
    expect(now.members.map((member) => [member.email, member.role])).toContainEqual([email, 'reception']);
    expect(await auditActions()).toEqual(expect.arrayContaining(['team.invited', 'team.joined']));
  });

  it('names why an invitation cannot be used: used, forged, withdrawn or expired', async () => {
    const used = uniqueEmail('used');
    await invite(used);
    const usedToken = await tokenMailedTo(used);
    expect((await acceptNew(usedToken)).statusCode).toBe(201);
    const again = await acceptNew(usedToken);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(TEAM_MESSAGES.invitationUsed);

    const forged = await preview('not-a-token-anyone-issued');
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe(TEAM_MESSAGES.invitationNotFound);

    const withdrawn = uniqueEmail('withdrawn');
    await invite(withdrawn);
    const withdrawnToken = await tokenMailedTo(withdrawn);
    const invitation = (await team()).invitations.find((row) => row.email === withdrawn);
    const revoked = await app.inject({
      method: 'POST',
      url: `/api/team/invitations/${invitation?.id}/revoke`,
      cookies: owner.cookies,
    });
    expect(revoked.json()).toEqual({ message: TEAM_MESSAGES.invitationRevoked });
    expect((await preview(withdrawnToken)).json().message).toBe(TEAM_MESSAGES.invitationWithdrawn);
    expect((await acceptNew(withdrawnToken)).statusCode).toBe(410);

    const late = uniqueEmail('late');
    await invite(late);
    const lateToken = await tokenMailedTo(late);
    // Eight days on: the invitation's expiry moved into the past.
    await app.database.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 24 * 60 * 60 * 1000) })
      .where(eq(teamInvitations.email, late));
    expect((await preview(lateToken)).json().message).toBe(TEAM_MESSAGES.invitationExpired);
    expect((await acceptNew(lateToken)).statusCode).toBe(410);
    expect(await app.database.db.select().from(users).where(eq(users.email, late))).toEqual([]);
  });

  it('sends a fresh link when invited again; only the newest link works', async () => {
    const email = uniqueEmail('twice');
    await invite(email, 'reception');
    const first = await tokenMailedTo(email);
    await invite(email, 'manager');
    const second = await tokenMailedTo(email);
    expect((await preview(first)).json().message).toBe(TEAM_MESSAGES.invitationWithdrawn);
    expect((await preview(second)).json()).toMatchObject({ role: 'manager' });
    expect((await team()).invitations.filter((row) => row.email === email)).toHaveLength(1);
  });

  it("refuses an invitation to a member, to another clinic's account, and bad input", async () => {
    const member = await invite(owner.email);
    expect(member.statusCode).toBe(409);
    expect(member.json().message).toBe(TEAM_MESSAGES.alreadyMember);
    const other = await signedInClinic(app);
    const taken = await invite(other.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(TEAM_MESSAGES.inOtherClinic);
    const asOwner = await invite(uniqueEmail(), 'owner');
    expect(asOwner.statusCode).toBe(400);
    expect(asOwner.json().fieldErrors).toEqual({ role: TEAM_MESSAGES.chooseRole });
    const badEmail = await invite('not-an-email');
    expect(badEmail.json().fieldErrors).toEqual({ email: TEAM_MESSAGES.invalidEmail });
  });

  it('adds an existing account in no clinic, with its own password, and only with it', async () => {
    const reception = await signedInMember(app, owner, 'reception');
    await app.inject({
      method: 'POST',
      url: `/api/team/members/${reception.user.id}/remove`,
      cookies: owner.cookies,
    });
    await invite(reception.email, 'manager');
    const token = await tokenMailedTo(reception.email);
    expect((await preview(token)).json()).toMatchObject({ accountExists: true, role: 'manager' });
    const accept = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/team-invitations/accept',
        payload: { account: 'existing', token, password },
      });
    const wrong = await accept('not the password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().fieldErrors).toEqual({ password: TEAM_MESSAGES.wrongPassword });
    // A new account for an address that has one is refused, and changes nothing.
    expect((await acceptNew(token)).statusCode).toBe(400);
    expect((await accept(PASSWORD)).statusCode).toBe(201);
    expect((await signIn(app, reception.email)).json().user).toMatchObject({ clinicRole: 'manager' });
  });

  it("changes a role, signing the member out; the owner's role is not changed so", async () => {
    const member = await signedInMember(app, owner, 'reception');
    const changed = await app.inject({
      method: 'PATCH',
      url: `/api/team/members/${member.user.id}`,
      cookies: owner.cookies,
      payload: { role: 'manager' },
    });
    expect(changed.json()).toEqual({ message: TEAM_MESSAGES.roleChanged });
    expect(await app.database.db.select().from(sessions).where(eq(sessions.userId, member.user.id))).toEqual(
      [],
    );
    expect((await app.inject({ url: '/api/payments', cookies: member.cookies })).statusCode).toBe(401);
    expect((await signIn(app, member.email)).json().user.clinicRole).toBe('manager');

    const own = await app.inject({
      method: 'PATCH',
      url: `/api/team/members/${owner.user.id}`,
      cookies: owner.cookies,
      payload: { role: 'manager' },
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(TEAM_MESSAGES.ownerRoleFixed);
  });

  it('removes a member, who loses access on their next request; the owner cannot be removed', async () => {
    const member = await signedInMember(app, owner, 'manager');
    expect((await app.inject({ url: '/api/payments', cookies: member.cookies })).statusCode).toBe(200);
    // Their session is kept, as another process might hold it: the guard reads the role afresh.
    await app.database.db
      .update(users)
      .set({ clinicId: null, clinicRole: null })
      .where(eq(users.id, member.user.id));
    expect((await app.inject({ url: '/api/payments', cookies: member.cookies })).statusCode).toBe(403);

    const self = await app.inject({
      method: 'POST',
      url: `/api/team/members/${owner.user.id}/remove`,
      cookies: owner.cookies,
    });
    expect(self.statusCode).toBe(409);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/team/members/someone-else/remove',
      cookies: owner.cookies,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(TEAM_MESSAGES.memberNotFound);
  });

  it('signs a member out everywhere', async () => {
    const member = await signedInMember(app, owner, 'reception');
    const otherDevice = (await signIn(app, member.email)).cookies;
    expect(otherDevice.length).toBeGreaterThan(0);
    const response = await app.inject({
      method: 'POST',
      url: `/api/team/members/${member.user.id}/sign-out`,
      cookies: owner.cookies,
    });
    expect(response.json()).toEqual({ message: TEAM_MESSAGES.signedOutEverywhere });
    expect((await app.inject({ url: '/api/payments', cookies: member.cookies })).statusCode).toBe(401);
    expect(await app.database.db.select().from(sessions).where(eq(sessions.userId, member.user.id))).toEqual(
      [],
    );
    const [entry] = await app.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'team.member_signed_out'), eq(auditLog.clinicId, owner.user.clinicId)));
    expect(entry?.details).toEqual({ email: member.email, sessions: 2 });
  });

  it('hands ownership on: one owner always, the old owner a manager', async () => {
    const clinic = await signedInClinic(app);
    const manager = await signedInMember(app, clinic, 'manager');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/team/transfer-ownership',
          cookies: clinic.cookies,
          payload: { userId: clinic.user.id },
        })
      ).json().message,
    ).toBe(TEAM_MESSAGES.transferToSelf);
    const moved = await app.inject({
      method: 'POST',
      url: '/api/team/transfer-ownership',
      cookies: clinic.cookies,
      payload: { userId: manager.user.id },
    });
    expect(moved.json()).toEqual({ message: TEAM_MESSAGES.ownershipTransferred });
    const roles = await app.database.db
      .select({ email: users.email, role: users.clinicRole })
      .from(users)
      .where(eq(users.clinicId, clinic.user.clinicId));
    expect(roles).toEqual(
      expect.arrayContaining([
        { email: clinic.email, role: 'manager' },
        { email: manager.email, role: 'owner' },
      ]),
    );
    // The former owner is a manager from their next request: the team is no longer theirs.
    expect((await app.inject({ url: '/api/team', cookies: clinic.cookies })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/team', cookies: manager.cookies })).statusCode).toBe(200);
  });

  it('changes nothing when a second transfer from two tabs finds its sender no longer the owner', async () => {
    const clinic = await signedInClinic(app);
    const first = await signedInMember(app, clinic, 'manager');
    const second = await signedInMember(app, clinic, 'manager');
    const sender = { userId: clinic.user.id, clinicId: clinic.user.clinicId };
    const deps = { db: app.database.db, jobs: app.jobs };
    await transferOwnership(deps, sender, first.user.id);
    // The second tab's request passed the owner check before the first transfer was written.
    await expect(transferOwnership(deps, sender, second.user.id)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: TEAM_MESSAGES.forbidden,
    });
    const roles = await app.database.db
      .select({ id: users.id, role: users.clinicRole })
      .from(users)
      .where(eq(users.clinicId, clinic.user.clinicId));
    expect(roles).toEqual(
      expect.arrayContaining([
        { id: clinic.user.id, role: 'manager' },
        { id: first.user.id, role: 'owner' },
        { id: second.user.id, role: 'manager' },
      ]),
    );
  });

  it("writes a member's role or removal only while they are not the owner, so a race leaves one", async () => {
    const clinic = await signedInClinic(app);
    const { clinicId } = clinic.user;
    // What changeRole and removeMember write, arriving after the member became the owner.
    expect(
      await setMembership(
        app.database.db,
        clinic.user.id,
        { clinicId, clinicRole: 'reception' },
        clinicId,
        false,
      ),
    ).toBe(false);
    expect(
      await setMembership(
        app.database.db,
        clinic.user.id,
        { clinicId: null, clinicRole: null },
        clinicId,
        false,
      ),
    ).toBe(false);
    const [after] = await app.database.db.select().from(users).where(eq(users.id, clinic.user.id));
    expect(after).toMatchObject({ clinicId, clinicRole: 'owner' });
  });

  it('keeps one owner per clinic in the database itself', async () => {
    const clinic = await signedInClinic(app);
    const member = await signedInMember(app, clinic, 'manager');
    await expect(
      app.database.db.update(users).set({ clinicRole: 'owner' }).where(eq(users.id, member.user.id)),
    ).rejects.toThrow();
  });
});
