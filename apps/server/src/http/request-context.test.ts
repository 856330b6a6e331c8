/**
 * The per-request store of the client's address (decision 0124): kept across the body being read, the
 * hooks and the handler's awaits, and not kept on a route that says it reads none (decision 0126).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentClientAddress, registerRequestContext } from './request-context.js';

describe('the request context', () => {
  const app = Fastify();
  const seen: Record<string, string | null> = {};

  beforeAll(async () => {
    await registerRequestContext(app);
    app.addHook('preHandler', async (request) => {
      seen[`${request.url} preHandler`] = currentClientAddress();
    });
    app.post('/kept', async () => {
      await nextTurn();
      return { address: currentClientAddress() };
    });
    app.get('/none', { config: { requestContext: false } }, async () => ({
      address: currentClientAddress(),
    }));
    await app.ready();
  });
  afterAll(() => app.close());

  it("keeps the client's address through the body, the hooks and the handler's awaits", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/kept',
      payload: { some: 'body' },
      remoteAddress: '198.51.100.7',
    });
    expect(response.json()).toEqual({ address: '198.51.100.7' });
    expect(seen['/kept preHandler']).toBe('198.51.100.7');
  });

  it('keeps none on a route whose config says requestContext: false', async () => {
    const response = await app.inject({ url: '/none', remoteAddress: '198.51.100.8' });
    expect(response.json()).toEqual({ address: null });
    expect(seen['/none preHandler']).toBeNull();
  });

  it('keeps each request its own address when they run at once', async () => {
    const addresses = ['198.51.100.1', '198.51.100.2', '198.51.100.3'];
    const answers = await Promise.all(
      addresses.map((remoteAddress) =>
        app.inject({ method: 'POST', url: '/kept', payload: {}, remoteAddress }),
      ),
    );
    expect(answers.map((answer) => answer.json().address)).toEqual(addresses);
  });
});
