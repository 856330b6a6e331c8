import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { LazyChildLogger, lazyChildLoggerFactory, RequestLogging } from './request-logging.js';

/** A Fastify instance logging at info into an array, with one good route and one failing route. */
async function appLogging(logRequests: boolean) {
  const lines: { msg: string; level: number; reqId?: string; detail?: number; step?: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream },
    logController: new RequestLogging(logRequests),
    childLoggerFactory: lazyChildLoggerFactory,
  });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/logs', async (request) => {
    request.log.info({ detail: 1 }, 'from the handler');
    request.log.child({ step: 'inner' }).warn('from a child');
    return { level: request.log.level };
  });
  app.get('/quiet', { logLevel: 'warn' }, async (request) => {
    request.log.info('not written');
    request.log.warn('written');
    return { level: request.log.level };
  });
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

describe("a request's logger (LazyChildLogger)", () => {
  it("binds the request id and keeps a route's own level, as Fastify's own child logger", async () => {
    const { app, lines } = await appLogging(false);
    const answer = await app.inject({ url: '/logs' });
    expect(answer.json()).toEqual({ level: 'info' });
    const [handler, child] = lines;
    expect(handler).toMatchObject({ msg: 'from the handler', level: 30, detail: 1 });
    expect(child).toMatchObject({ msg: 'from a child', level: 40, step: 'inner' });
    expect(handler?.reqId).toMatch(/^req-/);
    expect(child?.reqId).toBe(handler?.reqId);

    lines.length = 0;
    expect((await app.inject({ url: '/quiet' })).json()).toEqual({ level: 'warn' });
    expect(lines.map((line) => line.msg)).toEqual(['written']);
    await app.close();
  });

  it('makes no pino child for a request that does not log', () => {
    let made = 0;
    const parent = pino({ level: 'silent' });
    const counting = Object.assign(Object.create(parent), {
      child: (...args: Parameters<typeof parent.child>) => {
        made += 1;
        return parent.child(...args);
      },
    });
    const logger = new LazyChildLogger(counting, { reqId: 'a' }, {});
    expect(made).toBe(0);
    logger.info('one');
    logger.warn('two');
    expect(logger.level).toBe('silent');
    expect(made).toBe(1);
  });
});
