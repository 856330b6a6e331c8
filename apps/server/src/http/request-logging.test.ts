import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLogging } from './request-logging.js';

/** A Fastify instance logging at info into an array, with one good route and one failing route. */
async function appLogging(logRequests: boolean) {
  const lines: { msg: string; level: number }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, logController: new RequestLogging(logRequests) });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/broken', async () => {
    throw new Error('the disk is on fire');
  });
  await app.ready();
  return { app, lines };
}

describe("Fastify's per-request log lines (decision 0074)", () => {
  it('are not written by default, while a failed request is still logged', async () => {
    const { app, lines } = await appLogging(false);
    expect((await app.inject({ url: '/ok' })).statusCode).toBe(200);
    expect(lines.map((line) => line.msg)).toEqual([]);
    expect((await app.inject({ url: '/broken' })).statusCode).toBe(500);
    expect(
      lines.some((line) => line.level >= 50 && JSON.stringify(line).includes('the disk is on fire')),
    ).toBe(true);
    await app.close();
  });

  it('are written for every request with LOG_REQUESTS=true', async () => {
    const { app, lines } = await appLogging(true);
    await app.inject({ url: '/ok' });
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    await app.close();
  });
});
