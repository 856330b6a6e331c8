/**
 * Two-factor sign-in (decision 0122) through the API: turning it on with the password and the app's
 * first code, signing in with a TOTP code computed here (otpauth, RFC 6238) or a recovery code that
 * works once, recovery codes kept only as digests, turning it off with the password and a code, and
 * accounts that must use it (admins, and a team whose owner requires it).
 */
import { TWO_FACTOR_MESSAGES } from '@clinicpay/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookiesOf,
  enableTwoFactor,
  PASSWORD,
  sessionCookieOf,
  signedInClinic,
  signedInMember,
  signIn,
  signInWithTwoFactor,
  totpCode,
  uniqueEmail,
} from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog, twoFactors, users } from '../../db/schema/index.js';
import { createAdmin } from './index.js';

describe('two-factor sign-in', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const post = (url: string, cookies: Record<string, string>, payload: object) =>
    app.inject({ method: 'POST', url, cookies, payload });
  const secondStep = (cookies: Record<string, string>, payload: object) =>
    post('/api/auth/two-factor/sign-in', cookies, payload);

  it('turns on with the password and the first code, and then asks every sign-in for a code', async () => {
    const clinic = await signedInClinic(app);
    const wrongPassword = await post('/api/auth/two-factor/enable', clinic.cookies, { password: 'not it' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().fieldErrors).toEqual({ password: TWO_FACTOR_MESSAGES.wrongPassword });

    const setup = await post('/api/auth/two-factor/enable', clinic.cookies, { password: PASSWORD });
    expect(setup.headers['cache-control']).toBe('no-store');
    const { secret, totpUri, qrCodeSvg, recoveryCodes } = setup.json();
    expect(totpUri).toMatch(/^otpauth:\/\/totp\/ClinicPay:/);
    expect(qrCodeSvg).toContain('<svg');
    expect(recoveryCodes).toHaveLength(10);
    // Not on until the app's first code confirms it.
    expect((await signIn(app, clinic.email)).json().user).toMatchObject({ twoFactorEnabled: false });
    const wrongCode = await post('/api/auth/two-factor/confirm', clinic.cookies, { code: '000000' });
    expect(wrongCode.json()).toMatchObject({
      code: 'TWO_FACTOR_INVALID',
      fieldErrors: { code: TWO_FACTOR_MESSAGES.wrongCode },
    });
    const confirmed = await post('/api/auth/two-factor/confirm', clinic.cookies, { code: totpCode(secret) });
    expect(confirmed.json()).toEqual({ message: TWO_FACTOR_MESSAGES.turnedOn });
    const status = await app.inject({ url: '/api/auth/two-factor', cookies: sessionCookieOf(confirmed) });
    expect(status.json()).toEqual({ enabled: true, required: false });

    const first = await signIn(app, clinic.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: TWO_FACTOR_MESSAGES.codeNeeded, twoFactorRequired: true });
    // No session yet: the password alone opens nothing.
    expect(
      first.cookies.find((cookie) => cookie.name === 'clinicpay.session_token' && cookie.value),
    ).toBeUndefined();
    expect((await app.inject({ url: '/api/payments', cookies: cookiesOf(first) })).statusCode).toBe(401);

    const wrong = await secondStep(cookiesOf(first), { method: 'totp', code: '123456' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    const right = await secondStep(cookiesOf(first), { method: 'totp', code: totpCode(secret) });
    expect(right.statusCode).toBe(200);
    expect(right.json().user).toMatchObject({ email: clinic.email, twoFactorEnabled: true });
    expect((await app.inject({ url: '/api/payments', cookies: sessionCookieOf(right) })).statusCode).toBe(
      200,
    );

    const [entry] = await app.database.db
      .select({ action: auditLog.action, clinicId: auditLog.clinicId })
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, clinic.user.id), eq(auditLog.action, 'two_factor.enabled')));
    expect(entry).toEqual({ action: 'two_factor.enabled', clinicId: clinic.user.clinicId });
  });

  it('takes each recovery code once, and keeps only their digests', async () => {
    const clinic = await signedInClinic(app);
    const { recoveryCodes } = await enableTwoFactor(app, clinic.cookies);
    const [row] = await app.database.db
      .select({ backupCodes: twoFactors.backupCodes })
      .from(twoFactors)
      .where(eq(twoFactors.userId, clinic.user.id));
    for (const code of recoveryCodes) expect(row?.backupCodes).not.toContain(code);
    expect(JSON.parse(row?.backupCodes ?? '[]')).toHaveLength(10);

    const code = recoveryCodes[0];
    const first = await signIn(app, clinic.email);
    const used = await secondStep(cookiesOf(first), { method: 'recovery', code: ` ${code} ` });
    expect(used.statusCode).toBe(200);
    const again = await signIn(app, clinic.email);
    const reused = await secondStep(cookiesOf(again), { method: 'recovery', code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(TWO_FACTOR_MESSAGES.wrongRecoveryCode);
    const other = await secondStep(cookiesOf(again), { method: 'recovery', code: recoveryCodes[1] });
    expect(other.statusCode).toBe(200);
  });

  it('refuses a second step without a first, and locks after too many wrong codes', async () => {
    expect((await secondStep({}, { method: 'totp', code: '123456' })).json()).toMatchObject({
      code: 'TWO_FACTOR_EXPIRED',
      message: TWO_FACTOR_MESSAGES.codeExpired,
    });
    const clinic = await signedInClinic(app);
    const { secret } = await enableTwoFactor(app, clinic.cookies);
    const first = await signIn(app, clinic.email);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1)
      statuses.push((await secondStep(cookiesOf(first), { method: 'totp', code: '000000' })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    // The sixth try on one sign-in is refused even with the right code: the challenge is spent.
    const late = await secondStep(cookiesOf(first), { method: 'totp', code: totpCode(secret) });
    expect(late.statusCode).not.toBe(200);
    expect(['TWO_FACTOR_LOCKED', 'TWO_FACTOR_EXPIRED']).toContain(late.json().code);
    expect((await signInWithTwoFactor(app, clinic.email, secret)).statusCode).toBe(200);
  });

  it('turns off only with the password and a current code', async () => {
    const clinic = await signedInClinic(app);
    const { secret, cookies } = await enableTwoFactor(app, clinic.cookies);
    const badCode = await post('/api/auth/two-factor/disable', cookies, {
      password: PASSWORD,
      code: '000000',
    });
    expect(badCode.statusCode).toBe(400);
    const badPassword = await post('/api/auth/two-factor/disable', cookies, {
      password: 'nope',
      code: totpCode(secret),
    });
    expect(badPassword.json().fieldErrors).toEqual({ password: TWO_FACTOR_MESSAGES.wrongPassword });
    const off = await post('/api/auth/two-factor/disable', cookies, {
      password: PASSWORD,
      code: totpCode(secret),
    });
    expect(off.json()).toEqual({ message: TWO_FACTOR_MESSAGES.turnedOff });
    expect((await signIn(app, clinic.email)).json().user).toMatchObject({ twoFactorEnabled: false });
  });

  it('makes new recovery codes, after which the old ones fail', async () => {
    const clinic = await signedInClinic(app);
    const { recoveryCodes, cookies } = await enableTwoFactor(app, clinic.cookies);
    const renewed = await post('/api/auth/two-factor/recovery-codes', cookies, { password: PASSWORD });
    expect(renewed.json().recoveryCodes).toHaveLength(10);
    const first = await signIn(app, clinic.email);
    expect(
      (await secondStep(cookiesOf(first), { method: 'recovery', code: recoveryCodes[0] })).statusCode,
    ).toBe(400);
    const fresh = await secondStep(cookiesOf(first), {
      method: 'recovery',
      code: renewed.json().recoveryCodes[0],
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('keeps an admin out of the console until two-factor is set up, and never lets it be turned off', async () => {
    const email = uniqueEmail('admin');
    await createAdmin(app.database.db, email, PASSWORD);
    const signedIn = await signIn(app, email);
    expect(signedIn.json().user).toMatchObject({ twoFactorSetupRequired: true });
    const cookies = sessionCookieOf(signedIn);
    const blocked = await app.inject({ url: '/api/admin/stats', cookies });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({
      code: 'TWO_FACTOR_SETUP_REQUIRED',
      message: TWO_FACTOR_MESSAGES.setupRequired,
    });

    const { secret, cookies: renewed } = await enableTwoFactor(app, cookies);
    expect((await app.inject({ url: '/api/admin/stats', cookies: renewed })).statusCode).toBe(200);
    const off = await post('/api/auth/two-factor/disable', renewed, {
      password: PASSWORD,
      code: totpCode(secret),
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(TWO_FACTOR_MESSAGES.requiredCannotTurnOff);
  });

  it('lets an owner require it of the team: a member is sent to set it up, then works', async () => {
    const owner = await signedInClinic(app);
    const member = await signedInMember(app, owner, 'reception');
    const require = (cookies: Record<string, string>, required: boolean) =>
      app.inject({ method: 'PATCH', url: '/api/team/two-factor', cookies, payload: { required } });

    const tooSoon = await require(owner.cookies, true);
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().message).toBe(TWO_FACTOR_MESSAGES.ownerFirst);
    const { cookies: ownerCookies } = await enableTwoFactor(app, owner.cookies);
    expect((await require(ownerCookies, true)).json()).toEqual({
      message: TWO_FACTOR_MESSAGES.requiredForTeam,
    });
    expect((await require(member.cookies, true)).statusCode).toBe(403);

    // The member's next request is turned to the setup.
    const blocked = await app.inject({ url: '/api/payments', cookies: member.cookies });
    expect(blocked.json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    const next = await signIn(app, member.email);
    expect(next.json().user).toMatchObject({ twoFactorSetupRequired: true });
    const { secret, cookies } = await enableTwoFactor(app, sessionCookieOf(next));
    expect((await app.inject({ url: '/api/payments', cookies })).statusCode).toBe(200);
    expect((await signInWithTwoFactor(app, member.email, secret)).statusCode).toBe(200);

    // A member who joins later must set it up too.
    const later = await signedInMember(app, { cookies: ownerCookies }, 'manager');
    expect(later.user).toMatchObject({ twoFactorSetupRequired: true });
    const [row] = await app.database.db
      .select({ required: users.twoFactorRequired })
      .from(users)
      .where(eq(users.id, later.user.id));
    expect(row?.required).toBe(true);

    expect((await require(ownerCookies, false)).json()).toEqual({
      message: TWO_FACTOR_MESSAGES.notRequiredForTeam,
    });
    const freed = await signIn(app, later.email);
    expect(freed.json().user).toMatchObject({ twoFactorSetupRequired: false });
  });
});
