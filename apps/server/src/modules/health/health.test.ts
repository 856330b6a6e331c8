import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { openTestDatabase } from '../../../test/test-database.js';

describe('health checks', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('answers /healthz and /readyz when the database is migrated', async () => {
    const app = await createTestApp();
    close = () => app.close();
    const healthy = await app.inject({ url: '/healthz' });
    expect(healthy.json()).toEqual({ status: 'ok' });
    expect(healthy.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(healthy.headers['content-security-policy']).toBeDefined();
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz with 503 while migrations are missing, and 200 once applied', async () => {
    const database = await openTestDatabase({ migrate: false });
    const app = await createTestApp({ database });
    close = () => app.close();
    const before = await app.inject({ url: '/readyz' });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ status: 'unavailable' });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);

    await database.migrate();
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
