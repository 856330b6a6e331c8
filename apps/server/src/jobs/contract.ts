/**
 * Job contracts (decision 0019: every job is a contract: a name, a zod payload schema, one
 * idempotent handler). A contract says what a job carries and how hard the queue tries; the handler
 * lives in one file beside the module that owns the work.
 */
import type { z } from 'zod';

export interface JobContract<Schema extends z.ZodType = z.ZodType> {
  /** The pg-boss queue name, e.g. 'notifications.deliver'. */
  readonly name: string;
  /** Checked when a job is sent and again when it is handled. */
  readonly schema: Schema;
  /** Retries after the first attempt; after the last the job is kept as failed for inspection. */
  readonly retryLimit: number;
  /** The first retry waits 1 to 2 times this many seconds; each next wait doubles (pg-boss back-off, with jitter). */
  readonly retryDelaySeconds: number;
  /** An attempt still running after this long counts as failed (its process died) and is retried. */
  readonly expireInSeconds: number;
  /** How many of its jobs one server process runs at once; handlers must allow it (default 1). */
  readonly concurrency: number;
}

export type JobPayload<Contract extends JobContract> = z.output<Contract['schema']>;

/** What a handler learns about the attempt it runs in. */
export interface JobAttempt {
  jobId: string;
  /** 0 on the first attempt. */
  retryCount: number;
  /** True when a failure now is final: no retry follows. */
  isLastAttempt: boolean;
}

export type JobHandler<Contract extends JobContract> = (
  payload: JobPayload<Contract>,
  attempt: JobAttempt,
) => Promise<void>;

/**
 * Declares a job type. Defaults: 5 retries, the first after 10 to 20 s, doubling (5 to 10 minutes in
 * all); 2-minute expiry; one at a time in each process.
 */
export function defineJob<Schema extends z.ZodType>(contract: {
  name: string;
  schema: Schema;
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInSeconds?: number;
  concurrency?: number;
}): JobContract<Schema> {
  return {
    retryLimit: 5,
    retryDelaySeconds: 10,
    expireInSeconds: 120,
    concurrency: 1,
    ...contract,
  };
}
