/**
 * `node --import tsx bench/patients.bench.ts`: the Patients list and search, and a patient's page, on
 * PostgreSQL for the big clinic of bench/payments.ts's database (100,000 payments, each from a patient
 * of its own, so 100,000 patients and more). Budget: p95 ≤ 20 ms for the list and search at 100,000
 * patients. Timings call the service functions the routes call (SQL and mapping, no HTTP). Prints a
 * markdown table for docs/benchmarks.md.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { getPatient, listPatients } from '../src/modules/patients/service.js';
import { openBenchDatabase, rowsOf as rowsOfDb, timeCases } from './harness.js';

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
  [`list: last page (${pages})`, () => listPatients(db, bigClinicId, { page: pages })],
  ["search: 'smith' (a common name)", () => listPatients(db, bigClinicId, { search: 'smith', page: 1 })],
  [
    "search: 'olivia.wright1234' (one email)",
    () => listPatients(db, bigClinicId, { search: 'olivia.wright1234', page: 1 }),
  ],
  ["search: '0770001234' (a phone)", () => listPatients(db, bigClinicId, { search: '0770001234', page: 1 })],
  [
    "search: 'zz' (too short for trigrams, no match)",
    () => listPatients(db, bigClinicId, { search: 'zz', page: 1 }),
  ],
  ["a patient's page", () => getPatient(db, bigClinicId, String(somePatient?.id))],
];

const rows = await timeCases(cases, { warmup: WARMUP, iterations: ITERATIONS });
const [version] = await rowsOf<{ server_version: string }>(sql`show server_version`);
console.log(`
Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, PostgreSQL ${version?.server_version} (same host).
Data: ${counts?.patients.toLocaleString('en-GB')} patients in the big clinic, ${counts?.all.toLocaleString('en-GB')} in all.
${ITERATIONS} timed runs after ${WARMUP} warm-up runs, one at a time.

| patients query | p50 ms | p95 ms | max ms |
| --- | --- | --- | --- |
${rows.join('\n')}
`);
await database.close();
