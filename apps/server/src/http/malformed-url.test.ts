/**
 * A path Fastify's router cannot read (a broken %-escape) or a path parameter over its length limit
 * addresses nothing: 404 'Not found' in the app's own error shape, with the headers of every API
 * answer. Before, Fastify wrote its own body (echoing the URL, with its internal error code) past
 * every hook, so the answer had no Cache-Control: no-store (decision 0068; found by the fuzz test).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClinic } from '../../test/accounts.js';
import { createTestApp } from '../../test/test-app.js';

describe('a URL the router cannot read', () => {
  let app: FastifyInstance;
  let cookies: Record<string, string>;
  beforeAll(async () => {
    app = await createTestApp();
    cookies = (await signedInClinic(app)).cookies;
  });
  afterAll(() => app.close());

  it.each([
    ['a broken %-escape', 'GET', '/api/payment-links/%zz'],
    ['a cut-off %-escape in a write', 'POST', '/api/admin/clinics/%E0%A4%A/disconnect'],
    ['a lone %', 'GET', '/api/public/payments/%'],
    ['an id longer than any route takes', 'GET', `/api/payments/${'a'.repeat(200)}`],
    ['an overlong id in a write', 'PATCH', `/api/payment-links/${'a'.repeat(200)}`],
  ] as const)('with %s is a 404 in the API error shape, not cached', async (_case, method, url) => {
    const response = await app.inject({ method, url, cookies });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-request-id']).toEqual(expect.any(String));
  });
});
