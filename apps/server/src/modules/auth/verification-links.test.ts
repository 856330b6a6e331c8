/**
 * One live verification link per user (decision 0026): the email says a link 'can be used once', and a
 * new one makes the older stop working. A password reset link is another matter and keeps working.
 */
import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES } from '@clinicpay/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkMailedTo, signIn, signUp, uniqueEmail } from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { devOutbox, users, verifications } from '../../db/schema/index.js';
import { deleteAllButNewestVerification } from './queries.js';

describe('verification links', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const resend = (email: string) =>
    app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { email } });
  const verifyWith = (link: URL) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: link.searchParams.get('token'), userId: link.searchParams.get('userId') },
    });
  const isVerified = async (email: string) =>
    (await app.database.db.select().from(users).where(eq(users.email, email)))[0]?.emailVerified;

  it('stop working once a newer one is sent: only the newest verifies', async () => {
    const email = uniqueEmail();
    await signUp(app, email);
    const first = await linkMailedTo(app, email);
    expect((await resend(email)).statusCode).toBe(200);
    const second = await linkMailedTo(app, email);
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));

    const old = await verifyWith(first);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({
      code: 'INVALID_TOKEN',
      message: AUTH_MESSAGES.invalidVerificationToken,
    });
    expect(await isVerified(email)).toBe(false);
    expect((await signIn(app, email)).statusCode).toBe(403);

    expect((await verifyWith(second)).statusCode).toBe(200);
    expect(await isVerified(email)).toBe(true);
  });

  it('leave one working link when several are sent at once', async () => {
    const email = uniqueEmail();
    await signUp(app, email);
    const responses = await Promise.all([resend(email), resend(email), resend(email)]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    await app.jobs.drain();
    const mails = await app.database.db.select().from(devOutbox).where(eq(devOutbox.recipient, email));
    expect(mails).toHaveLength(4);
    const links = mails.map((mail) => new URL(String(mail.textBody.match(/https?:\/\/\S+/)?.[0])));
    const answers = [];
    for (const link of links) answers.push((await verifyWith(link)).statusCode);
    expect(answers.filter((status) => status === 200)).toHaveLength(1);
    expect(answers.filter((status) => status === 400)).toHaveLength(3);
    expect(await isVerified(email)).toBe(true);
  });

  it('leave only the newest when an older one is stored after the newer one was', async () => {
    // Two issuers at once, as their statements can interleave across processes: the newer row is stored
    // and cleans up first; the older row is stored (committed) only afterwards, then cleans up.
    const value = `email-verification:${randomUUID()}`;
    const row = (id: string, createdAt: Date) => ({
      id,
      identifier: `email-verification:${id}`,
      value,
      expiresAt: new Date(Date.now() + 60_000),
      createdAt,
      updatedAt: createdAt,
    });
    const db = app.database.db;
    await db.insert(verifications).values(row('newer', new Date('2026-11-24T10:00:00.002Z')));
    await deleteAllButNewestVerification(db, value);
    await db.insert(verifications).values(row('older', new Date('2026-11-24T10:00:00.001Z')));
    await deleteAllButNewestVerification(db, value);
    const left = await db.select().from(verifications).where(eq(verifications.value, value));
    expect(left.map((verification) => verification.id)).toEqual(['newer']);
  });

  it("do not touch the user's password reset link", async () => {
    const email = uniqueEmail();
    await signUp(app, email);
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    // Queued after the answer, and perhaps delivered before the verification email: found by subject.
    const resetMail = async () => {
      await app.jobs.drain();
      const mails = await app.database.db.select().from(devOutbox).where(eq(devOutbox.recipient, email));
      return mails.find((mail) => mail.subject === 'Reset your ClinicPay password');
    };
    await expect.poll(resetMail, { timeout: 15_000 }).toBeDefined();
    const reset = new URL(String((await resetMail())?.textBody.match(/https?:\/\/\S+/)?.[0]));
    expect(reset.pathname).toBe('/reset-password');
    await resend(email);
    const check = await app.inject({
      url: `/api/auth/reset-password?token=${reset.searchParams.get('token')}&userId=${reset.searchParams.get('userId')}`,
    });
    expect(check.statusCode).toBe(200);
  });
});
