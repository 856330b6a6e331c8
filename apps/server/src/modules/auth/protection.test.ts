/**
 * Account protection at sign-in (decision 0124): failed sign-ins counted per account whatever the
 * address and the process; after 5 in a row every sign-in, right password or wrong, gets the same
 * answer and the account is emailed a single-use link, after which the owner signs in as before. A
 * sign-in from a new device emails the account; each sign-in and failure is in the audit trail.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, linkMailedTo, PASSWORD, signedInClinic, uniqueEmail } from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { createTestProcesses } from '../../../test/test-processes.js';
import { auditLog, devOutbox } from '../../db/schema/index.js';
import { FAILED_SIGN_IN_LIMIT, PROTECTION_MESSAGES } from './protection.js';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const signInFrom = (
  app: FastifyInstance,
  email: string,
  password: string,
  address: string,
  userAgent = FIREFOX,
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { 'x-forwarded-for': address, 'user-agent': userAgent },
    payload: { email, password },
  });

const mailsTo = async (app: FastifyInstance, to: string, subject: string) => {
  await app.jobs.drain();
  return (await app.database.db.select().from(devOutbox).where(eq(devOutbox.recipient, to))).filter(
    (row) => row.subject === subject,
  );
};

describe('failed sign-ins, per account, across addresses and processes', () => {
  it('holds across 25 addresses and two processes, and the owner still signs in through the emailed link', async () => {
    const processes = await createTestProcesses(2, { env: { TRUST_PROXY: 'true' } });
    const [first, second] = processes.apps as [FastifyInstance, FastifyInstance];
    const clinic = await signedInClinic(first);

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 25; attempt++) {
      const app = attempt % 2 ? second : first;
      statuses.push(
        (await signInFrom(app, clinic.email, `guess ${attempt}`, `203.0.113.${attempt + 1}`)).statusCode,
      );
    }
    // Five reach the password check; the other twenty are turned away, whatever the address.
    expect(statuses.slice(0, FAILED_SIGN_IN_LIMIT)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(FAILED_SIGN_IN_LIMIT).every((status) => status === 403)).toBe(true);
    const failures = await first.database.db
      .select({ ipAddress: auditLog.ipAddress })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, clinic.user.id), eq(auditLog.action, 'account.sign_in_failed')));
    expect(failures.map((row) => row.ipAddress)).toEqual(
      expect.arrayContaining(['203.0.113.1', '203.0.113.2', '203.0.113.5']),
    );

    // The right password gets the same answer as a wrong one: guessing on tells nothing.
    const right = await signInFrom(second, clinic.email, PASSWORD, '198.51.100.7');
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({
      code: 'SIGN_IN_LINK_REQUIRED',
      message: PROTECTION_MESSAGES.linkSent,
    });
    // One email, however many tries.
    expect(await mailsTo(first, clinic.email, 'Continue signing in to ClinicPay')).toHaveLength(1);

    const link = await linkMailedTo(first, clinic.email, 'Continue signing in to ClinicPay');
    expect(link.pathname).toBe('/sign-in/continue');
    const token = link.searchParams.get('token');
    const opened = await second.inject({
      method: 'POST',
      url: '/api/auth/sign-in/continue',
      payload: { token },
    });
    expect(opened.json()).toEqual({ message: PROTECTION_MESSAGES.unlocked });
    expect((await signInFrom(first, clinic.email, PASSWORD, '198.51.100.7')).statusCode).toBe(200);
    const reused = await first.inject({
      method: 'POST',
      url: '/api/auth/sign-in/continue',
      payload: { token },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(PROTECTION_MESSAGES.linkInvalid);
    await processes.close();
  });
});

describe('sign-ins in the audit trail, and new devices', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => app.close());

  it('records each sign-in with its device and address, and a failure of an existing account only', async () => {
    const clinic = await signedInClinic(app);
    await signInFrom(app, clinic.email, 'wrong', '203.0.113.9');
    expect((await signInFrom(app, uniqueEmail(), 'wrong', '203.0.113.9')).statusCode).toBe(401);
    await signInFrom(app, clinic.email, PASSWORD, '203.0.113.9');
    const entries = await app.database.db
      .select({
        action: auditLog.action,
        ipAddress: auditLog.ipAddress,
        details: auditLog.details,
        clinicId: auditLog.clinicId,
      })
      .from(auditLog)
      .where(eq(auditLog.entityId, clinic.user.id));
    expect(entries).toEqual(
      expect.arrayContaining([
        {
          action: 'account.sign_in_failed',
          ipAddress: '203.0.113.9',
          details: {},
          clinicId: clinic.user.clinicId,
        },
        {
          action: 'account.signed_in',
          ipAddress: '203.0.113.9',
          details: { device: 'Firefox 133 on Windows' },
          clinicId: clinic.user.clinicId,
        },
      ]),
    );
  });

  it('emails the account about a sign-in from a device it has not used, once', async () => {
    const email = uniqueEmail();
    await signedInClinic(app, email);
    const subject = 'New sign-in to your ClinicPay account';
    await signInFrom(app, email, PASSWORD, '203.0.113.10', FIREFOX);
    expect(await mailsTo(app, email, subject)).toHaveLength(1);
    const notice = await lastMailTo(app, email, subject);
    expect(notice?.textBody).toContain('Firefox 133 on Windows');
    expect(notice?.textBody).toContain('203.0.113.10');
    await signInFrom(app, email, PASSWORD, '203.0.113.11', FIREFOX);
    await signInFrom(app, email, PASSWORD, '198.51.100.1', SAFARI);
    const notices = await mailsTo(app, email, subject);
    expect(notices).toHaveLength(2);
  });
});
