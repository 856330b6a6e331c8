import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClinic } from '../../test/accounts.js';
import { openTestDatabase } from '../../test/test-database.js';
import { createTestProcesses, type TestProcesses } from '../../test/test-processes.js';
import type { Database } from '../db/client.js';
import { rateLimits } from '../db/schema/index.js';
import {
  incrementRateLimit,
  rateLimitCounter,
  readRateLimit,
  sharedRateLimitStore,
  sweepExpiredRateLimits,
} from './rate-limit-store.js';

describe('the shared rate-limit store', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });

  /** Moves a counter's window end into the past, as if its time had run out (no waiting). */
  const endWindow = (key: string) =>
    database.db
      .update(rateLimits)
      .set({ expiresAt: sql`now() - interval '1 millisecond'` })
      .where(eq(rateLimits.key, key));
  afterAll(() => database.close());

  /** The database, each run of the prepared counting statement noting the requests it adds. */
  const countingStatements = (statements: number[]) => {
    const { session } = database.db._;
    const countingSession = new Proxy(session, {
      get(target, property, receiver) {
        if (property !== 'prepareQuery') return Reflect.get(target, property, receiver);
        return (...args: Parameters<typeof session.prepareQuery>) => {
          const prepared = session.prepareQuery(...args);
          return {
            execute: (values: { requests: number[] }) => {
              statements.push(values.requests.reduce((sum, requests) => sum + requests, 0));
              return prepared.execute(values);
            },
          };
        };
      },
    });
    return new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === '_') return { ...target._, session: countingSession };
        return Reflect.get(target, property, receiver);
      },
    });
  };

  it('counts each of many concurrent requests once', async () => {
    const counts = await Promise.all(
      Array.from({ length: 30 }, () => incrementRateLimit(database.db, 'concurrent', 60_000)),
    );
    expect(counts.map((counter) => counter.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, index) => index + 1),
    );
    for (const { ttl } of counts) expect(ttl).toBeGreaterThan(55_000);
    expect((await readRateLimit(database.db, 'concurrent')).current).toBe(30);
  });

  it('keeps the window its first request set, and starts a new one after it ends', async () => {
    await incrementRateLimit(database.db, 'window', 300);
    const second = await incrementRateLimit(database.db, 'window', 300);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeLessThanOrEqual(300);
    await endWindow('window');
    expect(await readRateLimit(database.db, 'window')).toEqual({ current: 0, ttl: 0 });
    expect((await incrementRateLimit(database.db, 'window', 300)).current).toBe(1);
  });

  it('deletes only the counters whose window has ended', async () => {
    await incrementRateLimit(database.db, 'ends-soon', 1);
    await incrementRateLimit(database.db, 'lasts', 60_000);
    await endWindow('ends-soon');
    expect(await sweepExpiredRateLimits(database.db)).toBeGreaterThanOrEqual(1);
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).toContain('lasts');
    expect(keys).not.toContain('ends-soon');
  });

  it('keeps overlong keys, and keys PostgreSQL cannot store, apart as their hash', async () => {
    const long = 'k'.repeat(5000);
    expect((await incrementRateLimit(database.db, long, 60_000)).current).toBe(1);
    expect((await incrementRateLimit(database.db, `${long}x`, 60_000)).current).toBe(1);
    expect((await incrementRateLimit(database.db, 'nul\u0000key', 60_000)).current).toBe(1);
    expect((await incrementRateLimit(database.db, 'nul\u0000key', 60_000)).current).toBe(2);
  });

  it("gives the API-wide limit, each route's limit and createRateLimit's limiters their own counters", async () => {
    const Store = sharedRateLimitStore({ db: database.db });
    const root = new Store({});
    const route = root.child({ routeInfo: { method: 'POST', url: '/api/contact' } } as never);
    const limiter = root.child({ routeInfo: {} } as never);
    const incr = (store: typeof root) =>
      new Promise<number>((resolve, reject) =>
        store.incr(
          '203.0.113.7',
          (error, result) => (error ? reject(error) : resolve(result?.current ?? 0)),
          60_000,
          5,
        ),
      );
    expect([await incr(root), await incr(route), await incr(route), await incr(limiter)]).toEqual([
      1, 1, 2, 1,
    ]);
    const keys = await database.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(sql`${rateLimits.key} like '%203.0.113.7'`);
    expect(keys.map((row) => row.key).sort()).toEqual([
      'api|203.0.113.7',
      'limiter|203.0.113.7',
      'route:POST /api/contact|203.0.113.7',
    ]);
  });

  it('counts concurrent requests in few statements, each with its own count (decision 0075)', async () => {
    const statements: string[] = [];
    // The database as the store sees it, with each run of its prepared counting statement noted.
    const { session } = database.db._;
    const countingSession = new Proxy(session, {
      get(target, property, receiver) {
        if (property !== 'prepareQuery') return Reflect.get(target, property, receiver);
        return (...args: Parameters<typeof session.prepareQuery>) => {
          const prepared = session.prepareQuery(...args);
          return {
            execute: (values: Record<string, unknown>) => {
              statements.push('insert');
              return prepared.execute(values);
            },
          };
        };
      },
    });
    const counting = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === '_') return { ...target._, session: countingSession };
        return Reflect.get(target, property, receiver);
      },
    });
    const count = rateLimitCounter(counting);
    const keys = ['batch-a', 'batch-b', 'batch-c'];
    const counters = await Promise.all(
      Array.from({ length: 90 }, (_, index) =>
        count(keys[index % 3] as string, 60_000).then((counter) => ({ key: keys[index % 3], ...counter })),
      ),
    );
    for (const key of keys) {
      const mine = counters.filter((counter) => counter.key === key).map((counter) => counter.current);
      expect(mine.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
      expect((await readRateLimit(database.db, key)).current).toBe(30);
    }
    for (const { ttl } of counters) expect(ttl).toBeGreaterThan(55_000);
    // The first request goes alone; the 89 that came while it ran go together.
    expect(statements).toHaveLength(2);
  });

  it('counts a key far from its limit a little ahead, handing out the rest without statements (decision 0126)', async () => {
    const statements: number[] = [];
    const count = rateLimitCounter(countingStatements(statements));
    const counts: number[] = [];
    for (let request = 0; request < 40; request++) counts.push((await count('ahead', 60_000, 1000)).current);
    // Each request its own count, in order.
    expect(counts).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    // A statement for another key runs after the one on its way.
    await count('after-ahead', 60_000);
    // The first request alone, which began the window and keeps nothing; the second alone, which
    // finds the first; then 62 ahead ((1000 - 2 - 1) / 16); when half of those were handed out (at the
    // 34th request), 58 more ((1000 - 65) / 16) while the rest were handed out.
    expect(statements).toEqual([1, 1, 63, 58, 1]);
    expect((await readRateLimit(database.db, 'ahead')).current).toBe(123);
  });

  it('counts every request as it comes within 16 of the limit, and nothing ahead of an unknown one', async () => {
    const statements: number[] = [];
    const count = rateLimitCounter(countingStatements(statements));
    const counts: number[] = [];
    for (let request = 0; request < 30; request++) counts.push((await count('near', 60_000, 40)).current);
    expect(counts).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    // A sixteenth of what is left, rounded down: at most 2 ahead, and none from a count of 25.
    expect(Math.max(...statements)).toBeLessThanOrEqual(3);
    expect(statements.slice(-3)).toEqual([1, 1, 1]);
    await count('after-near', 60_000);
    const row = (await readRateLimit(database.db, 'near')).current;
    expect(row).toBeGreaterThanOrEqual(30);
    expect(row).toBeLessThanOrEqual(32);
    statements.length = 0;
    for (let request = 0; request < 3; request++) await count('unlimited', 60_000);
    expect(statements).toEqual([1, 1, 1]);
  });

  it('serves the requests that wait for a statement from what it counted ahead', async () => {
    const statements: number[] = [];
    const count = rateLimitCounter(countingStatements(statements));
    await count('waiting', 60_000, 1000);
    await count('waiting', 60_000, 1000);
    // 50 at once: the first goes with 62 counted ahead ((1000 - 2 - 1) / 16); the 49 that came while it
    // ran take those, in order, with no statement of their own, and 58 more are counted ahead.
    const counts = await Promise.all(Array.from({ length: 50 }, () => count('waiting', 60_000, 1000)));
    expect(counts.map((counter) => counter.current)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 3),
    );
    await count('after-waiting', 60_000);
    expect(statements).toEqual([1, 1, 63, 58, 1]);
  });

  it('keeps nothing for a key seen once in its window, and a lease for a key seen again', async () => {
    const statements: number[] = [];
    const count = rateLimitCounter(countingStatements(statements));
    // A patient's address at Pay Now: each key once.
    for (let key = 0; key < 200; key++) await count(`once-${key}`, 60_000, 20);
    expect(count.keysKept()).toBe(0);
    expect(statements).toEqual(Array.from({ length: 200 }, () => 1));
    await count('twice', 60_000, 20);
    expect(count.keysKept()).toBe(0);
    // The second finds the first in the row: kept, so its next statement may count ahead.
    expect((await count('twice', 60_000, 20)).current).toBe(2);
    expect(count.keysKept()).toBe(1);
    // Another process counted first: this process's first statement finds it, and keeps the key.
    await incrementRateLimit(database.db, 'elsewhere', 60_000);
    expect((await count('elsewhere', 60_000, 20)).current).toBe(2);
    expect(count.keysKept()).toBe(2);
  });

  it('hands out nothing counted ahead once the window has ended, and starts the new one from one', async () => {
    let now = 0;
    const count = rateLimitCounter(database.db, () => now);
    await count('ahead-window', 60_000, 1000);
    expect((await count('ahead-window', 60_000, 1000)).current).toBe(2);
    const third = await count('ahead-window', 60_000, 1000);
    expect(third.current).toBe(3);
    expect(third.ttl).toBeGreaterThan(55_000);
    expect(third.ttl).toBeLessThanOrEqual(60_000);
    await endWindow('ahead-window');
    now += 60_000;
    expect((await count('ahead-window', 60_000, 1000)).current).toBe(1);
    expect((await readRateLimit(database.db, 'ahead-window')).current).toBe(1);
  });

  it('starts a new window for a batch whose key has expired, counting from one', async () => {
    const count = rateLimitCounter(database.db);
    await count('batch-window', 60_000);
    await endWindow('batch-window');
    const counters = await Promise.all([1, 2, 3].map(() => count('batch-window', 60_000)));
    expect(counters.map((counter) => counter.current).sort()).toEqual([1, 2, 3]);
  });

  it('keeps its counters in an unlogged table, which commits without a write-ahead log flush (migration 0038)', async () => {
    const { rows } = (await database.db.execute(
      sql`select relpersistence from pg_class where relname = 'rate_limits'`,
    )) as unknown as { rows: { relpersistence: string }[] };
    expect(rows).toEqual([{ relpersistence: 'u' }]);
  });

  it('refuses settings it would not honour', () => {
    const Store = sharedRateLimitStore({ db: database.db });
    expect(() => new Store({ continueExceeding: true } as never)).toThrow(/continueExceeding/);
  });
});

describe('limits shared by every server process (decision 0021)', () => {
  let processes: TestProcesses | undefined;
  afterAll(() => processes?.close());

  const start = async (env: Record<string, string>) => {
    await processes?.close();
    processes = await createTestProcesses(2, { env });
    return processes.apps;
  };

  it('holds the API-wide limit across processes: one address gets API_RATE_LIMIT_PER_MINUTE in all', async () => {
    const apps = await start({ API_RATE_LIMIT_PER_MINUTE: '6' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const app = apps[attempt % 2];
      statuses.push((await app?.inject({ url: '/api/contact/details' }))?.statusCode ?? 0);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });

  it('never lets more than the limit through across processes that count ahead (decision 0126)', async () => {
    const apps = await start({ API_RATE_LIMIT_PER_MINUTE: '200' });
    let allowed = 0;
    for (let attempt = 0; attempt < 260; attempt++) {
      const response = await apps[attempt % 2]?.inject({ url: '/api/contact/details' });
      if (response?.statusCode === 200) allowed++;
      else expect(response?.statusCode).toBe(429);
    }
    // Each process may hold a few requests counted ahead when the limit is reached: at most a
    // sixteenth of what was left, and nothing within 16 of the limit.
    expect(allowed).toBeLessThanOrEqual(200);
    expect(allowed).toBeGreaterThanOrEqual(200 - 200 / 16);
  });

  it("holds a route's own limit across processes: 5 contact messages a minute in all", async () => {
    const apps = await start({});
    const message = { name: 'Ada', email: 'ada@example.co.uk', subject: 'Hello', message: 'A question' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const app = apps[attempt % 2];
      const response = await app?.inject({ method: 'POST', url: '/api/contact', payload: message });
      statuses.push(response?.statusCode ?? 0);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('holds the payment requests per clinic across processes', async () => {
    const [first, second] = await start({ PAYMENT_REQUESTS_PER_HOUR: '2' });
    if (!first || !second) throw new Error('two processes expected');
    const clinic = await signedInClinic(first);
    const send = (app: typeof first) =>
      app.inject({
        method: 'POST',
        url: '/api/payment-requests',
        cookies: clinic.cookies,
        payload: { patientName: 'Grace Patient', patientEmail: 'grace@patient.example', customAmount: 500 },
      });
    const statuses = [await send(first), await send(second), await send(first), await send(second)].map(
      (response) => response.statusCode,
    );
    expect(statuses).toEqual([201, 201, 429, 429]);
  });
});
