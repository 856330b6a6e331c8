import { RATE_LIMITED_MESSAGE } from '@clinicpay/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';

describe('the API-wide limit per address (decisions 0021, 0140)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => app.close());

  const details = (remoteAddress: string, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({ method, url: '/api/contact/details', remoteAddress });

  it('lets an address make the limit in a minute, telling it what is left, then refuses with RATE_LIMITED', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 4; attempt++) answers.push(await details('203.0.113.10'));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers.map((answer) => answer.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
    for (const answer of answers) {
      expect(answer.headers['x-ratelimit-limit']).toBe('3');
      const reset = Number(answer.headers['x-ratelimit-reset']);
      expect(reset).toBeGreaterThan(55);
      expect(reset).toBeLessThanOrEqual(60);
    }
    const refused = answers[3];
    expect(refused?.json()).toEqual({ code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE });
    expect(refused?.headers['retry-after']).toBe(refused?.headers['x-ratelimit-reset']);
    expect(answers[0]?.headers['retry-after']).toBeUndefined();
    // Still an API answer: no browser or proxy keeps it.
    expect(refused?.headers['cache-control']).toBe('no-store');
  });

  it('counts each address on its own, and an IPv6 address by its /64 as the plugin does', async () => {
    expect((await details('203.0.113.11')).statusCode).toBe(200);
    const sameNetwork = ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::3', '2001:db8:1:2::4'];
    const statuses = [];
    for (const address of sameNetwork) statuses.push((await details(address)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await details('2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('counts a HEAD request once, as its GET', async () => {
    const head = await details('203.0.113.12', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['x-ratelimit-remaining']).toBe('2');
    expect((await details('203.0.113.12')).headers['x-ratelimit-remaining']).toBe('1');
  });

  it('leaves routes with a limit of their own to it, and routes that opt out uncounted', async () => {
    const address = '203.0.113.13';
    for (let attempt = 0; attempt < 3; attempt++) await details(address);
    expect((await details(address)).statusCode).toBe(429);
    // The contact form keeps its own 5 a minute per address, not the API-wide count.
    const message = { name: 'Ada', email: 'ada@example.co.uk', subject: 'Hello', message: 'A question' };
    const contact = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: message,
      remoteAddress: address,
    });
    expect(contact.statusCode).toBe(201);
    // Provider webhooks are never limited (their signature is what is checked).
    const webhook = await app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload: {},
      remoteAddress: address,
    });
    expect(webhook.statusCode).not.toBe(429);
    expect(webhook.headers['x-ratelimit-limit']).toBeUndefined();
  });
});
