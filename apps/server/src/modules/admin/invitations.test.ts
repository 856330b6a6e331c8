import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkMailedTo, signedInAdmin, signIn } from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog, clinics, users, verifications } from '../../db/schema/index.js';
import type { Mailer } from '../../mail/mailer.js';

describe('POST /api/admin/clinics (Add New Clinic)', () => {
  let app: FastifyInstance;
  let cookies: Record<string, string>;
  let adminId: string;
  beforeEach(async () => {
    app = await createTestApp();
    const admin = await signedInAdmin(app);
    cookies = admin.cookies;
    adminId = admin.user.id;
  });
  afterEach(() => app.close());

  const invite = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/admin/clinics', cookies, payload });
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

  it('creates the clinic and its account, and the emailed link sets a password once', async () => {
    const response = await invite({ clinicName: ' Soho Physio ', email: 'Desk@SohoPhysio.example' });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Invitation sent to desk@sohophysio.example');
    const [clinic] = await app.database.db
      .select()
      .from(clinics)
      .where(eq(clinics.id, response.json().clinicId));
    expect(clinic).toMatchObject({ clinicName: 'Soho Physio', email: 'desk@sohophysio.example' });
    const [audit] = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(clinic?.id)));
    expect(audit).toMatchObject({
      action: 'clinic.invited',
      actorUserId: adminId,
      entityType: 'clinic',
      details: { email: 'desk@sohophysio.example', clinicName: 'Soho Physio' },
    });

    // No password yet: nobody can sign in to the account.
    expect((await signIn(app, 'desk@sohophysio.example', 'anything at all')).statusCode).toBe(401);
    const link = await linkMailedTo(app, 'desk@sohophysio.example');
    expect(link.pathname).toBe('/reset-password');
    expect((await setPassword(link, 'a new clinic password')).statusCode).toBe(200);
    const signedIn = await signIn(app, 'desk@sohophysio.example', 'a new clinic password');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ role: 'clinic', clinicId: clinic?.id });

    const again = await setPassword(link, 'someone elses password');
    expect(again.statusCode).toBe(400);
    expect((await signIn(app, 'desk@sohophysio.example', 'someone elses password')).statusCode).toBe(401);
  });

  it('refuses an expired invitation', async () => {
    await invite({ clinicName: 'Late Clinic', email: 'late@clinic.example' });
    const link = await linkMailedTo(app, 'late@clinic.example');
    await app.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.value, String(link.searchParams.get('userId'))));
    const response = await setPassword(link, 'a new clinic password');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This reset link has expired');
  });

  it('refuses a taken email, a missing name and a bad email, creating nothing', async () => {
    await invite({ clinicName: 'First', email: 'taken@clinic.example' });
    const taken = await invite({ clinicName: 'Second', email: 'TAKEN@clinic.example' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('An account with this email already exists');
    const noName = await invite({ clinicName: '  ', email: 'x@clinic.example' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Please enter the clinic name');
    const badEmail = await invite({ clinicName: 'X', email: 'not-an-email' });
    expect(badEmail.json().message).toBe('Please enter a valid email address');
    expect(await app.database.db.select().from(clinics)).toHaveLength(1);
  });

  it('creates the clinic with its invitation queued, and sends it once the mail server is back', async () => {
    await app.close();
    let smtpUp = false;
    const sent: string[] = [];
    const flaky: Mailer = {
      transport: 'smtp',
      send: async (mail) => {
        if (!smtpUp) throw new Error('smtp down');
        sent.push(mail.to);
      },
    };
    app = await createTestApp({ mailer: flaky });
    cookies = (await signedInAdmin(app)).cookies;
    const response = await invite({ clinicName: 'Patient Clinic', email: 'patient@clinic.example' });
    expect(response.statusCode).toBe(201);
    expect(await app.database.db.select().from(clinics)).toHaveLength(1);
    await app.jobs.drain();
    expect(sent).toEqual([]);
    smtpUp = true;
    await app.database.sql.executeSql("update pgboss.job set start_after = now() where state = 'retry'");
    await app.jobs.drain();
    expect(sent).toEqual(['patient@clinic.example']);
    expect(
      await app.database.db.select().from(users).where(eq(users.email, 'patient@clinic.example')),
    ).toHaveLength(1);
  });
});
