/**
 * @fastify/rate-limit's custom store on our own database (decision 0021): every server process counts
 * in the same rate_limits row, so a limit holds however many processes run.
 * A fixed window per key, as the plugin's own stores keep: the first request of a window sets its end,
 * each request adds one in a single atomic upsert, and the first request after the end starts anew.
 */
import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema/index.js';

/** How often one process deletes the rows whose window has ended. */
const SWEEP_INTERVAL_MS = 60_000;
/** Longer keys (or keys PostgreSQL cannot store as text) are kept as their SHA-256. */
const MAX_KEY_LENGTH = 200;

type Counter = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counter) => void;

/** What the plugin hands the store: its settings, and for a route's own limit, the route. */
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

export interface RateLimitStoreOptions {
  db: Db;
  /** A failed sweep only delays clean-up; it is reported here. */
  onSweepError?: (error: unknown) => void;
  sweepIntervalMs?: number;
}

function storedKey(key: string): string {
  if (key.length <= MAX_KEY_LENGTH && !key.includes('\u0000')) return key;
  return `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/**
 * Counts one request for `key` in a window of `timeWindowMs`: one statement, so concurrent requests
 * in any process each get their own count.
 */
export async function incrementRateLimit(db: Db, key: string, timeWindowMs: number): Promise<Counter> {
  const [counter] = await incrementRateLimits(db, [{ key, requests: 1, timeWindowMs }]);
  if (!counter) throw new Error('the rate-limit counter was not written');
  return { current: counter.current, ttl: counter.ttl };
}

/** Requests to count for one key in one statement. */
interface Increment {
  key: string;
  requests: number;
  timeWindowMs: number;
}

/**
 * Adds `requests` to each key's counter in one atomic upsert (keys must be distinct), starting a new
 * window where the old one has ended. Returns each key's count after the addition and its window's
 * remaining milliseconds, in the order given.
 */
async function incrementRateLimits(db: Db, increments: Increment[]): Promise<Counter[]> {
  const expired = sql`${rateLimits.expiresAt} <= now()`;
  const rows = await db
    .insert(rateLimits)
    .values(
      increments.map(({ key, requests, timeWindowMs }) => ({
        key: storedKey(key),
        count: requests,
        expiresAt: sql`now() + ${timeWindowMs}::double precision * interval '1 millisecond'`,
      })),
    )
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then excluded.count else ${rateLimits.count} + excluded.count end`,
        expiresAt: sql`case when ${expired} then excluded.expires_at else ${rateLimits.expiresAt} end`,
      },
    })
    .returning({ key: rateLimits.key, current: rateLimits.count, ttl: ttlMs() });
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return increments.map(({ key }) => {
    const row = byKey.get(storedKey(key));
    if (!row) throw new Error('the rate-limit counter was not written');
    return { current: row.current, ttl: row.ttl };
  });
}

/** The most keys one batched statement counts; more wait for the next one. */
const MAX_BATCH_KEYS = 500;

/**
 * Counts requests for many keys with few statements (decision 0075): while one statement is on its way to
 * the database, the requests that arrive are gathered, and the next statement adds each key's number
 * of them at once. Each request still gets its own count (the statement's result minus the requests
 * after it), and every statement is one atomic upsert, so limits hold across processes exactly as with
 * a statement per request; under load there is one statement per round trip instead of one per request.
 */
export function rateLimitCounter(db: Db) {
  type Waiter = { resolve: (counter: Counter) => void; reject: (error: unknown) => void };
  let pending = new Map<string, { timeWindowMs: number; waiters: Waiter[] }>();
  let running = false;

  const run = async () => {
    running = true;
    while (pending.size > 0) {
      const batch = [...pending].slice(0, MAX_BATCH_KEYS);
      pending = new Map([...pending].slice(MAX_BATCH_KEYS));
      try {
        const counters = await incrementRateLimits(
          db,
          batch.map(([key, { timeWindowMs, waiters }]) => ({ key, requests: waiters.length, timeWindowMs })),
        );
        for (const [index, [, { waiters }]] of batch.entries()) {
          const counter = counters[index] as Counter;
          for (const [position, waiter] of waiters.entries()) {
            waiter.resolve({ current: counter.current - waiters.length + position + 1, ttl: counter.ttl });
          }
        }
      } catch (error) {
        for (const [, { waiters }] of batch) for (const waiter of waiters) waiter.reject(error);
      }
    }
    running = false;
  };

  return (key: string, timeWindowMs: number): Promise<Counter> =>
    new Promise<Counter>((resolve, reject) => {
      const entry = pending.get(key) ?? { timeWindowMs, waiters: [] };
      entry.waiters.push({ resolve, reject });
      pending.set(key, entry);
      if (!running) void run();
    });
}

/** The counter for `key` without counting a request (the plugin's `{ increment: false }`). */
export async function readRateLimit(db: Db, key: string): Promise<Counter> {
  const [row] = await db
    .select({ current: rateLimits.count, ttl: ttlMs() })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, storedKey(key)), gt(rateLimits.expiresAt, sql`now()`)));
  return row ?? { current: 0, ttl: 0 };
}

function ttlMs() {
  return sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.expiresAt} - now())) * 1000))::int`;
}

/** Deletes every counter whose window has ended; a later request for its key starts from one. */
export async function sweepExpiredRateLimits(db: Db): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lte(rateLimits.expiresAt, sql`now()`))
    .returning({ key: rateLimits.key });
  return deleted.length;
}

/**
 * The namespace of a limit's keys: the API-wide limit, a route's own limit (its method and URL), or a
 * limiter made with `createRateLimit`, whose key generator must give its keys a prefix of their own.
 */
function namespaceOf(params: StoreParams): string {
  const { method, url } = params.routeInfo ?? {};
  if (url) return `route:${[method ?? ''].flat().join(',')} ${url}|`;
  return 'limiter|';
}

/**
 * The store class to pass as @fastify/rate-limit's `store` option. The plugin constructs it with
 * its settings, so the database comes in through this closure.
 */
export function sharedRateLimitStore(options: RateLimitStoreOptions): FastifyRateLimitStoreCtor {
  const { db, onSweepError = () => {}, sweepIntervalMs = SWEEP_INTERVAL_MS } = options;
  const increment = rateLimitCounter(db);
  let nextSweepAt = 0;
  const sweepWhenDue = () => {
    if (Date.now() < nextSweepAt) return;
    nextSweepAt = Date.now() + sweepIntervalMs;
    sweepExpiredRateLimits(db).catch(onSweepError);
  };

  class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      params: StoreParams,
      private readonly namespace = 'api|',
    ) {
      // The plugin's stores renew the window on these; ours does not, so refuse rather than ignore.
      if (params.continueExceeding || params.exponentialBackoff) {
        throw new Error(
          'The shared rate-limit store supports neither continueExceeding nor exponentialBackoff',
        );
      }
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      increment(this.namespace + key, timeWindow).then(
        (counter) => callback(null, counter),
        (error: Error) => callback(error),
      );
      sweepWhenDue();
    }

    read(key: string, callback: Callback) {
      readRateLimit(db, this.namespace + key).then(
        (counter) => callback(null, counter),
        (error: Error) => callback(error),
      );
    }

    // Typed as the route's options; at run time the plugin passes its settings merged with the
    // route's limit, the route itself as routeInfo (@fastify/rate-limit index.js, mergeParams).
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const params = routeOptions as unknown as StoreParams;
      return new SharedRateLimitStore(params, namespaceOf(params));
    }
  }
  return SharedRateLimitStore;
}
