import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  enableTwoFactor,
  lastMailTo,
  linkMailedTo,
  PASSWORD,
  sessionCookieOf,
  signedInAdmin,
  signedInClinic,
  signIn,
} from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { accounts, auditLog, users } from '../../db/schema/index.js';

describe('admins invite admins (GET and POST /api/admin/admins)', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeEach(async () => {
    app = await createTestApp();
    admin = await signedInAdmin(app);
  });
  afterEach(() => app.close());

  const invite = (payload: unknown, cookies = admin.cookies) =>
    app.inject({ method: 'POST', url: '/api/admin/admins', cookies, payload: payload as object });
  const listAdmins = (cookies = admin.cookies) => app.inject({ url: '/api/admin/admins', cookies });
  const setPassword = (link: URL, password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {
        token: link.searchParams.get('token'),
        userId: link.searchParams.get('userId'),
        password,
        confirmPassword: password,
      },
    });

  it('invites an admin, who sets a password from the email, signs in, and must set up two-factor before the console opens', async () => {
    const response = await invite({ email: ' New.Admin@ClinicPay.example ' });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Invitation sent to new.admin@clinicpay.example');
    const email = 'new.admin@clinicpay.example';
    const [user] = await app.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({
      id: response.json().userId,
      role: 'admin',
      emailVerified: true,
      twoFactorRequired: true,
      twoFactorEnabled: false,
      clinicId: null,
      clinicRole: null,
    });
    // No password until the invitation is used.
    expect(
      await app.database.db
        .select()
        .from(accounts)
        .where(eq(accounts.userId, String(user?.id))),
    ).toEqual([]);
    const [entry] = await app.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin.invited'));
    expect(entry).toMatchObject({
      actorUserId: admin.user.id,
      entityType: 'user',
      entityId: user?.id,
      details: { email },
    });

    const listed = (await listAdmins()).json().admins;
    expect(listed).toEqual([
      expect.objectContaining({ email: admin.email, twoFactorEnabled: true, invitationPending: false }),
      {
        id: user?.id,
        email,
        twoFactorEnabled: false,
        invitationPending: true,
        createdAt: expect.any(String),
      },
    ]);

    const mail = await lastMailTo(app, email);
    expect(mail?.subject).toBe('You are invited to administer ClinicPay');
    expect((await signIn(app, email, 'anything at all')).statusCode).toBe(401);
    const link = await linkMailedTo(app, email);
    expect(link.pathname).toBe('/reset-password');
    expect((await setPassword(link, PASSWORD)).statusCode).toBe(200);

    const signedIn = await signIn(app, email, PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ role: 'admin', twoFactorSetupRequired: true });
    const cookies = sessionCookieOf(signedIn);
    // The console stays shut until two-factor sign-in is on (decision 0122).
    for (const url of ['/api/admin/stats', '/api/admin/admins']) {
      const refused = await app.inject({ url, cookies });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code, url).toBe('TWO_FACTOR_SETUP_REQUIRED');
    }
    const refusedInvite = await invite({ email: 'third@clinicpay.example' }, cookies);
    expect(refusedInvite.json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');

    const { cookies: withTwoFactor } = await enableTwoFactor(app, cookies);
    const opened = await listAdmins(withTwoFactor);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().admins[1]).toMatchObject({
      email,
      twoFactorEnabled: true,
      invitationPending: false,
    });
    expect((await app.inject({ url: '/api/admin/stats', cookies: withTwoFactor })).statusCode).toBe(200);

    // The link worked once.
    expect((await setPassword(link, 'someone elses password')).statusCode).toBe(400);
    expect(
      await app.database.db.select().from(users).where(eq(users.email, 'third@clinicpay.example')),
    ).toEqual([]);
  });

  it('refuses a taken email (any case) with 409 and a bad or missing email with 400, creating nothing', async () => {
    const clinic = await signedInClinic(app);
    const usersBefore = await app.database.db.select().from(users);
    for (const email of [admin.email.toUpperCase(), clinic.email]) {
      const taken = await invite({ email });
      expect(taken.statusCode, email).toBe(409);
      expect(taken.json()).toMatchObject({
        code: 'EMAIL_TAKEN',
        message: 'An account with this email already exists',
      });
    }
    for (const payload of [{ email: 'not-an-email' }, { email: '   ' }, {}, { email: 42 }]) {
      const bad = await invite(payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().message).toBe('Please enter a valid email address');
    }
    expect((await invite([])).statusCode).toBe(400);
    expect(await app.database.db.select().from(users)).toEqual(usersBefore);
    expect(await app.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin.invited'))).toEqual(
      [],
    );
  });

  it('is for admins only: a clinic gets 403 and the signed-out 401, and nobody is invited', async () => {
    const clinic = await signedInClinic(app);
    for (const [cookies, status] of [
      [clinic.cookies, 403],
      [{}, 401],
    ] as const) {
      expect((await listAdmins(cookies)).statusCode).toBe(status);
      expect((await invite({ email: 'sneaky@clinicpay.example' }, cookies)).statusCode).toBe(status);
    }
    expect(
      await app.database.db.select().from(users).where(eq(users.email, 'sneaky@clinicpay.example')),
    ).toEqual([]);
  });
});
