import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkMailedTo, signedInAdmin, signedInClinic, signIn } from '../../../test/accounts.js';
import { insertClinic } from '../../../test/admin-data.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog, devOutbox } from '../../db/schema/index.js';

describe('POST /api/admin/clinics/:clinicId/resend-invitation', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeEach(async () => {
    app = await createTestApp();
    admin = await signedInAdmin(app);
  });
  afterEach(() => app.close());

  const EMAIL = 'desk@late-physio.example';
  const inviteClinic = async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/clinics',
      cookies: admin.cookies,
      payload: { clinicName: 'Late Physio', email: EMAIL },
    });
    return String(response.json().clinicId);
  };
  const resend = (clinicId: string, cookies = admin.cookies) =>
    app.inject({ method: 'POST', url: `/api/admin/clinics/${clinicId}/resend-invitation`, cookies });
  const profileOf = async (clinicId: string) =>
    (await app.inject({ url: `/api/admin/clinics/${clinicId}`, cookies: admin.cookies })).json().clinic;
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

  it('sends a fresh link that works while the old one stops, audited; once used, it answers 409', async () => {
    const clinicId = await inviteClinic();
    const first = await linkMailedTo(app, EMAIL);
    expect((await profileOf(clinicId)).invitationPending).toBe(true);

    const response = await resend(clinicId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: `Invitation sent again to ${EMAIL}` });
    const second = await linkMailedTo(app, EMAIL);
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));
    expect(second.searchParams.get('userId')).toBe(first.searchParams.get('userId'));
    const mails = await app.database.db.select().from(devOutbox).where(eq(devOutbox.recipient, EMAIL));
    expect(mails.map((mail) => mail.subject)).toEqual([
      'You are invited to ClinicPay',
      'You are invited to ClinicPay',
    ]);
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, clinicId), eq(auditLog.action, 'clinic.invitation_resent')));
    expect(entry).toMatchObject({
      actorUserId: admin.user.id,
      entityType: 'clinic',
      details: { email: EMAIL },
    });

    // The old link no longer works; the new one sets the password, once.
    const old = await setPassword(first, 'an old link password');
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe('Invalid reset token');
    expect((await setPassword(second, 'a new clinic password')).statusCode).toBe(200);
    expect((await signIn(app, EMAIL, 'a new clinic password')).statusCode).toBe(200);
    expect((await profileOf(clinicId)).invitationPending).toBe(false);

    const used = await resend(clinicId);
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({
      code: 'INVITATION_ALREADY_USED',
      message:
        "This clinic's invitation has been used: its account has a password. It can reset the password from the sign-in page.",
    });
    expect(
      await app.database.db.select().from(auditLog).where(eq(auditLog.action, 'clinic.invitation_resent')),
    ).toHaveLength(1);
  });

  it('answers 409 for a clinic that signed up with its own password, and 404 for an unknown clinic', async () => {
    const clinic = await signedInClinic(app);
    expect((await profileOf(String(clinic.user.clinicId))).invitationPending).toBe(false);
    const signedUp = await resend(String(clinic.user.clinicId));
    expect(signedUp.statusCode).toBe(409);
    expect(signedUp.json().code).toBe('INVITATION_ALREADY_USED');
    // A clinic row without any account has no invitation waiting either.
    expect((await resend(await insertClinic(app))).statusCode).toBe(409);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const unknown = await resend(id);
      expect(unknown.statusCode, id).toBe(404);
      expect(unknown.json().message).toBe('Clinic data not found. Please try again later.');
    }
  });

  it('is for admins only: a clinic gets 403 and the signed-out 401, and nothing is sent', async () => {
    const clinicId = await inviteClinic();
    const first = await linkMailedTo(app, EMAIL);
    const clinic = await signedInClinic(app);
    expect((await resend(clinicId, clinic.cookies)).statusCode).toBe(403);
    expect((await resend(clinicId, {})).statusCode).toBe(401);
    expect((await linkMailedTo(app, EMAIL)).href).toBe(first.href);
    expect((await setPassword(first, 'a new clinic password')).statusCode).toBe(200);
  });
});
