import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../test/test-database.js';
import { type Database, JOB_SCHEMA } from '../db/client.js';
import { defineJob } from './contract.js';
import { createJobQueue } from './queue.js';

describe('the job queue', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const slowJob = defineJob({
    name: 'test.slow',
    schema: z.object({ n: z.number().int() }),
    retryLimit: 0,
    retryDelaySeconds: 1,
    expireInSeconds: 60,
  });

  it('stops only after a drain pass under way has finished its job, and starts none after', async () => {
    const jobs = createJobQueue({ database, work: false, onError: () => {} });
    const finished: number[] = [];
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    jobs.register(slowJob, async ({ n }) => {
      started();
      await held;
      finished.push(n);
    });
    await jobs.start();
    const id = await jobs.send(slowJob, { n: 1 });

    // A pass nobody awaits, as the sandbox's deliverSoon starts one from a request.
    void jobs.drain();
    await handlerStarted;
    const stopping = jobs.stop();
    release();
    await stopping;
    // The pass marked its job done before stop resolved: nothing of it reaches the database later.
    const state = await database.sql.executeSql(`select state from ${JOB_SCHEMA}.job where id = $1`, [id]);
    expect(state.rows).toEqual([{ state: 'completed' }]);
    expect(finished).toEqual([1]);

    await jobs.send(slowJob, { n: 2 });
    await jobs.drain();
    expect(finished).toEqual([1]);
  });

  it("fetches a queue's next jobs in pg-boss's order from an index, not by sorting every queued job", async () => {
    const orderedJob = defineJob({
      name: 'test.ordered',
      schema: z.object({ n: z.number().int() }),
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
    });
    const jobs = createJobQueue({ database, work: false, onError: () => {} });
    const ran: number[] = [];
    jobs.register(orderedJob, async ({ n }) => {
      ran.push(n);
    });
    await jobs.start();
    await jobs.sendMany(
      orderedJob,
      Array.from({ length: 300 }, (_, n) => ({ payload: { n } })),
    );
    // The queue's partition has the index (made on the partitioned table, so on every queue's).
    const partition = await database.sql.executeSql(
      `select partition_name from ${JOB_SCHEMA}.queue where name = $1`,
      [orderedJob.name],
    );
    const table = String(partition.rows[0]?.partition_name);
    const indexes = await database.sql.executeSql(
      `select indexdef from pg_indexes where schemaname = $1 and tablename = $2`,
      [JOB_SCHEMA, table],
    );
    expect(
      indexes.rows.some((row) =>
        /\(name, priority DESC, created_on, id\) WHERE \(state < 'active'/.test(String(row.indexdef)),
      ),
    ).toBe(true);
    // pg-boss's fetch, as it plans it, walks that index and sorts nothing.
    await database.sql.executeSql(`analyze ${JOB_SCHEMA}.${table}`);
    const plan = await database.sql.executeSql(
      `explain select id from ${JOB_SCHEMA}.job where name = '${orderedJob.name}' and state < 'active'
         and start_after < now() order by priority desc, created_on, id limit 1 for update skip locked`,
    );
    const text = plan.rows.map((row) => String(Object.values(row)[0])).join('\n');
    expect(text).toMatch(/Index Scan using \w*_name_priority_created_on_id_idx/);
    expect(text).not.toMatch(/Sort/);
    await jobs.drain();
    expect(ran).toHaveLength(300);
    await jobs.stop();
  });

  const quickJob = defineJob({
    name: 'test.quick',
    schema: z.object({ n: z.number().int() }),
    retryLimit: 1,
    retryDelaySeconds: 60,
    expireInSeconds: 60,
  });

  it('runs a job sent, or made due by retryNow, the moment before a drain', async () => {
    const jobs = createJobQueue({ database, work: false, onError: () => {} });
    const runs: number[] = [];
    jobs.register(quickJob, async ({ n }) => {
      runs.push(n);
      // Each job fails its first run, and waits out a minute's back-off until retryNow.
      if (runs.filter((run) => run === n).length === 1) throw new Error('first run fails');
    });
    await jobs.start();
    try {
      // PGlite's clock counts whole milliseconds: with no gap, send and fetch often share one.
      for (let n = 0; n < 20; n++) {
        await jobs.send(quickJob, { n });
        await jobs.drain();
        await jobs.retryNow(quickJob);
        await jobs.drain();
      }
      expect(runs).toEqual(Array.from({ length: 20 }, (_, n) => [n, n]).flat());
    } finally {
      await jobs.stop();
    }
  });

  const backlogJob = defineJob({
    name: 'test.backlog',
    schema: z.object({ n: z.number().int() }),
    retryLimit: 0,
    retryDelaySeconds: 60,
    expireInSeconds: 60,
  });

  it('has a worker run a backlog through without waiting a polling interval between jobs, each settled alone', async () => {
    // A polling interval of ten minutes: only the first fetch happens on the clock; every later one
    // must come from the worker waking itself after a batch that found jobs.
    const jobs = createJobQueue({ database, work: true, onError: () => {}, pollingIntervalSeconds: 600 });
    const runs: number[] = [];
    jobs.register(backlogJob, async ({ n }) => {
      runs.push(n);
      if (n % 7 === 0) throw new Error('this one fails');
    });
    const ids: string[] = [];
    // Queued before the worker starts: 35 jobs, several batches.
    const sender = createJobQueue({ database, work: false, onError: () => {} });
    sender.register(backlogJob, async () => {});
    await sender.start();
    for (let n = 1; n <= 35; n++) ids.push((await sender.send(backlogJob, { n })) as string);
    await sender.stop();
    await jobs.start();
    try {
      await expect.poll(() => runs.length, { timeout: 20_000 }).toBe(35);
      await expect
        .poll(async () => {
          const states = await database.sql.executeSql(
            `select state, count(*)::int as count from ${JOB_SCHEMA}.job where name = $1 group by state order by state`,
            [backlogJob.name],
          );
          return states.rows;
        })
        .toEqual([
          { state: 'completed', count: 30 },
          { state: 'failed', count: 5 },
        ]);
    } finally {
      await jobs.stop();
    }
    expect(runs.sort((a, b) => a - b)).toEqual(Array.from({ length: 35 }, (_, i) => i + 1));
  });

  const priorityJob = defineJob({
    name: 'test.priority',
    schema: z.object({ n: z.number().int() }),
    retryLimit: 0,
    retryDelaySeconds: 60,
    expireInSeconds: 60,
  });

  const workerPriorityJob = defineJob({
    name: 'test.worker-priority',
    schema: z.object({ n: z.number().int() }),
    retryLimit: 0,
    retryDelaySeconds: 60,
    expireInSeconds: 60,
  });

  it("has a worker run a job sent with a higher priority before its queue's older ones", async () => {
    const sender = createJobQueue({ database, work: false, onError: () => {} });
    sender.register(workerPriorityJob, async () => {});
    await sender.start();
    for (let n = 1; n <= 12; n++) await sender.send(workerPriorityJob, { n });
    await sender.send(workerPriorityJob, { n: 99 }, { priority: 10 });
    await sender.stop();
    const jobs = createJobQueue({ database, work: true, onError: () => {}, pollingIntervalSeconds: 600 });
    const runs: number[] = [];
    jobs.register(workerPriorityJob, async ({ n }) => {
      runs.push(n);
    });
    await jobs.start();
    try {
      await expect.poll(() => runs.length, { timeout: 20_000 }).toBe(13);
      expect(runs[0]).toBe(99);
      expect(runs.slice(1)).toHaveLength(12);
    } finally {
      await jobs.stop();
    }
  });

  it('runs a job sent with a higher priority in the first batch, before older ones of its queue', async () => {
    const jobs = createJobQueue({ database, work: false, onError: () => {} });
    const runs: number[] = [];
    jobs.register(priorityJob, async ({ n }) => {
      runs.push(n);
    });
    await jobs.start();
    try {
      for (let n = 1; n <= 25; n++) await jobs.send(priorityJob, { n });
      await jobs.send(priorityJob, { n: 99 }, { priority: 10 });
      await jobs.drain();
      // A batch's jobs come back in no set order, so only the batch is known: the first ten.
      expect(runs).toHaveLength(26);
      expect(runs.slice(0, 10)).toContain(99);
    } finally {
      await jobs.stop();
    }
  });
  const manyJob = defineJob({
    name: 'test.many',
    schema: z.object({ n: z.number().int() }),
    retryLimit: 2,
    retryDelaySeconds: 30,
    expireInSeconds: 45,
  });

  it('queues many jobs in one call with their contract’s settings, each id once however often it is sent', async () => {
    const jobs = createJobQueue({ database, work: false, onError: () => {} });
    const runs: number[] = [];
    jobs.register(manyJob, async ({ n }) => {
      runs.push(n);
    });
    await jobs.start();
    try {
      const ids: string[] = Array.from({ length: 30 }, () => crypto.randomUUID());
      const batch = ids.map((id, n) => ({ id, payload: { n } }));
      await jobs.sendMany(manyJob, batch);
      // Sent again (a retried sweep), and once more inside a transaction with a new one: only it is added.
      await jobs.sendMany(manyJob, batch.slice(0, 10));
      await database.db.transaction((tx) =>
        jobs.sendMany(manyJob, [...batch.slice(20), { payload: { n: 30 } }], { tx }),
      );
      await jobs.sendMany(manyJob, []);
      const stored = await database.sql.executeSql(
        `select id::text as id, retry_limit, retry_delay, retry_backoff, extract(epoch from expire_in)::int as expire
         from ${JOB_SCHEMA}.job where name = $1`,
        [manyJob.name],
      );
      expect(stored.rows).toHaveLength(31);
      expect(stored.rows.filter((row) => ids.includes(String(row.id)))).toHaveLength(30);
      expect(
        new Set(
          stored.rows.map((row) =>
            JSON.stringify([row.retry_limit, row.retry_delay, row.retry_backoff, row.expire]),
          ),
        ),
      ).toEqual(new Set([JSON.stringify([2, 30, true, 45])]));
      await jobs.drain();
      expect(runs.sort((a, b) => a - b)).toEqual(Array.from({ length: 31 }, (_, n) => n));
    } finally {
      await jobs.stop();
    }
  });

  it('queues none of a batch when one payload is refused', async () => {
    const jobs = createJobQueue({ database, work: false, onError: () => {} });
    jobs.register(manyJob, async () => {});
    await jobs.start();
    try {
      const before = await database.sql.executeSql(
        `select count(*)::int as n from ${JOB_SCHEMA}.job where name = $1`,
        [manyJob.name],
      );
      await expect(
        jobs.sendMany(manyJob, [{ payload: { n: 1 } }, { payload: { n: 1.5 } }]),
      ).rejects.toThrow();
      const after = await database.sql.executeSql(
        `select count(*)::int as n from ${JOB_SCHEMA}.job where name = $1`,
        [manyJob.name],
      );
      expect(after.rows).toEqual(before.rows);
    } finally {
      await jobs.stop();
    }
  });
});
