/**
 * `node --import tsx bench/admin-stats.bench.ts`: the admin statistics (spec §9), clinic list and
 * clinic profile on PostgreSQL with 1,000,000 payments across 1,000 clinics (issue 12 budget: admin
 * statistics p95 under 50 ms). Uses the database of bench/payments.ts (BENCH_DATABASE_URL or
 * DATABASE_URL), seeding it the same way when empty. Timings call the service functions the routes
 * call (SQL and mapping, no HTTP). Prints a markdown table for docs/benchmarks.md.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { analyzeSeededTables, BIG_CLINIC_NAME, seedDemoData } from '../src/cli/seed.js';
import { openDatabase } from '../src/db/client.js';
import { adminStats, clinicProfile, listClinics } from '../src/modules/admin/service.js';

const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (!url) {
  console.error(
    'Set BENCH_DATABASE_URL to a PostgreSQL database, e.g. postgres://postgres@127.0.0.1:5432/clinicpay_bench',
  );
  process.exit(1);
}
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100);
const WARMUP = 10;

const database = await openDatabase({ kind: 'postgres', url });
await database.migrate();
const db = database.db;
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

let [big] = await rowsOf<{ id: string }>(
  sql`select id from clinics where clinic_name = ${BIG_CLINIC_NAME} limit 1`,
);
if (!big) {
  await seedDemoData(db, {
    clinics: Number(process.env.BENCH_CLINICS ?? 1000),
    payments: Number(process.env.BENCH_PAYMENTS ?? 1_000_000),
    bigClinicPayments: Number(process.env.BENCH_BIG_CLINIC ?? 100_000),
    log: (line) => console.error(line),
  });
  await analyzeSeededTables(db, 'postgres');
  [big] = await rowsOf<{ id: string }>(
    sql`select id from clinics where clinic_name = ${BIG_CLINIC_NAME} limit 1`,
  );
}
const [counts] = await rowsOf<{ payments: number; clinics: number; first: string; last: string }>(
  sql`select count(*)::int as payments, (select count(*) from clinics)::int as clinics,
    min(paid_at)::text as first, max(paid_at)::text as last from payments`,
);

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function time(run: () => Promise<unknown>) {
  for (let index = 0; index < WARMUP; index++) await run();
  const samples: number[] = [];
  for (let index = 0; index < ITERATIONS; index++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), max: samples.at(-1) ?? 0 };
}

const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
const cases: [string, () => Promise<unknown>][] = [
  ['stats: last 7 days', () => adminStats(db, { from: day(6), to: day(0) })],
  ['stats: last 30 days', () => adminStats(db, { from: day(29), to: day(0) })],
  ['stats: last 365 days', () => adminStats(db, { from: day(364), to: day(0) })],
  ['stats: all time (no range)', () => adminStats(db, {})],
  ['clinics: first page', () => listClinics(db, { search: undefined, page: 1, pageSize: 10 })],
  ["clinics: search 'bench'", () => listClinics(db, { search: 'bench', page: 1, pageSize: 10 })],
  ['clinic profile: the big clinic', () => clinicProfile(db, String(big?.id))],
];

const rows: string[] = [];
for (const [name, run] of cases) {
  const result = await time(run);
  rows.push(`| ${name} | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | ${result.max.toFixed(1)} |`);
  console.error(rows.at(-1));
}
const [version] = await rowsOf<{ server_version: string }>(sql`show server_version`);
console.log(`
Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, PostgreSQL ${version?.server_version} (same host).
Data: ${counts?.payments.toLocaleString('en-GB')} payments across ${counts?.clinics.toLocaleString('en-GB')} clinics, paid ${counts?.first} to ${counts?.last}.
${ITERATIONS} timed runs after ${WARMUP} warm-up runs, one at a time.

| admin query | p50 ms | p95 ms | max ms |
| --- | --- | --- | --- |
${rows.join('\n')}
`);
await database.close();
