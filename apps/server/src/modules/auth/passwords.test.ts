import { and, asc, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lastMailTo,
  linkMailedTo,
  PASSWORD,
  sessionCookieOf,
  signedInClinic,
  signIn,
  uniqueEmail,
} from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { JOB_SCHEMA } from '../../db/client.js';
import { devOutbox, verifications } from '../../db/schema/index.js';
import { queueEmail, sendEmail } from '../../mail/email-job.js';
import { accountEmailJob } from './jobs.js';

const RESET_SUBJECT = 'Reset your ClinicPay password';

describe('forgot and reset password', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const forgot = (email: string) =>
    app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  const check = (query: Record<string, string>) =>
    app.inject({ url: `/api/auth/reset-password?${new URLSearchParams(query)}` });
  const reset = (payload: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/auth/reset-password', payload });

  async function requestReset(email: string) {
    await forgot(email);
    await expect
      // Built and queued after the answer, beside the sign-up's check: found by its subject.
      .poll(() => lastMailTo(app, email, RESET_SUBJECT).then((mail) => mail?.subject), { timeout: 15_000 })
      .toBe(RESET_SUBJECT);
    const link = await linkMailedTo(app, email, RESET_SUBJECT);
    return {
      token: String(link.searchParams.get('token')),
      userId: String(link.searchParams.get('userId')),
      link,
    };
  }

  it('answers the same whether or not the address has an account', async () => {
    const { email } = await signedInClinic(app);
    const known = await forgot(email);
    const unknownEmail = uniqueEmail();
    const unknown = await forgot(unknownEmail);
    expect(known.json()).toEqual({ message: 'Password reset instructions sent to your email.' });
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(await lastMailTo(app, unknownEmail)).toBeUndefined();
    expect((await forgot('')).json().fieldErrors.email).toBe('Please enter your email address');
  });

  it('sends a reset ahead of a burst of other emails', async () => {
    const { email } = await signedInClinic(app);
    await app.jobs.drain();
    const others = Array.from({ length: 25 }, () => uniqueEmail('burst'));
    for (const to of others) {
      await queueEmail(app.jobs, { to, subject: 'A notice', text: 'Queued before the reset.' });
    }
    await forgot(email);
    // The answer queues the account-email job whatever the address (its timing tells nothing); that job
    // queues the reset email, ahead of the notices.
    await app.jobs.drain({ only: [accountEmailJob] });
    await expect
      .poll(async () => {
        const queued = await app.database.sql.executeSql(
          `select count(*)::int as count from ${JOB_SCHEMA}.job where name = $1 and data->>'to' = $2 and state = 'created'`,
          [sendEmail.name, email],
        );
        return queued.rows[0]?.count;
      })
      .toBe(1);
    await app.jobs.drain();
    const sent = await app.database.db
      .select({ recipient: devOutbox.recipient })
      .from(devOutbox)
      .where(
        and(
          inArray(devOutbox.recipient, [email, ...others]),
          inArray(devOutbox.subject, ['A notice', 'Reset your ClinicPay password']),
        ),
      )
      .orderBy(asc(devOutbox.createdAt));
    expect(sent).toHaveLength(26);
    // The worker fetches ten at a time: the reset is in the first batch, not the third.
    expect(sent.slice(0, 10).map((row) => row.recipient)).toContain(email);
  });

  it('emails a link to /reset-password with token and userId', async () => {
    const { email, user } = await signedInClinic(app);
    const { link } = await requestReset(email);
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('userId')).toBe(user.id);
  });

  it('sets the new password, revokes every session and uses the token up', async () => {
    const { email, cookies } = await signedInClinic(app);
    const { token, userId } = await requestReset(email);
    expect((await check({ token, userId })).statusCode).toBe(200);

    const response = await reset({
      token,
      userId,
      password: 'brand new pass',
      confirmPassword: 'brand new pass',
    });
    expect(response.json()).toEqual({ message: 'Password updated successfully' });

    expect((await app.inject({ url: '/api/auth/session', cookies })).json().user).toBeNull();
    expect((await signIn(app, email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(app, email, 'brand new pass')).statusCode).toBe(200);

    const reused = await reset({ token, userId, password: 'another pass', confirmPassword: 'another pass' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'INVALID_TOKEN', message: 'Invalid reset token' });
  });

  it("refuses a tampered token and another user's id with their messages", async () => {
    const { email } = await signedInClinic(app);
    const other = await signedInClinic(app);
    const { token, userId } = await requestReset(email);

    const tampered = await check({ token: `${token}x`, userId });
    expect(tampered.json()).toMatchObject({ code: 'INVALID_TOKEN', message: 'Invalid reset token' });
    const wrongUser = await check({ token, userId: other.user.id });
    expect(wrongUser.json()).toMatchObject({ code: 'INVALID_TOKEN', message: 'Invalid user ID' });
    const attempt = await reset({
      token,
      userId: other.user.id,
      password: 'hijacked!',
      confirmPassword: 'hijacked!',
    });
    expect(attempt.statusCode).toBe(400);
    expect((await signIn(app, other.email, PASSWORD)).statusCode).toBe(200);
  });

  it('says an expired link has expired', async () => {
    const { email } = await signedInClinic(app);
    const { token, userId } = await requestReset(email);
    await app.database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await check({ token, userId });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This reset link has expired');
    const attempt = await reset({ token, userId, password: 'too late!', confirmPassword: 'too late!' });
    expect(attempt.json().message).toBe('This reset link has expired');
  });

  it('validates the new password', async () => {
    const base = { token: 't', userId: 'u' };
    const short = await reset({ ...base, password: 'five5', confirmPassword: 'five5' });
    expect(short.json().fieldErrors.password).toBe('Password must be at least 6 characters long');
    const mismatch = await reset({ ...base, password: 'sixsix', confirmPassword: 'sevenss' });
    expect(mismatch.json().fieldErrors.confirmPassword).toBe('Passwords do not match');
    const empty = await reset({ ...base, password: '', confirmPassword: '' });
    expect(empty.json().fieldErrors.password).toBe('Please fill in all fields');
  });
});

describe('change password', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const change = (cookies: Record<string, string>, payload: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/auth/change-password', cookies, payload });

  it('checks the current password', async () => {
    const { cookies } = await signedInClinic(app);
    const response = await change(cookies, {
      currentPassword: 'wrong password',
      newPassword: 'a new password',
      confirmPassword: 'a new password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'CURRENT_PASSWORD_INCORRECT',
      message: 'Current password is incorrect',
      fieldErrors: { currentPassword: 'Current password is incorrect' },
    });
  });

  it('applies the rules of docs/product.md#validation', async () => {
    const { cookies } = await signedInClinic(app);
    const shortCurrent = await change(cookies, {
      currentPassword: '12345',
      newPassword: 'longenough',
      confirmPassword: 'longenough',
    });
    expect(shortCurrent.json().fieldErrors.currentPassword).toBe('Current password is required');
    const shortNew = await change(cookies, {
      currentPassword: PASSWORD,
      newPassword: 'seven77',
      confirmPassword: 'seven77',
    });
    expect(shortNew.json().fieldErrors.newPassword).toBe('Password must be at least 8 characters');
    const mismatch = await change(cookies, {
      currentPassword: PASSWORD,
      newPassword: 'longenough',
      confirmPassword: 'different',
    });
    expect(mismatch.json().fieldErrors.confirmPassword).toBe("Passwords don't match");
  });

  it('changes the password and revokes the other sessions, keeping this one', async () => {
    const { email, cookies: other } = await signedInClinic(app);
    const current = sessionCookieOf(await signIn(app, email));
    const response = await change(current, {
      currentPassword: PASSWORD,
      newPassword: 'changed password',
      confirmPassword: 'changed password',
    });
    expect(response.json()).toEqual({ message: 'Password updated successfully' });
    const renewed = response.cookies.length ? sessionCookieOf(response) : current;
    expect((await app.inject({ url: '/api/auth/session', cookies: renewed })).json().user?.email).toBe(email);
    expect((await app.inject({ url: '/api/auth/session', cookies: other })).json().user).toBeNull();
    expect((await signIn(app, email, 'changed password')).statusCode).toBe(200);
  });

  it('requires a session', async () => {
    const response = await change(
      {},
      { currentPassword: PASSWORD, newPassword: 'longenough', confirmPassword: 'longenough' },
    );
    expect(response.statusCode).toBe(401);
  });
});
