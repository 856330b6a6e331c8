/**
 * `node --import tsx bench/admin-stats.bench.ts`: the admin statistics (docs/product.md#constants), clinic
 * list and clinic profile on PostgreSQL with 1,000,000 payments across 1,000 clinics (the budget in
 * docs/benchmarks.md: admin statistics p95 under 50 ms). Uses the database of bench/payments.ts
 * (BENCH_DATABASE_URL or DATABASE_URL), seeding it the same way when empty. Timings call the service
 * functions the routes call (SQL and mapping, no HTTP). Prints a markdown table for docs/benchmarks.md.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { adminStats, clinicProfile, listClinics } from '../src/modules/admin/service.js';
import { openBenchDatabase, rowsOf as rowsOfDb, timeCases } from './harness.js';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100);
const WARMUP = 10;

const { database, db, bigClinicId } = await openBenchDatabase();
const rowsOf = <T>(query: ReturnType<typeof sql>) => rowsOfDb<T>(db, query);
const [counts] = await rowsOf<{ payments: number; clinics: number; first: string; last: string }>(
  sql`select count(*)::int as payments, (select count(*) from clinics)::int as clinics,
    min(paid_at)::text as first, max(paid_at)::text as last from payments`,
);

const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
const cases: [string, () => Promise<unknown>][] = [
  ['stats: last 7 days', () => adminStats(db, { from: day(6), to: day(0) })],
  ['stats: last 30 days', () => adminStats(db, { from: day(29), to: day(0) })],
  ['stats: last 365 days', () => adminStats(db, { from: day(364), to: day(0) })],
  ['stats: all time (no range)', () => adminStats(db, {})],
  ['clinics: first page', () => listClinics(db, { search: undefined, page: 1, pageSize: 10 })],
  ["clinics: search 'bench'", () => listClinics(db, { search: 'bench', page: 1, pageSize: 10 })],
  ['clinic profile: the big clinic', () => clinicProfile(db, bigClinicId)],
];

const rows = await timeCases(cases, { warmup: WARMUP, iterations: ITERATIONS });
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
