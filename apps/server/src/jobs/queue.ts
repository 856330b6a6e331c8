/**
 * The durable job queue: pg-boss on ClinicPay's own database, PGlite or PostgreSQL (decision 0019).
 * A request commits its rows and its jobs in one transaction (`send` with `tx`), answers, and a worker
 * in any server process runs the job, retrying with exponential back-off; after the last attempt the
 * job stays in pg-boss's tables as failed. Handlers must be idempotent: an attempt whose process died
 * is run again once its expiry passes.
 */

import { type SQL, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { type Database, JOB_SCHEMA, type SqlExecutor, type Tx } from '../db/client.js';
import type { JobContract, JobHandler, JobPayload } from './contract.js';

export interface SendOptions {
  /** Store the job in this transaction: it exists exactly when the transaction's other rows do. */
  tx?: Tx;
  /** Run no earlier than this. */
  startAfter?: Date;
  /** At most one queued job per key and queue (pg-boss singletonKey). */
  singletonKey?: string;
  /**
   * Due jobs of a queue run highest priority first, then oldest first (pg-boss priority; default 0).
   * For a message someone is waiting for, such as a password reset behind a burst of others.
   */
  priority?: number;
}

export interface JobQueue {
  /**
   * Sets the handler of a job type; call before start. With `cron` (UTC, e.g. '* * * * *' for every
   * minute) the queue also sends the job, with an empty payload, on that schedule: once per tick
   * across all processes.
   */
  register<Contract extends JobContract>(
    contract: Contract,
    handler: JobHandler<Contract>,
    options?: { cron?: string },
  ): void;
  /**
   * Queues one job after checking its payload. Inside a transaction pass `tx` (on PGlite a send
   * outside the open transaction would wait for it). Resolves to the job id, or null when a
   * singletonKey job is already queued. Throws a ZodError for a payload its contract refuses.
   */
  send<Contract extends JobContract>(
    contract: Contract,
    payload: JobPayload<Contract>,
    options?: SendOptions,
  ): Promise<string | null>;
  /**
   * Queues many jobs of one type in one statement, after checking every payload (none is queued when
   * one is refused). A job given an `id` (a uuid) takes it, and a job whose id is already stored is
   * left as it is: queueing the same work twice under the same id queues it once (an idempotency key).
   * Inside a transaction pass `tx`. Throws a ZodError for a payload its contract refuses.
   */
  sendMany<Contract extends JobContract>(
    contract: Contract,
    jobs: ReadonlyArray<{ payload: JobPayload<Contract>; id?: string }>,
    options?: Pick<SendOptions, 'tx'>,
  ): Promise<void>;
  /** Creates the queues and their schedules, and with `work` starts polling for jobs in this process. */
  start(): Promise<void>;
  /**
   * Runs every job that is due (of the `only` types, or all), in this process, until none is left
   * (retries waiting for their back-off are not due), then waits for every handler running here. For
   * tests and tools; workers started by `start` may run some of them instead.
   */
  drain(options?: { only?: JobContract[] }): Promise<void>;
  /**
   * Makes every retry of `contract` (of every contract when omitted) that waits out its back-off due
   * now (tests, operators).
   */
  retryNow(contract?: JobContract): Promise<void>;
  /**
   * Makes every job of `contract` waiting for its start time (sent with startAfter) due now, as if
   * the clock had moved on (tests, the sandbox's "now" controls).
   */
  makeDue(contract: JobContract): Promise<void>;
  /** Stops polling and waits for running handlers. */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  database: Database;
  /**
   * Run workers, schedules and maintenance in this process (servers do). Without, the queue only
   * sends; tests run jobs with drain().
   */
  work: boolean;
  onError: (error: unknown, context: { job: string; jobId?: string }) => void;
  /** How often a worker looks for due jobs; pg-boss's lowest is 0.5 s. */
  pollingIntervalSeconds?: number;
  /** How often expired attempts are failed (and so retried) and old jobs archived. */
  maintenanceIntervalSeconds?: number;
  /** Overrides every contract's expiry (tests that kill a process mid-job). */
  expireInSeconds?: number;
  /** Overrides every contract's first retry delay (tests that wait for a retry). */
  retryDelaySeconds?: number;
}

/**
 * SQL run inside a Drizzle transaction, for pg-boss's `db` option. Each `$n` becomes a bound
 * parameter (never spliced into the text).
 */
export function transactionExecutor(tx: Tx): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let from = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(from, match.index)));
        chunks.push(sql`${sql.param(values[Number(match[1]) - 1])}`);
        from = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(from)));
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: Record<string, unknown>[] };
      return { rows: result.rows };
    },
  };
}

/** The advisory lock held while creating queues (any fixed number no one else uses). */
const QUEUE_CREATION_LOCK_ID = 727_104_302;

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const boss = new PgBoss({
    db: options.database.sql as PgBoss.Db,
    schema: JOB_SCHEMA,
    supervise: options.work,
    schedule: options.work,
    migrate: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
    // Failed jobs stay inspectable for 30 days before pg-boss deletes them.
    archiveFailedAfterSeconds: 30 * 24 * 60 * 60,
    deleteAfterDays: 30,
  });
  boss.on('error', (error) => options.onError(error, { job: 'pg-boss' }));

  const handlers = new Map<
    string,
    { contract: JobContract; handler: JobHandler<JobContract>; cron?: string }
  >();
  const running = new Set<Promise<unknown>>();
  let started = false;
  // Once stopping, no new pass starts: a pass begun by a request (the sandbox's deliverSoon) must not
  // reach the database after the app closed it.
  let stopping = false;
  const passes = new Set<Promise<void>>();

  const expireInSeconds = (contract: JobContract) => options.expireInSeconds ?? contract.expireInSeconds;
  const retryDelaySeconds = (contract: JobContract) =>
    options.retryDelaySeconds ?? contract.retryDelaySeconds;

  async function runOne(
    contract: JobContract,
    handler: JobHandler<JobContract>,
    job: PgBoss.JobWithMetadata<unknown>,
  ): Promise<void> {
    try {
      const payload = contract.schema.parse(job.data);
      await handler(payload, {
        jobId: job.id,
        retryCount: job.retryCount,
        isLastAttempt: job.retryCount >= job.retryLimit,
      });
    } catch (error) {
      options.onError(error, { job: contract.name, jobId: job.id });
      throw error;
    }
  }

  /** Runs one job in a drain pass and completes or fails it, alone: the batch's others keep their own outcome. */
  async function runAndSettle(
    contract: JobContract,
    handler: JobHandler<JobContract>,
    job: PgBoss.JobWithMetadata<unknown>,
  ): Promise<void> {
    try {
      try {
        await runOne(contract, handler, job);
      } catch (error) {
        await boss.fail(contract.name, job.id, { message: String(error) });
        return;
      }
      await boss.complete(contract.name, job.id);
    } catch (error) {
      // The job stays active until its expiry, then is retried: handlers are idempotent.
      options.onError(error, { job: contract.name, jobId: job.id });
    }
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    running.add(promise);
    void promise.finally(() => running.delete(promise)).catch(() => {});
    return promise;
  }

  /** Runs due jobs of the given contracts (all when omitted) until none is left, or the queue stops. */
  async function drainPass(only: readonly JobContract[] | undefined): Promise<void> {
    const names = only ? new Set(only.map((contract) => contract.name)) : null;
    while (!stopping) {
      // pg-boss fetches jobs with `start_after < now()`, and PGlite's clock counts whole milliseconds:
      // a job sent (or made due by retryNow, or sent by the job just run) in the same millisecond as
      // the fetch would be skipped. Waiting past that millisecond makes every job already due visible.
      if (options.database.kind !== 'postgres') await new Promise((resolve) => setTimeout(resolve, 2));
      let ran = 0;
      for (const { contract, handler } of handlers.values()) {
        if (stopping) break;
        if (names && !names.has(contract.name)) continue;
        const jobs = await boss.fetch<unknown>(contract.name, { batchSize: 10, includeMetadata: true });
        for (const job of jobs) {
          ran++;
          await track(runAndSettle(contract, handler, job));
        }
      }
      if (!ran) break;
    }
    // Jobs another pass or a worker is running finish too, so a caller sees their effects.
    await Promise.allSettled([...running]);
  }

  /**
   * Runs `create` while no other process runs it. Processes creating the same queues at once deadlock
   * in PostgreSQL (pg-boss inserts a queue's row and attaches its partition in one transaction), so on
   * PostgreSQL this holds an advisory lock in a transaction of its own meanwhile (decision 0069,
   * two processes on one database). A PGlite database has one process.
   */
  async function oneProcessAtATime(create: () => Promise<void>): Promise<void> {
    if (options.database.kind !== 'postgres') return create();
    await options.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${QUEUE_CREATION_LOCK_ID})`);
      await create();
    });
  }

  return {
    register(contract, handler, registerOptions = {}) {
      if (started) throw new Error(`register ${contract.name} before the queue starts`);
      handlers.set(contract.name, {
        contract,
        handler: handler as JobHandler<JobContract>,
        cron: registerOptions.cron,
      });
    },

    async send(contract, payload, sendOptions = {}) {
      const data = contract.schema.parse(payload) as object;
      return boss.send(contract.name, data, {
        retryLimit: contract.retryLimit,
        retryDelay: retryDelaySeconds(contract),
        retryBackoff: true,
        expireInSeconds: expireInSeconds(contract),
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.priority ? { priority: sendOptions.priority } : {}),
        ...(sendOptions.tx ? { db: transactionExecutor(sendOptions.tx) as PgBoss.Db } : {}),
      });
    },

    async sendMany(contract, jobs, sendOptions = {}) {
      const rows: PgBoss.JobInsert[] = jobs.map(({ payload, id }) => ({
        ...(id ? { id } : {}),
        name: contract.name,
        data: contract.schema.parse(payload) as object,
        retryLimit: contract.retryLimit,
        retryDelay: retryDelaySeconds(contract),
        retryBackoff: true,
        expireInSeconds: expireInSeconds(contract),
      }));
      if (!rows.length) return;
      // pg-boss inserts them with one statement, skipping an id already stored (ON CONFLICT DO NOTHING).
      await boss.insert(rows, sendOptions.tx ? { db: transactionExecutor(sendOptions.tx) as PgBoss.Db } : {});
    },

    async start() {
      await boss.start();
      started = true;
      await oneProcessAtATime(async () => {
        for (const { contract } of handlers.values()) {
          const queue = {
            name: contract.name,
            retryLimit: contract.retryLimit,
            retryDelay: retryDelaySeconds(contract),
            retryBackoff: true,
            expireInSeconds: expireInSeconds(contract),
          };
          // Creating an existing queue does nothing; updating keeps its settings those of the code.
          await boss.createQueue(contract.name, queue);
          await boss.updateQueue(contract.name, queue);
        }
      });
      if (!options.work) return;
      for (const { contract, handler, cron } of handlers.values()) {
        if (cron) await boss.schedule(contract.name, cron, {}, { tz: 'UTC' });
        // pg-boss's worker fetches a job a polling interval and settles it (complete, or fail to
        // retry). A worker that found a job wakes itself to fetch again at once (notifyWorker), so a
        // backlog drains at the handler's pace; `concurrency` workers run a queue's jobs side by side.
        for (let index = 0; index < contract.concurrency; index++) {
          let workerId: string | undefined;
          workerId = await boss.work<unknown>(
            contract.name,
            {
              batchSize: 1,
              includeMetadata: true,
              pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
            },
            async ([job]) => {
              if (!job) return;
              try {
                await track(runOne(contract, handler, job));
              } finally {
                if (workerId) boss.notifyWorker(workerId);
              }
            },
          );
        }
      }
    },

    drain(drainOptions = {}) {
      if (stopping) return Promise.resolve();
      const pass = drainPass(drainOptions.only);
      passes.add(pass);
      void pass.finally(() => passes.delete(pass)).catch(() => {});
      return pass;
    },

    async retryNow(contract) {
      await options.database.sql.executeSql(
        `update ${JOB_SCHEMA}.job set start_after = now() where state = 'retry' and ($1::text is null or name = $1)`,
        [contract?.name ?? null],
      );
    },

    async makeDue(contract) {
      await options.database.sql.executeSql(
        `update ${JOB_SCHEMA}.job set start_after = now() where state = 'created' and name = $1 and start_after > now()`,
        [contract.name],
      );
    },

    async stop() {
      stopping = true;
      if (started) {
        started = false;
        await boss.stop({ graceful: true, wait: true, close: false, timeout: 15_000 });
      }
      await Promise.allSettled([...passes, ...running]);
    },
  };
}
