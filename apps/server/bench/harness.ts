/**
 * What every benchmark shares: the PostgreSQL database named by BENCH_DATABASE_URL (or DATABASE_URL),
 * migrated and seeded with `seedDemoData` when it has no big clinic yet (BENCH_CLINICS, BENCH_PAYMENTS,
 * BENCH_BIG_CLINIC change the sizes), and timing a query: warm-up runs, then timed runs one at a time,
 * reported as p50, p95 and max in milliseconds.
 */
import { sql } from 'drizzle-orm';
import { analyzeSeededTables, BIG_CLINIC_NAME, seedDemoData } from '../src/cli/seed.js';
import { type Database, type Db, openDatabase } from '../src/db/client.js';

/** Rows of a raw SQL query. */
export async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Opens, migrates and (when empty) seeds the bench database; exits with a hint when none is named. */
export async function openBenchDatabase(): Promise<{ database: Database; db: Db; bigClinicId: string }> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) {
    console.error(
      'Set BENCH_DATABASE_URL to a PostgreSQL database, e.g. postgres://postgres@127.0.0.1:5432/clinicpay_bench',
    );
    process.exit(1);
  }
  const database = await openDatabase({ kind: 'postgres', url });
  await database.migrate();
  const { db } = database;
  const bigClinic = async () =>
    (
      await rowsOf<{ id: string }>(
        db,
        sql`select id from clinics where clinic_name = ${BIG_CLINIC_NAME} limit 1`,
      )
    )[0]?.id;
  if (!(await bigClinic())) {
    const started = Date.now();
    await seedDemoData(db, {
      clinics: Number(process.env.BENCH_CLINICS ?? 1000),
      payments: Number(process.env.BENCH_PAYMENTS ?? 1_000_000),
      bigClinicPayments: Number(process.env.BENCH_BIG_CLINIC ?? 100_000),
      log: (line) => console.error(line),
    });
    await analyzeSeededTables(db, 'postgres');
    console.error(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  return { database, db, bigClinicId: String(await bigClinic()) };
}

export interface Timing {
  p50: number;
  p95: number;
  max: number;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Runs `run` `warmup` times untimed, then `iterations` times timed, one at a time (milliseconds). */
export async function timeRuns(
  run: () => Promise<unknown>,
  { warmup, iterations }: { warmup: number; iterations: number },
): Promise<Timing> {
  for (let index = 0; index < warmup; index++) await run();
  const samples: number[] = [];
  for (let index = 0; index < iterations; index++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), max: samples.at(-1) ?? 0 };
}

/** One markdown table row: name, p50, p95, max. */
export function timingRow(name: string, timing: Timing): string {
  return `| ${name} | ${timing.p50.toFixed(1)} | ${timing.p95.toFixed(1)} | ${timing.max.toFixed(1)} |`;
}

/**
 * Times each case (`warmup` runs, then `iterations` timed runs one at a time), logging each row as it
 * is done, and returns the markdown rows.
 */
export async function timeCases(
  cases: [string, () => Promise<unknown>][],
  options: { warmup: number; iterations: number },
): Promise<string[]> {
  const rows: string[] = [];
  for (const [name, run] of cases) {
    rows.push(timingRow(name, await timeRuns(run, options)));
    console.error(rows.at(-1));
  }
  return rows;
}
