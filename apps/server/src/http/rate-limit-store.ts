/**
 * @fastify/rate-limit's custom store on our own database (decision 0021): every server process counts
 * in the same rate_limits row, so a limit holds however many processes run.
 * A fixed window per key, as the plugin's own stores keep: the first request of a window sets its end,
 * requests are added in single atomic upserts, and the first request after the end starts anew.
 * The upserts are batched per round trip (decision 0075), and a key far from its limit is counted a
 * little ahead so that its next requests need no statement (decision 0126); the table is unlogged
 * (migration 0038), so a count commits without waiting for the write-ahead log.
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

/** A request's count in its window, and the window's milliseconds left. */
type Counter = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counter) => void;

/**
 * Counts one request for `key` in a window of `timeWindow` ms whose limit is `max`, and calls back
 * with its count: at once, with no promise, when this process holds a count ahead (decision 0131),
 * else once the shared row has counted it.
 */
export type CountRequest = (key: string, timeWindow: number, max: number, callback: Callback) => void;

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
 * The counting statement (decisions 0021, 0075, 0126): adds each key's requests to its counter in one
 * atomic upsert, starting a new window where the old one has ended, and returns each key's count after
 * the addition with its window's remaining milliseconds. The keys, counts and windows come as three
 * arrays, so a batch of any size is the same statement, prepared once on each connection.
 */
export const COUNTING_STATEMENT = {
  name: 'rate_limits_count',
  text: `insert into rate_limits (key, count, expires_at)
select key, requests, now() + window_ms * interval '1 millisecond'
from unnest($1::text[], $2::int[], $3::double precision[]) as batch(key, requests, window_ms)
on conflict (key) do update set
  count = case when rate_limits.expires_at <= now() then excluded.count else rate_limits.count + excluded.count end,
  expires_at = case when rate_limits.expires_at <= now() then excluded.expires_at else rate_limits.expires_at end
returning key, count as current, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl`,
} as const;

type CountedRow = { key: string; current: number; ttl: number };

const countingStatements = new WeakMap<Db, { execute(values: Record<string, unknown>): Promise<unknown> }>();

/** COUNTING_STATEMENT prepared on `db` through its own pool (node-postgres names it per connection). */
function countingStatement(db: Db) {
  let statement = countingStatements.get(db);
  if (!statement) {
    statement = db._.session.prepareQuery(
      {
        sql: COUNTING_STATEMENT.text,
        params: [sql.placeholder('keys'), sql.placeholder('requests'), sql.placeholder('windows')],
      },
      undefined,
      COUNTING_STATEMENT.name,
      false,
    );
    countingStatements.set(db, statement);
  }
  return statement;
}

/**
 * Adds `requests` to each key's counter in one atomic upsert (keys must be distinct), starting a new
 * window where the old one has ended. Returns each key's count after the addition and its window's
 * remaining milliseconds, in the order given.
 */
async function incrementRateLimits(db: Db, increments: Increment[]): Promise<Counter[]> {
  const keys = increments.map(({ key }) => storedKey(key));
  const result = (await countingStatement(db).execute({
    keys,
    requests: increments.map(({ requests }) => requests),
    windows: increments.map(({ timeWindowMs }) => timeWindowMs),
  })) as { rows: CountedRow[] };
  const byKey = new Map(result.rows.map((row) => [row.key, row]));
  return keys.map((key) => {
    const row = byKey.get(key);
    if (!row) throw new Error('the rate-limit counter was not written');
    return { current: row.current, ttl: row.ttl };
  });
}

/** The most keys one batched statement counts; more wait for the next one. */
const MAX_BATCH_KEYS = 500;

/**
 * What one process may count ahead for a key (decision 0126): at most this share of what is left of the
 * window's limit (1/16), and at most this many requests; nothing ahead within 16 of the limit.
 */
const AHEAD_SHARE = 16;
const MAX_AHEAD = 1000;

/**
 * Requests a process has counted in the shared row ahead of time for one key, handed to its next
 * requests without a statement while the window lasts.
 */
interface Lease {
  /** Counts in the row not yet handed out, as [first, last] runs in the order they are handed out. */
  runs: [number, number][];
  /** The last count this process saw in the row, which the next count ahead is sized from. */
  seen: number;
  max: number;
  /** The clock's time (performance.now()) by which the window has surely ended in the database. */
  endsAt: number;
  /** How many the last statement counted ahead: more are counted when half of them are handed out. */
  ahead: number;
  /** A statement counting more ahead is on its way. */
  topping: boolean;
}

/**
 * How many requests to count ahead for a key whose row last showed `seen` of `max`, with `coming`
 * requests counted now: a sixteenth of what would be left, at most MAX_AHEAD; none for an unknown limit.
 */
function aheadFor(lease: Lease | undefined, coming: number): number {
  if (!lease || !Number.isFinite(lease.max)) return 0;
  const left = lease.max - lease.seen - coming;
  return Math.max(0, Math.min(MAX_AHEAD, Math.floor(left / AHEAD_SHARE)));
}

/** How many counts the lease still holds. */
const held = (lease: Lease) => lease.runs.reduce((sum, [first, last]) => sum + last - first + 1, 0);

/**
 * Counts requests for many keys with few statements (decisions 0075, 0126). While one statement is on
 * its way to the database, the requests that arrive are gathered, and the next statement adds each key's
 * number of them at once; each request still gets its own count (the statement's result minus the
 * requests after it), and every statement is one atomic upsert in the row every process shares.
 *
 * When the row shows a key far from its limit (`max`), the statement also counts a few requests ahead
 * (a sixteenth of what this process last saw left, at most 1,000), which it then hands to its next
 * requests for the key without a statement until the window ends. Only a key whose row already held
 * other requests of the window is kept between statements (its lease): a key's first statement in a
 * window keeps nothing, so a key seen once (each patient's address) holds no memory, and a busy key
 * counts ahead from its third statement; when half of them are handed out, one
 * more statement counts more ahead while the rest are handed out, so a busy key's requests never wait
 * for a statement. Every request is counted in the shared row before it is let through, so no number of
 * processes lets more than `max` through in a window; a process's requests counted ahead and never made
 * count against the limit until the window ends (at most a sixteenth of the limit), and within 16 of the
 * limit every request is counted as it comes. `clock` is in milliseconds (tests move it).
 */
export function rateLimitCounter(db: Db, clock: () => number = () => performance.now()) {
  type Waiter = { resolve: (counter: Counter) => void; reject: (error: unknown) => void };
  type Pending = { timeWindowMs: number; max: number; waiters: Waiter[] };
  let pending = new Map<string, Pending>();
  const leases = new Map<string, Lease>();
  let running = false;

  /** Hands out one count held for `key`, asking for more ahead once half are handed out; else undefined. */
  const take = (key: string, current: Lease, timeWindowMs: number): number | undefined => {
    const next = current.runs[0];
    if (!next) return undefined;
    const counted = next[0]++;
    if (next[0] > next[1]) current.runs.shift();
    if (!current.topping && held(current) <= current.ahead / 2) {
      current.topping = true;
      enqueue(key, timeWindowMs, current.max);
    }
    return counted;
  };

  /** Takes in what a statement sent at `sentAt` counted ahead for `key`, and serves the requests waiting. */
  const takeIn = (
    key: string,
    entry: { max: number; ahead: number; timeWindowMs: number; waiters: Waiter[] },
    counter: Counter,
    sentAt: number,
  ) => {
    // The window ends ttl after the statement began, which was after it was sent.
    const endsAt = sentAt + counter.ttl;
    const now = clock();
    const run: [number, number][] =
      entry.ahead > 0 ? [[counter.current - entry.ahead + 1, counter.current]] : [];
    let current = leases.get(key);
    // The counts held from before are of the same window while it has not ended here: this statement
    // was sent before that end, which is no later than the database's.
    if (current && current.endsAt > now) {
      current.runs.push(...run);
      current.seen = Math.max(current.seen, counter.current);
      current.endsAt = Math.min(current.endsAt, endsAt);
      current.ahead = entry.ahead;
      current.topping = false;
    } else if (run.length === 0 && counter.current <= entry.waiters.length) {
      // This statement began the key's window, and nothing was counted ahead: no lease is kept
      // (decision 0132). Most such keys are seen once (a patient's address at Pay Now), and a lease for
      // each would be held for the whole window; a key seen again gets one at its next statement.
      if (current) leases.delete(key);
      return;
    } else {
      current = {
        runs: run,
        seen: counter.current,
        max: entry.max,
        endsAt,
        ahead: entry.ahead,
        topping: false,
      };
      leases.set(key, current);
    }
    // Requests that came while this statement was on its way take what it counted ahead, in order.
    const waiting = pending.get(key);
    while (waiting && waiting.waiters.length > 0 && current.runs.length > 0) {
      const counted = take(key, current, entry.timeWindowMs) as number;
      waiting.waiters.shift()?.resolve({ current: counted, ttl: Math.ceil(current.endsAt - now) });
    }
    if (waiting && waiting.waiters.length === 0 && !current.topping) pending.delete(key);
  };

  const run = async () => {
    running = true;
    while (pending.size > 0) {
      const now = clock();
      const batch = [...pending].slice(0, MAX_BATCH_KEYS).map(([key, entry]) => {
        // Nothing is counted ahead from a window that has ended here: the next is counted as it comes.
        const current = leases.get(key);
        const live = current && current.endsAt > now ? current : undefined;
        return { key, ...entry, ahead: aheadFor(live, entry.waiters.length) };
      });
      pending = new Map([...pending].slice(MAX_BATCH_KEYS));
      // A top-up that would count nothing (the key came near its limit) is dropped.
      const counted = batch.filter(({ key, waiters, ahead }) => {
        if (waiters.length + ahead > 0) return true;
        const current = leases.get(key);
        if (current) current.topping = false;
        return false;
      });
      if (counted.length === 0) continue;
      const sentAt = clock();
      try {
        const counters = await incrementRateLimits(
          db,
          counted.map(({ key, timeWindowMs, waiters, ahead }) => ({
            key,
            requests: waiters.length + ahead,
            timeWindowMs,
          })),
        );
        for (const [index, entry] of counted.entries()) {
          const counter = counters[index] as Counter;
          const first = counter.current - entry.ahead - entry.waiters.length + 1;
          for (const [position, waiter] of entry.waiters.entries()) {
            waiter.resolve({ current: first + position, ttl: counter.ttl });
          }
          takeIn(entry.key, entry, counter, sentAt);
        }
      } catch (error) {
        for (const { key, waiters } of counted) {
          const current = leases.get(key);
          if (current) current.topping = false;
          for (const waiter of waiters) waiter.reject(error);
        }
      }
    }
    running = false;
  };

  /** Adds a request (or, without `waiter`, a top-up counting more ahead) to the next statement. */
  const enqueue = (key: string, timeWindowMs: number, max: number, waiter?: Waiter) => {
    const entry = pending.get(key) ?? { timeWindowMs, max, waiters: [] };
    if (waiter) entry.waiters.push(waiter);
    pending.set(key, entry);
    if (!running) void run();
  };

  /** Forgets the leases of ended windows (a later request for the key goes to the database). */
  const forgetEnded = () => {
    const now = clock();
    for (const [key, current] of leases) if (current.endsAt <= now) leases.delete(key);
  };

  /**
   * Counts one request for `key` from what this process holds counted ahead, without a statement:
   * the request's count and the window's milliseconds left, or undefined when nothing is held.
   */
  const countHeld = (key: string, timeWindowMs: number): Counter | undefined => {
    const current = leases.get(key);
    if (!current) return undefined;
    const left = current.endsAt - clock();
    if (left <= 0) {
      leases.delete(key);
      return undefined;
    }
    const counted = take(key, current, timeWindowMs);
    return counted === undefined ? undefined : { current: counted, ttl: Math.ceil(left) };
  };

  /**
   * Counts one request for `key` in a window of `timeWindowMs`, whose limit is `max` (Infinity: count
   * nothing ahead). Resolves to the request's count in the window and the window's milliseconds left.
   */
  const count = (key: string, timeWindowMs: number, max = Number.POSITIVE_INFINITY): Promise<Counter> => {
    const held = countHeld(key, timeWindowMs);
    if (held) return Promise.resolve(held);
    return new Promise<Counter>((resolve, reject) => enqueue(key, timeWindowMs, max, { resolve, reject }));
  };
  /** How many keys this process keeps a lease for (memory it holds until their windows end). */
  const keysKept = () => leases.size;
  return Object.assign(count, { forgetEnded, countHeld, keysKept });
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
export function sharedRateLimitStore(
  options: RateLimitStoreOptions,
): FastifyRateLimitStoreCtor & { countApiRequest: CountRequest } {
  const { db, onSweepError = () => {}, sweepIntervalMs = SWEEP_INTERVAL_MS } = options;
  const increment = rateLimitCounter(db);
  let nextSweepAt = 0;
  const sweepWhenDue = () => {
    if (Date.now() < nextSweepAt) return;
    nextSweepAt = Date.now() + sweepIntervalMs;
    increment.forgetEnded();
    sweepExpiredRateLimits(db).catch(onSweepError);
  };
  /** Counts one request for a namespaced key; a count held ahead calls back at once (decision 0131). */
  const countRequest = (key: string, timeWindow: number, max: number, callback: Callback) => {
    sweepWhenDue();
    const held = increment.countHeld(key, timeWindow);
    if (held) return callback(null, held);
    increment(key, timeWindow, max).then(
      (counter) => callback(null, counter),
      (error: Error) => callback(error),
    );
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

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      countRequest(this.namespace + key, timeWindow, max, callback);
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
  /** The API-wide limit's counter, in the namespace the plugin's root store would use ('api|'). */
  const countApiRequest: CountRequest = (key, timeWindow, max, callback) =>
    countRequest(`api|${key}`, timeWindow, max, callback);
  return Object.assign(SharedRateLimitStore, { countApiRequest });
}
