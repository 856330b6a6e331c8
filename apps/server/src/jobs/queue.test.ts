import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../test/test-database.js';
import type { Database } from '../db/client.js';
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

  it('stops only after a drain pass already under way has finished, and starts none after', async () => {
    const jobs = createJobQueue({ database, work: false, onError: () => {} });
    const finished: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    jobs.register(slowJob, async ({ n }) => {
      await held;
      finished.push(n);
    });
    await jobs.start();
    await jobs.send(slowJob, { n: 1 });

    // A pass nobody awaits, as the sandbox's deliverSoon starts one from a request.
    const pass = jobs.drain();
    await new Promise((resolve) => setTimeout(resolve, 200));
    let stopped = false;
    const stopping = jobs.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);

    release();
    await stopping;
    await pass;
    expect(finished).toEqual([1]);

    await jobs.send(slowJob, { n: 2 });
    await jobs.drain();
    expect(finished).toEqual([1]);
  });
});
