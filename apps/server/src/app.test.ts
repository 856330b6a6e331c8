import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';
import { openTestDatabase } from '../test/test-database.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { CROSS_SITE_MESSAGE } from './http/origin-check.js';

describe('the HTTP shell', () => {
  let app: FastifyInstance;
  let webDistDir: string;

  beforeAll(async () => {
    webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinicpay-web-'));
    fs.writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>ClinicPay</title>');
    fs.mkdirSync(path.join(webDistDir, 'assets'));
    fs.writeFileSync(path.join(webDistDir, 'assets', 'app-abc123.js'), 'export {}');
    app = await createTestApp({ webDistDir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDistDir, { recursive: true, force: true });
  });

  it('answers an unknown API path with 404 JSON', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('answers a malformed JSON body with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'The request body is not valid JSON' });
  });

  it('answers an over-large body with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses form encodings so a cross-site form cannot post', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': contentType },
        payload: 'name=a',
      });
      expect(response.statusCode).toBe(415);
    }
  });

  it('refuses a mutating request from another origin', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'https://evil.example' },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(CROSS_SITE_MESSAGE);
  });

  it('answers the origin check on a route whose own 403 has another shape, not with a 500', async () => {
    // /api/auth/sign-in declares a 403 body for unverified accounts; the error reply must not go through it.
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'someone@example.com', password: 'whatever-password' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'FORBIDDEN', message: CROSS_SITE_MESSAGE });
  });

  it('tells browsers and proxies to keep no API answer, success or error', async () => {
    for (const url of ['/api/platform-settings/fee', '/api/payments', '/api/no-such-route']) {
      const response = await app.inject({ url });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('gives every response a request id and a strict Content-Security-Policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Browsers send 'Origin: null' on form posts under no-referrer; the origin check needs the real one.
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('gives API answers the security headers of an API, and pages those of a page', async () => {
    const apiAnswers = [
      await app.inject({ url: '/api/platform-settings/fee' }),
      await app.inject({ url: '/api/public/payments/00000000-0000-4000-8000-000000000000' }),
      await app.inject({ url: '/api/no-such-route' }),
    ];
    expect(apiAnswers.map((response) => response.statusCode)).toEqual([200, 404, 404]);
    for (const { headers } of apiAnswers) {
      expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      for (const documentOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection']) {
        expect(headers[documentOnly]).toBeUndefined();
      }
    }
    // The API's docs page and the web app's pages are documents: helmet's whole set.
    for (const url of ['/api/docs/', '/', '/assets/app-abc123.js']) {
      const { headers } = await app.inject({ url });
      expect(String(headers['content-security-policy']), url).toContain("script-src 'self'");
      expect(headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it("names Stripe's hosts in the CSP only when the Stripe gateway is on", async () => {
    const sandboxCsp = String((await app.inject({ url: '/healthz' })).headers['content-security-policy']);
    expect(sandboxCsp).not.toContain('stripe.com');
    const { PRODUCTION_ENV } = await import('../test/test-app.js');
    const withStripe = await createTestApp({ env: PRODUCTION_ENV });
    const csp = String((await withStripe.inject({ url: '/healthz' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('https://hooks.stripe.com');
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    await withStripe.close();
  });

  it('keeps a caller-supplied request id', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(response.headers['x-request-id']).toBe('abc-123');
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const ui = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBeLessThan(400);
    const document = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.json().paths).toHaveProperty('/api/contact');
    expect(document.json().paths).toHaveProperty('/api/platform-settings/fee');
  });

  it('falls back to the web app for page routes', async () => {
    const response = await app.inject({ method: 'GET', url: '/fees', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>ClinicPay</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets and 404s a missing one', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await app.inject({ method: 'GET', url: '/assets/gone.js' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the error handler', () => {
  it('masks an unexpected error as a 500 without its detail', async () => {
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database: await openTestDatabase(),
    });
    app.get('/boom', async () => {
      throw new Error('secret database password in message');
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'INTERNAL', message: 'An unexpected error occurred.' });
    await app.close();
  });
});

describe('protected routes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('check the session before the body, so a signed-out caller is told 401 whatever it sent', async () => {
    const garbage = { amount: 'not pence', email: 42 };
    const routes: [method: 'POST' | 'PUT' | 'PATCH', url: string][] = [
      ['POST', '/api/payment-links'],
      ['POST', '/api/payment-requests'],
      ['POST', '/api/payments/00000000-0000-4000-8000-000000000000/refunds'],
      ['PUT', '/api/admin/system-settings/webhooks'],
      ['POST', '/api/auth/change-password'],
      ['PATCH', '/api/clinic'],
    ];
    for (const [method, url] of routes) {
      const response = await app.inject({ method, url, payload: garbage });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
