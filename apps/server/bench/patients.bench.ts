/**
 * `node --import tsx bench/patients.bench.ts`: the Patients list and search, and a patient's page, on
 * PostgreSQL for the big clinic of bench/payments.ts's database (100,000 payments, each from a patient
 * of its own, so 100,000 patients and more). Budget: p95 ≤ 20 ms for the list and search at 100,000
 * patients. Timings call the service functions the routes call (SQL and mapping, no HTTP). The search's
 * baseline, measured in the same run, is the same search read without its trigram index (PostgreSQL
 * told not to use bitmap scans, which a GIN index needs, so each of the clinic's patients is tested).
 * Prints markdown tables for docs/benchmarks.md, the targets with their baselines and ratios last.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { getPatient, listPatients } from '../src/modules/patients/service.js';
import {
  openBenchDatabase,
  rowsOf as rowsOfDb,
  type Target,
  targetsTable,
  timeCases,
  timeRuns,
} from './harness.js';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100);
const WARMUP = 10;

const { database, db, bigClinicId } = await openBenchDatabase();
const rowsOf = <T>(query: ReturnType<typeof sql>) => rowsOfDb<T>(db, query);
const [counts] = await rowsOf<{ patients: number; all: number }>(
  sql`select count(*) filter (where clinic_id = ${bigClinicId})::int as patients, count(*)::int as all from patients`,
);
const pages = Math.ceil((counts?.patients ?? 0) / 25);
const [somePatient] = await rowsOf<{ id: string }>(
  sql`select patient_id as id from payments where clinic_id = ${bigClinicId} and patient_id is not null limit 1`,
);

const cases: [string, () => Promise<unknown>][] = [
  ['list: first page', () => listPatients(db, bigClinicId, { page: 1 })],
  ['list: page 100', () => listPatients(db, bigClinicId, { page: 100 })],
  [
    `list: the middle page (${Math.ceil(pages / 2)})`,
    () => listPatients(db, bigClinicId, { page: Math.ceil(pages / 2) }),
  ],
  [`list: last page (${pages})`, () => listPatients(db, bigClinicId, { page: pages })],
  ["search: 'smith' (a common name)", () => listPatients(db, bigClinicId, { search: 'smith', page: 1 })],
  [
    "search: 'olivia.wright1234' (one email)",
    () => listPatients(db, bigClinicId, { search: 'olivia.wright1234', page: 1 }),
  ],
  ["search: '0770001234' (a phone)", () => listPatients(db, bigClinicId, { search: '0770001234', page: 1 })],
  ["search: 'sm' (a word's start: Smith)", () => listPatients(db, bigClinicId, { search: 'sm', page: 1 })],
  ["search: 'zz' (a word's start, no match)", () => listPatients(db, bigClinicId, { search: 'zz', page: 1 })],
  ["a patient's page", () => getPatient(db, bigClinicId, String(somePatient?.id))],
];

const rows = await timeCases(cases, { warmup: WARMUP, iterations: ITERATIONS });

const BUDGET_MS = 20;
const BASELINE = { warmup: 2, iterations: 20 };
/** The search read without its trigram index: every one of the clinic's patients tested. */
const withoutIndex = (search: string) => () =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_bitmapscan = off`);
    return listPatients(tx as unknown as typeof db, bigClinicId, { search, page: 1 });
  });
const searches: [string, string][] = [
  ["search: 'smith' (a common name)", 'smith'],
  ["search: 'olivia.wright1234' (one email)", 'olivia.wright1234'],
  ["search: '0770001234' (a phone)", '0770001234'],
  // Shorter than a trigram: a word's start, through the same index (decision 0136).
  ["search: 'sm' (a word's start: Smith)", 'sm'],
  ["search: 'zz' (a word's start, no match)", 'zz'],
];
// The list at any depth: the first page, the middle one (the deepest an OFFSET walks, since a page in
// the later half is read from the last name back) and the last.
const targets: Target[] = [];
for (const page of [1, Math.ceil(pages / 2), pages]) {
  targets.push({
    name: page === 1 ? 'list: first page' : `list: page ${page} of ${pages}`,
    budgetMs: BUDGET_MS,
    timing: await timeRuns(() => listPatients(db, bigClinicId, { page }), {
      warmup: WARMUP,
      iterations: ITERATIONS,
    }),
  });
}
for (const [name, search] of searches) {
  targets.push({
    name,
    budgetMs: BUDGET_MS,
    timing: await timeRuns(() => listPatients(db, bigClinicId, { search, page: 1 }), {
      warmup: WARMUP,
      iterations: ITERATIONS,
    }),
    baseline: { name: 'without its index', timing: await timeRuns(withoutIndex(search), BASELINE) },
  });
}
const [version] = await rowsOf<{ server_version: string }>(sql`show server_version`);
console.log(`
Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, PostgreSQL ${version?.server_version} (same host).
Data: ${counts?.patients.toLocaleString('en-GB')} patients in the big clinic, ${counts?.all.toLocaleString('en-GB')} in all.
${ITERATIONS} timed runs after ${WARMUP} warm-up runs, one at a time.

| patients query | p50 ms | p95 ms | max ms |
| --- | --- | --- | --- |
${rows.join('\n')}

Targets (baselines: ${BASELINE.iterations} timed runs after ${BASELINE.warmup}):

${targetsTable(targets)}
`);
await database.close();
