/**
 * Answering no sooner than a set time after a request arrived, success or refusal alike, so that how
 * long an answer takes does not tell what the server found (decision 0124: sign-up, whose work differs
 * when the address already has an account).
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** Runs `work`, then waits until `floorMs` have passed since it began, even if it threw. */
export async function answerNoSoonerThan<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const startedAt = performance.now();
  try {
    return await work();
  } finally {
    const left = floorMs - (performance.now() - startedAt);
    if (left > 0) await sleep(left);
  }
}
