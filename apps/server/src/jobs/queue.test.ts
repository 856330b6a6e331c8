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
});
