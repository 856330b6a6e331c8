import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, helmetOptions, registerSecurityHeaders } from './security-headers.js';

/** The headers of a 200 and of a 404 from an app that sets its security headers with `register`. */
async function headersWith(register: (app: ReturnType<typeof Fastify>) => Promise<unknown>) {
  const app = Fastify();
  await register(app);
  app.get('/page', async () => ({ ok: true }));
  const found = await app.inject({ url: '/page' });
  const missing = await app.inject({ url: '/nowhere' });
  await app.close();
  const strip = (headers: Record<string, unknown>) => {
    const { date: _date, 'content-length': _length, ...rest } = headers;
    return rest;
  };
  return [strip(found.headers), strip(missing.headers)];
}

describe('security headers worked out once', () => {
  for (const provider of ['sandbox', 'stripe'] as const) {
    it(`are the headers @fastify/helmet sets on every answer, 404s included (${provider})`, async () => {
      const options = helmetOptions(provider, ['https://cdn.example.com']);
      const ours = await headersWith((app) => registerSecurityHeaders(app, options));
      const plugin = await headersWith((app) => app.register(fastifyHelmet, options));
      expect(ours).toEqual(plugin);
      expect(ours[1]?.['content-security-policy']).toContain("frame-ancestors 'none'");
    });
  }

  it('hold the CSP, the frame and sniffing refusals, and HSTS', async () => {
    const headers = await helmetHeaders(helmetOptions('sandbox'));
    expect(Object.keys(headers)).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'x-frame-options',
        'x-content-type-options',
        'strict-transport-security',
        'referrer-policy',
      ]),
    );
  });
});
