/**
 * Links follow the address the browser is on when PUBLIC_URL is unset, for loopback hosts only
 * (decision 0066), and never follow a Host header when PUBLIC_URL is set (host-header injection).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkMailedTo, PASSWORD, signedInClinic, uniqueEmail } from '../../test/accounts.js';
import { createTestApp } from '../../test/test-app.js';
import { loadConfig } from '../config.js';
import { devOutbox } from '../db/schema/index.js';
import { allowedLinkOrigin, appOrigins, isLoopbackHostname } from './link-origin.js';

describe('isLoopbackHostname', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    'app.localhost',
    '127.0.0.1',
    '127.1.2.3',
    '[::1]',
    '::1',
    '[::ffff:127.0.0.1]',
  ])('%s is loopback', (host) => {
    expect(isLoopbackHostname(host)).toBe(true);
  });

  it.each([
    'example.com',
    'localhost.example.com',
    '127.0.0.1.example.com',
    '10.0.0.1',
    '192.168.1.20',
    '0.0.0.0',
    '[::]',
    '',
  ])('%s is not', (host) => {
    expect(isLoopbackHostname(host)).toBe(false);
  });
});

describe('allowedLinkOrigin', () => {
  const unset = loadConfig({ PORT: '3000' });
  const set = loadConfig({ PORT: '3000', PUBLIC_URL: 'https://pay.example.com/' });

  it('follows a loopback address when PUBLIC_URL is unset', () => {
    expect(allowedLinkOrigin('http://127.0.0.1:3000', unset)).toBe('http://127.0.0.1:3000');
    expect(allowedLinkOrigin('http://localhost:3000/reset-password?x=1', unset)).toBe(
      'http://localhost:3000',
    );
    expect(allowedLinkOrigin('http://127.2.3.4:3000', unset)).toBe('http://127.2.3.4:3000');
    expect(allowedLinkOrigin('http://[::1]:3000', unset)).toBe('http://[::1]:3000');
  });

  it.each([
    'http://evil.example',
    'http://evil.example:3000',
    'http://127.0.0.1.evil.example:3000',
    'http://127.0.0.1:4000',
    'http://localhost',
    'http://10.0.0.1:3000',
    'http://user:pass@127.0.0.1:3000',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'not a url',
    '',
    null,
  ])('falls back to http://localhost:PORT for %s', (candidate) => {
    expect(allowedLinkOrigin(candidate, unset)).toBe('http://localhost:3000');
  });

  it('is always PUBLIC_URL when it is set', () => {
    expect(set.publicUrlConfigured).toBe(true);
    for (const candidate of ['http://127.0.0.1:3000', 'http://localhost:3000', 'http://evil.example']) {
      expect(allowedLinkOrigin(candidate, set)).toBe('https://pay.example.com');
    }
  });

  it('gives better-auth PUBLIC_URL, or without it every loopback name on PORT, as trusted origins', () => {
    expect(appOrigins(set)).toEqual(['https://pay.example.com']);
    expect(appOrigins(unset)).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
  });
});

describe('links made while answering a request', () => {
  let app: FastifyInstance;
  let pinned: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ env: { PORT: '3000' } });
    pinned = await createTestApp({ env: { PORT: '3000', PUBLIC_URL: 'https://pay.example.com' } });
  });
  afterAll(async () => {
    await app.close();
    await pinned.close();
  });

  const signUpOn = (target: FastifyInstance, host: string, email: string) =>
    target.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { host },
      payload: {
        clinicName: 'Loopback Clinic',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        agreeTerms: true,
      },
    });
  /**
   * Asks for a reset email through `host` and returns its link, once sent. The reset email is queued
   * after the answer, and the queue may deliver it before an older email, so it is found by subject.
   */
  const resetLinkVia = async (target: FastifyInstance, host: string, email: string) => {
    await target.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { host },
      payload: { email },
    });
    const resetMail = async () => {
      await target.jobs.drain();
      const mails = await target.database.db.select().from(devOutbox).where(eq(devOutbox.recipient, email));
      return mails.find((mail) => mail.subject === 'Reset your ClinicPay password');
    };
    await expect.poll(resetMail, { timeout: 15_000 }).toBeDefined();
    return new URL(String((await resetMail())?.textBody.match(/https?:\/\/\S+/)?.[0]));
  };

  it('verification and reset emails point at the loopback address the request came to', async () => {
    const email = uniqueEmail();
    expect((await signUpOn(app, '127.0.0.1:3000', email)).statusCode).toBe(201);
    const verification = await linkMailedTo(app, email);
    expect(verification.origin).toBe('http://127.0.0.1:3000');
    expect(verification.pathname).toBe('/verify-email');

    const reset = await resetLinkVia(app, '127.0.0.1:3000', email);
    expect(reset.origin).toBe('http://127.0.0.1:3000');
    expect(reset.pathname).toBe('/reset-password');
  });

  it('a forged Host header never reaches an email', async () => {
    const email = uniqueEmail();
    await signUpOn(app, 'evil.example', email);
    expect((await linkMailedTo(app, email)).origin).toBe('http://localhost:3000');
    expect((await resetLinkVia(app, 'evil.example:3000', email)).origin).toBe('http://localhost:3000');

    const pinnedEmail = uniqueEmail();
    await signUpOn(pinned, '127.0.0.1:3000', pinnedEmail);
    expect((await linkMailedTo(pinned, pinnedEmail)).origin).toBe('https://pay.example.com');
    expect((await resetLinkVia(pinned, 'evil.example', pinnedEmail)).origin).toBe('https://pay.example.com');
  });

  it('sandbox onboarding opened on 127.0.0.1 runs on 127.0.0.1 and returns there', async () => {
    const { cookies } = await signedInClinic(app);
    const connect = await app.inject({
      method: 'POST',
      url: '/api/clinic/payment-provider/connect',
      headers: { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' },
      cookies,
    });
    expect(connect.statusCode).toBe(200);
    const onboarding = new URL(connect.json().url);
    expect(onboarding.origin).toBe('http://127.0.0.1:3000');
    expect(onboarding.searchParams.get('return_url')).toBe(
      'http://127.0.0.1:3000/auth/callback?type=stripe_connect',
    );
    expect(onboarding.searchParams.get('refresh_url')).toBe(
      'http://127.0.0.1:3000/dashboard/settings?tab=payments',
    );

    const page = await app.inject({
      url: onboarding.pathname + onboarding.search,
      headers: { host: '127.0.0.1:3000' },
    });
    expect(page.body).toContain('value="http://127.0.0.1:3000/auth/callback?type=stripe_connect"');
    const finished = await app.inject({
      method: 'POST',
      url: onboarding.pathname,
      headers: {
        host: '127.0.0.1:3000',
        origin: 'http://127.0.0.1:3000',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        outcome: 'complete',
        return_url: String(onboarding.searchParams.get('return_url')),
      }).toString(),
    });
    expect(finished.statusCode).toBe(303);
    expect(finished.headers.location).toBe('http://127.0.0.1:3000/auth/callback?type=stripe_connect');
  });

  it('onboarding asked for under a forged Host, or with PUBLIC_URL set, stays on PUBLIC_URL', async () => {
    for (const [target, host, origin] of [
      [app, 'evil.example', 'http://localhost:3000'],
      [pinned, '127.0.0.1:3000', 'https://pay.example.com'],
    ] as const) {
      const { cookies } = await signedInClinic(target);
      const connect = await target.inject({
        method: 'POST',
        url: '/api/clinic/payment-provider/connect',
        headers: { host },
        cookies,
      });
      const onboarding = new URL(connect.json().url);
      expect(onboarding.origin).toBe(origin);
      expect(onboarding.searchParams.get('return_url')).toBe(`${origin}/auth/callback?type=stripe_connect`);
    }
  });

  it('the onboarding page sends nobody to a site that is not ours', async () => {
    const { cookies } = await signedInClinic(app);
    const onboarding = new URL(
      (await app.inject({ method: 'POST', url: '/api/clinic/payment-provider/connect', cookies })).json().url,
    );
    const finished = await app.inject({
      method: 'POST',
      url: onboarding.pathname,
      headers: { host: '127.0.0.1:3000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ outcome: 'later', return_url: 'http://evil.example/' }).toString(),
    });
    expect(finished.headers.location).toBe('http://127.0.0.1:3000/dashboard/settings?tab=payments');
  });
});
