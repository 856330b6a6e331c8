import { AUTH_MESSAGES } from '@clinicpay/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lastMailTo,
  PASSWORD,
  signIn,
  signUp,
  uniqueEmail,
  verifyFromEmail,
} from '../../../test/accounts.js';
import { createTestApp, PRODUCTION_ENV } from '../../../test/test-app.js';
import { clinics, users } from '../../db/schema/index.js';

describe('sign-up and email verification', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('creates the clinic and an unverified clinic user, and emails the verification link', async () => {
    const email = uniqueEmail();
    const response = await signUp(app, email.toUpperCase(), PASSWORD, 'Bath Physio');
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Sign up successful! Please check your email for verification.');
    expect(body.email).toBe(email);

    const [user] = await app.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ role: 'clinic', emailVerified: false });
    const [clinic] = await app.database.db
      .select()
      .from(clinics)
      .where(eq(clinics.id, String(user?.clinicId)));
    expect(clinic).toMatchObject({ clinicName: 'Bath Physio', email });

    const mail = await lastMailTo(app, email);
    expect(mail?.subject).toBe('Verify your ClinicPay email address');
    expect(mail?.textBody).toContain(body.verificationUrl);
    expect(new URL(body.verificationUrl).searchParams.get('userId')).toBe(user?.id);
  });

  it('refuses an address that already has an account', async () => {
    const email = uniqueEmail();
    await signUp(app, email);
    const again = await signUp(app, email);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: AUTH_MESSAGES.emailExists });
  });

  it.each([
    [
      {
        clinicName: '',
        email: 'a@b.co',
        password: 'longenough',
        confirmPassword: 'longenough',
        agreeTerms: true,
      },
      'clinicName',
      'Please fill in all fields',
    ],
    [
      { clinicName: 'C', email: '', password: 'longenough', confirmPassword: 'longenough', agreeTerms: true },
      'email',
      'Please fill in all fields',
    ],
    [
      { clinicName: 'C', email: 'a@b.co', password: '', confirmPassword: '', agreeTerms: true },
      'password',
      'Please fill in all fields',
    ],
    [
      {
        clinicName: 'C',
        email: 'a@b.co',
        password: 'longenough',
        confirmPassword: 'different1',
        agreeTerms: true,
      },
      'confirmPassword',
      'Passwords do not match',
    ],
    [
      {
        clinicName: 'C',
        email: 'a@b.co',
        password: 'longenough',
        confirmPassword: 'longenough',
        agreeTerms: false,
      },
      'agreeTerms',
      'You must agree to the terms and conditions',
    ],
    [
      { clinicName: 'C', email: 'a@b.co', password: 'short', confirmPassword: 'short', agreeTerms: true },
      'password',
      'Password must be at least 8 characters',
    ],
    [
      {
        clinicName: 'C',
        email: 'not-email',
        password: 'longenough',
        confirmPassword: 'longenough',
        agreeTerms: true,
      },
      'email',
      'Please enter a valid email address',
    ],
  ])('refuses %j with its message on %s', async (payload, field, message) => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
  });

  it('accepts a 64-character password', async () => {
    const email = uniqueEmail();
    const long = 'p'.repeat(64);
    expect((await signUp(app, email, long)).statusCode).toBe(201);
    await verifyFromEmail(app, email);
    expect((await signIn(app, email, long)).statusCode).toBe(200);
  });

  it('keeps an unverified account out, naming the user to verify', async () => {
    const email = uniqueEmail();
    const userId = (await signUp(app, email)).json().userId;
    const response = await signIn(app, email);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Please verify your email address before signing in',
      email,
      userId,
    });
  });

  it('verifies with the emailed link once, then lets the user sign in', async () => {
    const email = uniqueEmail();
    await signUp(app, email);
    const verified = await verifyFromEmail(app, email);
    expect(verified.json()).toEqual({ message: 'Email verification successful! You can now sign in.' });

    const reused = await verifyFromEmail(app, email);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('Invalid or expired verification token');
    expect((await signIn(app, email)).statusCode).toBe(200);
  });

  it("refuses a tampered token, another user's token and an expired one, changing nothing", async () => {
    const first = uniqueEmail();
    const second = uniqueEmail();
    await signUp(app, first);
    const secondId = (await signUp(app, second)).json().userId;
    const { linkMailedTo } = await import('../../../test/accounts.js');
    const link = await linkMailedTo(app, first);
    const token = String(link.searchParams.get('token'));
    const verify = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/auth/verify-email', payload });

    for (const payload of [
      { token: `${token}x`, userId: link.searchParams.get('userId') },
      { token, userId: secondId },
      { token: '', userId: secondId },
    ]) {
      const response = await verify(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Invalid or expired verification token');
    }
    const [user] = await app.database.db.select().from(users).where(eq(users.email, first));
    expect(user?.emailVerified).toBe(false);

    const { verifications } = await import('../../db/schema/index.js');
    await app.database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await verify({ token, userId: link.searchParams.get('userId') });
    expect(expired.json().message).toBe('Invalid or expired verification token');
  });

  it('resends a link to an unverified account and answers the same for any address', async () => {
    const email = uniqueEmail();
    await signUp(app, email);
    const before = await lastMailTo(app, email);
    const resend = (address: string) =>
      app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { email: address } });

    const response = await resend(email);
    expect(response.json().message).toBe('Verification email has been resent.');
    expect((await lastMailTo(app, email))?.id).not.toBe(before?.id);
    expect((await verifyFromEmail(app, email)).statusCode).toBe(200);

    const unknown = uniqueEmail();
    const forUnknown = await resend(unknown);
    expect(forUnknown.statusCode).toBe(200);
    expect(forUnknown.json().message).toBe('Verification email has been resent.');
    expect(await lastMailTo(app, unknown)).toBeUndefined();

    const empty = await resend('');
    expect(empty.json().fieldErrors.email).toBe('Please enter your email address');
  });
});

describe('account emails that cannot be sent now', () => {
  it('still creates the account and answers a resend alike: the emails wait in the queue for the mail server', async () => {
    let smtpUp = false;
    const sent: string[] = [];
    const app = await createTestApp({
      env: PRODUCTION_ENV,
      mailer: {
        transport: 'smtp',
        send: async (mail) => {
          if (!smtpUp) throw new Error('SMTP is down');
          sent.push(mail.to);
        },
      },
    });
    const email = uniqueEmail();
    const response = await signUp(app, email);
    expect(response.statusCode).toBe(201);
    expect(response.json().verificationUrl).toBeUndefined();
    expect((await signIn(app, email)).json().code).toBe('EMAIL_NOT_VERIFIED');

    const resend = await app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email },
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ message: 'Verification email has been resent.' });
    await app.jobs.drain();
    expect(sent).toEqual([]);

    // The mail server is back: the retries (due after their back-off) deliver both emails.
    smtpUp = true;
    await app.database.sql.executeSql("update pgboss.job set start_after = now() where state = 'retry'");
    await app.jobs.drain();
    expect(sent).toEqual([email, email]);
    await app.close();
  });

  it('never includes the verification link in production answers', async () => {
    const sent: string[] = [];
    const app = await createTestApp({
      env: PRODUCTION_ENV,
      mailer: { transport: 'smtp', send: async (mail) => void sent.push(mail.text) },
    });
    const email = uniqueEmail();
    const response = await signUp(app, email);
    expect(response.json().verificationUrl).toBeUndefined();
    await app.jobs.drain();
    expect(sent[0]).toContain('https://pay.example.com/verify-email?token=');
    const resend = await app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email },
    });
    expect(resend.json()).toEqual({ message: 'Verification email has been resent.' });
    await app.close();
  });
});
