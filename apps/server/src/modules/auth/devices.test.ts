/**
 * A user's signed-in devices (decision 0123): listed with the browser, the address and when each was
 * last used, the one in use marked; one signed out, or every other one, and never another user's.
 */
import { SESSION_MESSAGES } from '@clinicpay/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, sessionCookieOf, signedInClinic } from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { deviceName } from './devices.js';

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('deviceName', () => {
  it('names the browser, its major version and the system', () => {
    expect(deviceName(FIREFOX_ON_WINDOWS)).toBe('Firefox 133 on Windows');
    expect(deviceName(SAFARI_ON_IPHONE)).toBe('Safari 18 on iOS');
    expect(deviceName(null)).toBe('Unknown browser');
    expect(deviceName('curl-ish')).toBe('Unknown browser');
  });
});

describe('the signed-in devices', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const signInFrom = async (email: string, userAgent: string, remoteAddress: string) =>
    sessionCookieOf(
      await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { 'user-agent': userAgent },
        remoteAddress,
        payload: { email, password: PASSWORD },
      }),
    );
  const devices = async (cookies: Record<string, string>) =>
    (await app.inject({ url: '/api/auth/sessions', cookies })).json().sessions as {
      id: string;
      device: string;
      ipAddress: string;
      current: boolean;
    }[];

  it('lists each device with its browser and address, the one in use marked', async () => {
    const clinic = await signedInClinic(app);
    const laptop = await signInFrom(clinic.email, FIREFOX_ON_WINDOWS, '203.0.113.7');
    await signInFrom(clinic.email, SAFARI_ON_IPHONE, '198.51.100.20');
    const list = await devices(laptop);
    expect(list).toHaveLength(3);
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          device: 'Firefox 133 on Windows',
          ipAddress: '203.0.113.7',
          current: true,
        }),
        expect.objectContaining({ device: 'Safari 18 on iOS', ipAddress: '198.51.100.20', current: false }),
      ]),
    );
    expect(list.filter((session) => session.current)).toHaveLength(1);
  });

  it('signs out one device, then every other, keeping the one in use', async () => {
    const clinic = await signedInClinic(app);
    const laptop = await signInFrom(clinic.email, FIREFOX_ON_WINDOWS, '203.0.113.7');
    const phone = await signInFrom(clinic.email, SAFARI_ON_IPHONE, '198.51.100.20');
    const phoneId = (await devices(laptop)).find((session) => session.device.startsWith('Safari'))?.id;
    const out = await app.inject({
      method: 'POST',
      url: `/api/auth/sessions/${phoneId}/sign-out`,
      cookies: laptop,
    });
    expect(out.json()).toEqual({ message: SESSION_MESSAGES.signedOut });
    expect((await app.inject({ url: '/api/payments', cookies: phone })).statusCode).toBe(401);

    const others = await app.inject({
      method: 'POST',
      url: '/api/auth/sessions/sign-out-others',
      cookies: laptop,
    });
    expect(others.json()).toEqual({ message: SESSION_MESSAGES.othersSignedOut });
    expect((await app.inject({ url: '/api/payments', cookies: clinic.cookies })).statusCode).toBe(401);
    expect((await devices(laptop)).map((session) => session.current)).toEqual([true]);
  });

  it("cannot sign out another user's device", async () => {
    const mine = await signedInClinic(app);
    const theirs = await signedInClinic(app);
    const theirId = (await devices(theirs.cookies))[0]?.id;
    const refused = await app.inject({
      method: 'POST',
      url: `/api/auth/sessions/${theirId}/sign-out`,
      cookies: mine.cookies,
    });
    expect(refused.statusCode).toBe(404);
    expect((await app.inject({ url: '/api/payments', cookies: theirs.cookies })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/sessions' })).statusCode).toBe(401);
  });
});
