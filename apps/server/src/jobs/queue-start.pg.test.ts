/**
 * Server processes starting together on one fresh PostgreSQL database (decision 0069):
 * each creates the same job queues at once. PostgreSQL can pick one of them as a deadlock victim
 * (pg-boss attaches a partition per queue); every process must still start, each queue existing once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFreshPostgresDatabase } from '../../test/test-database.js';
import { type Database, JOB_SCHEMA, openDatabase } from '../db/client.js';
import { defineJob } from './contract.js';
import { createJobQueue, type JobQueue } from './queue.js';

const contracts = ['a', 'b', 'c', 'd', 'e', 'f'].map((letter) =>
  defineJob({
    name: `test.start-${letter}`,
    schema: z.object({}),
    retryLimit: 1,
    retryDelaySeconds: 1,
    expireInSeconds: 60,
  }),
);

describe('job queues started by many processes at once', () => {
  const opened: Database[] = [];
  const queues: JobQueue[] = [];
  let drop = async () => {};
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    for (const database of opened) await database.close();
    await drop();
  });

  it('start in every process and create each queue once', async () => {
    const fresh = await createFreshPostgresDatabase();
    drop = fresh.drop;
    for (let index = 0; index < 4; index++) {
      opened.push(await openDatabase({ kind: 'postgres', url: fresh.url }));
    }
    await opened[0]?.migrate();
    for (const database of opened) {
      const queue = createJobQueue({ database, work: false, onError: () => {} });
      for (const contract of contracts) queue.register(contract, async () => {});
      queues.push(queue);
    }

    const results = await Promise.allSettled(queues.map((queue) => queue.start()));
    expect(
      results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started')),
    ).toEqual(queues.map(() => 'started'));
    const [first] = opened;
    if (!first) throw new Error('no database opened');
    const { rows } = await first.sql.executeSql(
      `select name from ${JOB_SCHEMA}.queue where name like 'test.start-%' order by name`,
    );
    expect(rows.map((row) => row.name)).toEqual(contracts.map((contract) => contract.name));
  });
});
