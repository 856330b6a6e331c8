import { RATE_LIMITED_MESSAGE } from '@clinicpay/shared';
import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  linkMailedTo,
  PASSWORD,
  SESSION_COOKIE,
  signedInAdmin,
  signedInClinic,
  signIn,
  signUp,
  uniqueEmail,
} from '../../../test/accounts.js';
import { createTestApp, PRODUCTION_ENV } from '../../../test/test-app.js';
import { openTestDatabase } from '../../../test/test-database.js';
import { createTestProcesses } from '../../../test/test-processes.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { rateLimits, sessions } from '../../db/schema/index.js';

/** Opens the link emailed after too many failed sign-ins (decision 0124). */
async function openSignInLink(app: FastifyInstance, email: string) {
  const token = (await linkMailedTo(app, email, 'Continue signing in to ClinicPay')).searchParams.get(
    'token',
  );
  const opened = await app.inject({ method: 'POST', url: '/api/auth/sign-in/continue', payload: { token } });
  expect(opened.statusCode).toBe(200);
}

describe('sign-in, sessions and sign-out', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const session = (cookies: Record<string, string>) => app.inject({ url: '/api/auth/session', cookies });

  it('signs a clinic user in with an httpOnly, SameSite=Lax session cookie', async () => {
    const { email, cookies, user } = await signedInClinic(app);
    expect(user).toMatchObject({ email, role: 'clinic' });
    expect(user.clinicId).toMatch(/^[0-9a-f-]{36}$/);
    const response = await signIn(app, email);
    const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect((await session(cookies)).json().user).toMatchObject({ email, role: 'clinic' });
  });

  it('gives each sign-in a new session', async () => {
    const { email, cookies } = await signedInClinic(app);
    const again = await signIn(app, email);
    const second = again.cookies.find((candidate) => candidate.name === SESSION_COOKIE)?.value;
    expect(second).toBeDefined();
    expect(second).not.toBe(cookies[SESSION_COOKIE]);
  });

  it('answers wrong credentials with one message that names neither part', async () => {
    const { email } = await signedInClinic(app);
    const wrongPassword = await signIn(app, email, 'not the password');
    const unknownEmail = await signIn(app, uniqueEmail(), PASSWORD);
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password',
      });
    }
    const empty = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: '', password: '' },
    });
    expect(empty.json().fieldErrors).toEqual({
      email: 'Please fill in all fields',
      password: 'Please fill in all fields',
    });
  });

  it("logs better-auth's own warnings through the app's logger, never to the console", async () => {
    const lines: string[] = [];
    const consoleWarn = vi.spyOn(console, 'warn');
    const consoleLog = vi.spyOn(console, 'log');
    const logged = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' }),
      database: await openTestDatabase(),
      logStream: { write: (line) => lines.push(line) },
    });
    await logged.ready();
    try {
      const { email } = await signedInClinic(logged);
      expect((await signIn(logged, email, 'not the password')).statusCode).toBe(401);
      const warnings = lines.map((line) => JSON.parse(line)).filter((line) => line.source === 'better-auth');
      expect(warnings).toEqual([expect.objectContaining({ level: 40, msg: 'Invalid password' })]);
      expect(consoleWarn).not.toHaveBeenCalled();
      expect(consoleLog).not.toHaveBeenCalled();
    } finally {
      consoleWarn.mockRestore();
      consoleLog.mockRestore();
      await logged.close();
    }
  });

  it('revokes the session on the server at sign-out', async () => {
    const { cookies } = await signedInClinic(app);
    const out = await app.inject({ method: 'POST', url: '/api/auth/sign-out', cookies });
    expect(out.json()).toEqual({ message: 'Signed out successfully' });
    expect((await session(cookies)).json()).toEqual({ user: null });
    expect((await app.inject({ url: '/api/clinic', cookies })).statusCode).toBe(401);
  });

  it('ends a session after its absolute lifetime however active it is', async () => {
    const { cookies, user } = await signedInClinic(app);
    await app.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await session(cookies)).json()).toEqual({ user: null });
    expect(await app.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('signs an admin in with role admin', async () => {
    const { user } = await signedInAdmin(app);
    expect(user).toMatchObject({ role: 'admin', clinicId: null });
  });
});

describe('sessions in production', () => {
  it('marks the session cookie Secure', async () => {
    const app = await createTestApp({
      env: PRODUCTION_ENV,
    });
    const { createAdmin } = await import('./service.js');
    const email = uniqueEmail('admin');
    await createAdmin(app.database.db, email, PASSWORD);
    const response = await signIn(app, email);
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((candidate) => candidate.name.endsWith(SESSION_COOKIE));
    expect(cookie).toMatchObject({
      name: `__Secure-${SESSION_COOKIE}`,
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    });
    await app.close();
  });
});

describe('who may call what', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('keeps clinic routes to signed-in clinic users', async () => {
    const clinic = await signedInClinic(app);
    const admin = await signedInAdmin(app);
    expect((await app.inject({ url: '/api/clinic' })).statusCode).toBe(401);
    const asAdmin = await app.inject({ url: '/api/clinic', cookies: admin.cookies });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().message).toBe('This page is for clinic accounts only');
    expect((await app.inject({ url: '/api/clinic', cookies: clinic.cookies })).statusCode).toBe(200);
  });

  it('refuses a forged or unknown session cookie', async () => {
    const response = await app.inject({ url: '/api/clinic', cookies: { [SESSION_COOKIE]: 'forged.value' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('answers the 21st rapid sign-in attempt with 429', async () => {
    const app = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '20' } });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      statuses.push((await signIn(app, uniqueEmail(), 'wrong password')).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    const limited = await signIn(app, uniqueEmail(), 'wrong password');
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE });
    await app.close();
  });

  const signInFrom = (app: FastifyInstance, address: string, email: string, password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'x-forwarded-for': address },
      payload: { email, password },
    });

  it('lets no one lock a clinic out: after failures from one address, the emailed link lets the right password in from another', async () => {
    const app = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '20', TRUST_PROXY: 'true' } });
    const { email } = await signedInClinic(app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      statuses.push((await signInFrom(app, '203.0.113.66', email, 'wrong password')).statusCode);
    }
    // Five reach the password check; then the account needs its emailed link (decision 0124); the
    // address's own limit still ends at 20.
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[19]).toBe(403);
    expect(statuses[20]).toBe(429);
    const locked = await signInFrom(app, '203.0.113.66', email, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE });
    expect((await signInFrom(app, '198.51.100.7', email, PASSWORD)).statusCode).toBe(403);
    await openSignInLink(app, email);
    expect((await signInFrom(app, '198.51.100.7', email, PASSWORD)).statusCode).toBe(200);
    await app.close();
  });

  it('keeps the account limit per address for longer than the address limit: 15 minutes', async () => {
    const app = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '20', TRUST_PROXY: 'true' } });
    const email = uniqueEmail();
    await signInFrom(app, '203.0.113.67', email, 'wrong password');
    const counters = await app.database.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `limiter|sign-in:%${email}`));
    expect(counters).toHaveLength(1);
    expect(counters[0]?.key).toBe(`limiter|sign-in:203.0.113.67|${email}`);
    const minutesLeft = ((counters[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(14);
    expect(minutesLeft).toBeLessThanOrEqual(15);
    await app.close();
  });

  it('allows one address 20 wrong sign-ins a minute in all, however many processes it reaches', async () => {
    const processes = await createTestProcesses(2, { env: { AUTH_RATE_LIMIT_PER_MINUTE: '20' } });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 40; attempt++) {
      const app = processes.apps[attempt % 2];
      if (app) statuses.push((await signIn(app, uniqueEmail(), 'wrong password')).statusCode);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
    await processes.close();
  });

  it('keeps the lockout per address across processes, so another address still signs in', async () => {
    const processes = await createTestProcesses(2, {
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '20', TRUST_PROXY: 'true' },
    });
    const [first, second] = processes.apps;
    if (!first || !second) throw new Error('two processes expected');
    const { email } = await signedInClinic(first);
    for (let attempt = 0; attempt < 20; attempt++) {
      await signInFrom(attempt % 2 ? second : first, '203.0.113.68', email, 'wrong password');
    }
    expect((await signInFrom(first, '203.0.113.68', email, PASSWORD)).statusCode).toBe(429);
    expect((await signInFrom(second, '203.0.113.68', email, PASSWORD)).statusCode).toBe(429);
    await openSignInLink(first, email);
    expect((await signInFrom(second, '198.51.100.8', email, PASSWORD)).statusCode).toBe(200);
    await processes.close();
  });

  it('limits sign-ups, reset requests and resends per address', async () => {
    const app = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '20' } });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++)
      statuses.push((await signUp(app, uniqueEmail())).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    await app.close();
  });
});
