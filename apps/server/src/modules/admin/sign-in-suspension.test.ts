import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cookiesOf,
  enableTwoFactor,
  lastMailTo,
  PASSWORD,
  signedInAdmin,
  signedInClinic,
  signedInMember,
  signIn,
  totpCode,
} from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog, clinics, sessions } from '../../db/schema/index.js';

const REASON = 'Unpaid invoices since October';
const REFUSAL = `ClinicPay has suspended sign-in for your clinic: ${REASON}. Contact support.`;

describe('suspending and reactivating a clinic’s sign-in', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  let owner: Awaited<ReturnType<typeof signedInClinic>>;
  let clinicId: string;
  beforeEach(async () => {
    app = await createTestApp();
    admin = await signedInAdmin(app);
    owner = await signedInClinic(app);
    clinicId = String(owner.user.clinicId);
  });
  afterEach(() => app.close());

  const post = (path: string, payload?: unknown, cookies = admin.cookies) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/clinics/${clinicId}/${path}`,
      cookies,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const suspend = (reason: unknown = REASON, cookies = admin.cookies) =>
    post('suspend-sign-in', { reason }, cookies);
  const reactivate = (cookies = admin.cookies) => post('reactivate-sign-in', undefined, cookies);
  const clinicRow = async () =>
    (await app.database.db.select().from(clinics).where(eq(clinics.id, clinicId)))[0];
  const entries = (action: 'clinic.sign_in_suspended' | 'clinic.sign_in_reactivated') =>
    app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, clinicId), eq(auditLog.action, action)));
  const clinicPage = (cookies: Record<string, string>) => app.inject({ url: '/api/clinic', cookies });

  it('signs the whole team out, refuses their sign-in with the reason, emails the clinic and audits it', async () => {
    const reception = await signedInMember(app, owner, 'reception');
    const other = await signedInClinic(app);
    // The clinic's profile email differs from its owner's: both are told.
    await app.database.db
      .update(clinics)
      .set({ email: 'desk@harley.example' })
      .where(eq(clinics.id, clinicId));

    const response = await suspend(`  ${REASON}  `);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Sign-in suspended for Harley Street Dental',
      clinicId,
      clinicName: 'Harley Street Dental',
      signInSuspendedAt: expect.any(String),
      signInSuspensionReason: REASON,
    });
    const row = await clinicRow();
    expect(row?.signInSuspendedAt).toBeInstanceOf(Date);
    expect(row?.signInSuspensionReason).toBe(REASON);

    // Every member is signed out at once; another clinic is not.
    for (const member of [owner, reception]) expect((await clinicPage(member.cookies)).statusCode).toBe(401);
    expect((await clinicPage(other.cookies)).statusCode).toBe(200);
    const teamSessions = await app.database.db
      .select()
      .from(sessions)
      .where(inArray(sessions.userId, [owner.user.id, reception.user.id]));
    expect(teamSessions).toEqual([]);

    // The right password gets the reason and no session; a wrong one is still just wrong.
    for (const member of [owner, reception]) {
      const refused = await signIn(app, member.email, PASSWORD);
      expect(refused.statusCode, member.email).toBe(403);
      expect(refused.json()).toEqual({ code: 'CLINIC_SUSPENDED', message: REFUSAL });
      expect(refused.cookies.filter((cookie) => cookie.value)).toEqual([]);
    }
    const wrong = await signIn(app, owner.email, 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
    expect(
      await app.database.db
        .select()
        .from(sessions)
        .where(inArray(sessions.userId, [owner.user.id, reception.user.id])),
    ).toEqual([]);

    for (const to of ['desk@harley.example', owner.email]) {
      const mail = await lastMailTo(app, to, 'Your ClinicPay sign-in is suspended');
      expect(mail?.textBody, to).toContain(`Reason: ${REASON}`);
      expect(mail?.textBody, to).toContain('ClinicPay has suspended sign-in for Harley Street Dental.');
    }
    expect(await entries('clinic.sign_in_suspended')).toMatchObject([
      { actorUserId: admin.user.id, entityType: 'clinic', details: { reason: REASON } },
    ]);
    const profile = (
      await app.inject({ url: `/api/admin/clinics/${clinicId}`, cookies: admin.cookies })
    ).json();
    expect(profile.clinic).toMatchObject({
      signInSuspendedAt: row?.signInSuspendedAt?.toISOString(),
      signInSuspensionReason: REASON,
    });

    // Suspended once: a second suspension is refused, changing nothing.
    const again = await suspend('Another reason');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'SIGN_IN_ALREADY_SUSPENDED',
      message: 'Sign-in is already suspended for this clinic',
    });
    expect((await clinicRow())?.signInSuspensionReason).toBe(REASON);
    expect(await entries('clinic.sign_in_suspended')).toHaveLength(1);
  });

  it('reactivating lets the team sign in again, emails the clinic and audits it', async () => {
    await suspend();
    const response = await reactivate();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Sign-in reactivated for Harley Street Dental',
      clinicId,
      clinicName: 'Harley Street Dental',
      signInSuspendedAt: null,
      signInSuspensionReason: null,
    });
    expect(await clinicRow()).toMatchObject({ signInSuspendedAt: null, signInSuspensionReason: null });
    const mail = await lastMailTo(app, owner.email, 'Your ClinicPay sign-in is back');
    expect(mail?.textBody).toContain('ClinicPay has reactivated sign-in for Harley Street Dental.');
    expect(await entries('clinic.sign_in_reactivated')).toMatchObject([
      { actorUserId: admin.user.id, details: { reason: REASON } },
    ]);

    const signedIn = await signIn(app, owner.email, PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect((await clinicPage(cookiesOf(signedIn))).statusCode).toBe(200);

    const again = await reactivate();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'SIGN_IN_NOT_SUSPENDED',
      message: 'Sign-in is not suspended for this clinic',
    });
    expect(await entries('clinic.sign_in_reactivated')).toHaveLength(1);
  });

  it('refuses the second step of a two-factor sign-in begun before the suspension, and the first step after it', async () => {
    const { secret } = await enableTwoFactor(app, owner.cookies);
    const first = await signIn(app, owner.email, PASSWORD);
    expect(first.json().twoFactorRequired).toBe(true);
    await suspend();
    const second = await app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/sign-in',
      cookies: cookiesOf(first),
      payload: { method: 'totp', code: totpCode(secret) },
    });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual({ code: 'CLINIC_SUSPENDED', message: REFUSAL });
    expect(await app.database.db.select().from(sessions).where(eq(sessions.userId, owner.user.id))).toEqual(
      [],
    );

    const again = await signIn(app, owner.email, PASSWORD);
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('CLINIC_SUSPENDED');
    expect((await signIn(app, owner.email, 'not the password')).statusCode).toBe(401);
  });

  it('refuses a missing, blank, short or too long reason with 400 under the field, changing nothing', async () => {
    const before = await clinicRow();
    for (const reason of [undefined, '', '   ', ' ab ', 42, 'x'.repeat(501)]) {
      const response = await post('suspend-sign-in', reason === undefined ? {} : { reason });
      expect(response.statusCode, String(reason)).toBe(400);
      const message =
        typeof reason === 'string' && reason.length > 500
          ? 'Please keep the reason to 500 characters or fewer'
          : 'Please give a reason of at least 3 characters';
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message,
        fieldErrors: { reason: message },
      });
    }
    expect((await post('suspend-sign-in')).statusCode).toBe(400);
    // 500 characters, after trimming, is the most allowed.
    expect(await clinicRow()).toEqual(before);
    expect(await entries('clinic.sign_in_suspended')).toEqual([]);
    expect((await clinicPage(owner.cookies)).statusCode).toBe(200);
    expect(await lastMailTo(app, owner.email, 'Your ClinicPay sign-in is suspended')).toBeUndefined();
    expect((await suspend(` ${'x'.repeat(500)} `)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown clinic and is for admins only, changing nothing', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      for (const path of ['suspend-sign-in', 'reactivate-sign-in']) {
        const response = await app.inject({
          method: 'POST',
          url: `/api/admin/clinics/${id}/${path}`,
          cookies: admin.cookies,
          payload: { reason: REASON },
        });
        expect(response.statusCode, `${id} ${path}`).toBe(404);
        expect(response.json().code).toBe('CLINIC_NOT_FOUND');
      }
    }
    for (const [cookies, status] of [
      [owner.cookies, 403],
      [{}, 401],
    ] as const) {
      expect((await suspend(REASON, cookies)).statusCode).toBe(status);
      expect((await reactivate(cookies)).statusCode).toBe(status);
    }
    expect((await clinicRow())?.signInSuspendedAt).toBeNull();
    expect((await clinicPage(owner.cookies)).statusCode).toBe(200);
  });
});
