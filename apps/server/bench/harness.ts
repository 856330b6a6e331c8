/**
 * What every benchmark shares: the PostgreSQL database named by BENCH_DATABASE_URL (or DATABASE_URL),
 * migrated and seeded with `seedDemoData` when it has no big clinic yet (BENCH_CLINICS, BENCH_PAYMENTS,
 * BENCH_BIG_CLINIC change the sizes), timing a query (warm-up runs, then timed runs one at a time,
 * reported as p50, p95 and max in milliseconds), and the targets table: each budget with its figure, the
 * baseline measured in the same run (the old or naive way) and the ratio between them.
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

/** One budget: the case timed, its p95 budget in ms, and the baseline it is compared with, if any. */
export interface Target {
  name: string;
  timing: Timing;
  /** The p95 budget, in milliseconds. */
  budgetMs: number;
  baseline?: { name: string; timing: Timing };
  /** The least speed-up (baseline p50 over the case's p50) the target asks for, if it asks one. */
  minSpeedUp?: number;
}

const ms = (value: number) => value.toFixed(1);

/** Whether a target is met: p95 within the budget and, when asked, the speed-up at least the one asked. */
export function targetMet(target: Target): boolean {
  const speedUp = target.baseline ? target.baseline.timing.p50 / target.timing.p50 : undefined;
  return (
    target.timing.p95 <= target.budgetMs &&
    (target.minSpeedUp === undefined || (speedUp !== undefined && speedUp >= target.minSpeedUp))
  );
}

/**
 * The targets as a markdown table: each case's p50 and p95 against its budget, its baseline's p50 and
 * p95 and the ratios (baseline over case), and met or missed.
 */
export function targetsTable(targets: Target[]): string {
  const rows = targets.map((target) => {
    const { timing, baseline } = target;
    const ratio = (before: number, after: number) => `${(before / after).toFixed(1)}×`;
    const asked = target.minSpeedUp === undefined ? '' : ` (≥ ${target.minSpeedUp}× asked)`;
    return [
      target.name,
      ms(timing.p50),
      ms(timing.p95),
      `≤ ${target.budgetMs}`,
      baseline ? baseline.name : '–',
      baseline ? ms(baseline.timing.p50) : '–',
      baseline ? ms(baseline.timing.p95) : '–',
      baseline
        ? `${ratio(baseline.timing.p50, timing.p50)} / ${ratio(baseline.timing.p95, timing.p95)}${asked}`
        : '–',
      targetMet(target) ? 'met' : '**missed**',
    ].join(' | ');
  });
  return [
    '| target | p50 ms | p95 ms | budget (p95 ms) | baseline (before) | baseline p50 ms | baseline p95 ms | speed-up p50 / p95 | |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

/** The machine line every bench prints: cores, memory, Node, PostgreSQL, and the load average. */
export async function machineLine(db: Db): Promise<string> {
  const os = await import('node:os');
  const [version] = await rowsOf<{ server_version: string }>(db, sql`show server_version`);
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
  return `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB RAM, Node ${process.version}, PostgreSQL ${version?.server_version} (same host); load average at the end ${load}.`;
}
