/**
 * `npm run bench`: the clinic's payment history, dashboard stats and CSV report on PostgreSQL with 1,000,000
 * payments across 1,000 clinics, one of them ("Bench Big Clinic") holding 100,000 (the budgets in
 * docs/benchmarks.md: history and stats p95 under 20 ms; the CSV of the 100,000 under 3 s with peak memory
 * flat in the row count). BENCH_DATABASE_URL (or DATABASE_URL) names the database; it is migrated, and seeded
 * with `seedDemoData` when it has no big clinic yet (BENCH_PAYMENTS, BENCH_CLINICS, BENCH_BIG_CLINIC change
 * the sizes). Timings call the service functions the routes call (SQL and mapping, no HTTP). Prints a
 * markdown table for docs/benchmarks.md, then the targets: every history page p95 ≤ 15 ms, and page 5,000
 * (Next from page 4,999, a keyset read) at least 100× faster than the old way, which fetched the whole
 * history and cut the page out of it; both baselines (that, and a plain OFFSET with a separate count)
 * are measured in the same run (BENCH_BASELINE_ITERATIONS timed runs, default 5).
 */
import { sql } from 'drizzle-orm';
import { type ExportContext, exportPayments } from '../src/modules/payments/report.js';
import { clinicStats, listPayments, type PaymentsContext } from '../src/modules/payments/service.js';
import {
  machineLine,
  openBenchDatabase,
  rowsOf,
  type Target,
  type Timing,
  targetsTable,
  timeRuns,
  timingRow,
} from './harness.js';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const WARMUP = 20;
const BASELINE_ITERATIONS = Number(process.env.BENCH_BASELINE_ITERATIONS ?? 5);

const { database, db, bigClinicId: clinicId } = await openBenchDatabase();

const context: PaymentsContext = { db, clinicId, publicUrl: 'https://pay.example.com' };
// The report is exported as the clinic's owner (the seed's staff account), as the route does: each
// run writes its audit entry.
const [owner] = await rowsOf<{ id: string }>(
  db,
  sql`select id from users where clinic_id = ${clinicId} order by created_at limit 1`,
);
if (!owner) throw new Error('the big clinic has no user to export as');
const exportContext: ExportContext = { ...context, actorUserId: owner.id };

const counts = (
  (await db.execute(sql`select (select count(*) from payments)::int as payments, (select count(*) from clinics)::int as clinics,
    (select count(*) from payments where clinic_id = ${clinicId})::int as big,
    (select count(*) from payment_requests where clinic_id = ${clinicId} and paid_at is null)::int as big_requests`)) as unknown as {
    rows: { payments: number; clinics: number; big: number; big_requests: number }[];
  }
).rows[0];

const base = { type: 'all', status: 'all', search: undefined, page: 1, pageSize: 10 } as const;
const today = new Date();
const monthAgo = new Date(today.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
const lastPage = Math.ceil(((counts?.big ?? 0) + (counts?.big_requests ?? 0)) / 10);
// What the web's Next button asks for: page 5,000 from page 4,999's nextCursor.
const nextCursor = (await listPayments(context, { ...base, page: 4999 })).nextCursor ?? undefined;
const cases: [string, () => Promise<unknown>][] = [
  ['history: first page (10)', () => listPayments(context, base)],
  ['history: page 5,000 by offset (49,990)', () => listPayments(context, { ...base, page: 5000 })],
  [
    'history: page 5,000 by cursor (Next from 4,999)',
    () => listPayments(context, { ...base, page: 5000, cursor: nextCursor }),
  ],
  [`history: last page (${lastPage})`, () => listPayments(context, { ...base, page: lastPage })],
  ["history: search 'smith' (1 in 10)", () => listPayments(context, { ...base, search: 'smith' })],
  [
    "history: search 'olivia.smith1234' (none in this clinic)",
    () => listPayments(context, { ...base, search: 'olivia.smith1234' }),
  ],
  [
    "history: search '07700 900123' (a phone)",
    () => listPayments(context, { ...base, search: '07700 900123' }),
  ],
  [
    "history: search 'sm' (2 letters: a word's start)",
    () => listPayments(context, { ...base, search: 'sm' }),
  ],
  [
    "history: search '07700' (7 in 10: most of the clinic's patients)",
    () => listPayments(context, { ...base, search: '07700' }),
  ],
  ["history: search 'zq' (2 letters, no match)", () => listPayments(context, { ...base, search: 'zq' })],
  [
    'history: last 30 days',
    () => listPayments(context, { ...base, from: monthAgo, to: today.toISOString().slice(0, 10) }),
  ],
  ['history: status refunded', () => listPayments(context, { ...base, status: 'refunded' })],
  ['stats', () => clinicStats(context)],
];

const rows: string[] = [];
const timings = new Map<string, Timing>();
for (const [name, run] of cases) {
  const timing = await timeRuns(run, { warmup: WARMUP, iterations: ITERATIONS });
  timings.set(name, timing);
  rows.push(timingRow(name, timing));
  console.error(rows.at(-1));
}

// The baselines, in SQL beside the bench: the history as one relation (its payments and unpaid
// requests, the columns a page shows), read the old ways.
const history = sql`(
  select p.id, p.paid_at as date, p.patient_name, p.patient_email, p.patient_phone, p.amount_paid as amount,
         p.status::text as status, p.type::text as type, p.title, p.payment_ref as reference, p.refund_amount as refunded
  from payments p where p.clinic_id = ${clinicId}
  union all
  select r.id, r.sent_at, r.patient_name, r.patient_email, r.patient_phone, r.custom_amount, 'sent', 'other',
         r.title, null, 0
  from payment_requests r where r.clinic_id = ${clinicId} and r.paid_at is null
) as h`;
/** The old way: every entry of the clinic read, newest first, and the page cut out of them. */
const fetchEverything = async (page: number) => {
  const all = await rowsOf<{ id: string }>(db, sql`select * from ${history} order by date desc, id desc`);
  return { items: all.slice((page - 1) * 10, page * 10), total: all.length };
};
/** The naive SQL way: the page by OFFSET on the sorted union, and a separate count of every entry. */
const plainOffset = async (page: number) => {
  const [items, [total]] = await Promise.all([
    rowsOf(db, sql`select * from ${history} order by date desc, id desc limit 10 offset ${(page - 1) * 10}`),
    rowsOf<{ total: number }>(db, sql`select count(*)::int as total from ${history}`),
  ]);
  return { items, total: total?.total };
};
const baselineOptions = { warmup: 1, iterations: BASELINE_ITERATIONS };
const everything = {
  name: 'whole history fetched, page cut out',
  timing: await timeRuns(() => fetchEverything(5000), baselineOptions),
};
console.error(timingRow(`baseline: page 5,000, ${everything.name}`, everything.timing));
const offsetBaseline = {
  name: 'plain OFFSET and a count',
  timing: await timeRuns(() => plainOffset(5000), { warmup: 2, iterations: 4 * BASELINE_ITERATIONS }),
};
console.error(timingRow(`baseline: page 5,000, ${offsetBaseline.name}`, offsetBaseline.timing));
const timingOf = (name: string): Timing => {
  const timing = timings.get(name);
  if (!timing) throw new Error(`no timing for ${name}`);
  return timing;
};
const PAGE_BUDGET_MS = 15;
const targets: Target[] = [
  { name: 'history: first page', timing: timingOf('history: first page (10)'), budgetMs: PAGE_BUDGET_MS },
  {
    name: 'history: page 5,000 by cursor (deep page, keyset): speed-up',
    timing: timingOf('history: page 5,000 by cursor (Next from 4,999)'),
    budgetMs: PAGE_BUDGET_MS,
    baseline: everything,
    minSpeedUp: 100,
  },
  {
    name: 'history: page 5,000 by cursor, against a plain OFFSET',
    timing: timingOf('history: page 5,000 by cursor (Next from 4,999)'),
    budgetMs: PAGE_BUDGET_MS,
    baseline: offsetBaseline,
  },
  {
    name: 'history: page 5,000 by page number (a typed address)',
    timing: timingOf('history: page 5,000 by offset (49,990)'),
    budgetMs: PAGE_BUDGET_MS,
    baseline: offsetBaseline,
  },
  {
    name: `history: last page (${lastPage})`,
    timing: timingOf(`history: last page (${lastPage})`),
    budgetMs: PAGE_BUDGET_MS,
  },
];

/** Lines in a chunk, found with indexOf rather than a loop over every character. */
function linesIn(text: string) {
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

/**
 * Streams a report to nowhere, sampling memory every 64 KB read and at the end. With `live`, each
 * sample follows a forced GC, so it counts what the export holds rather than garbage not yet collected
 * (that run is not timed).
 */
async function exportRun(filters: Parameters<typeof exportPayments>[1], live = false) {
  gc();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  let bytes = 0;
  let lines = 0;
  const sample = () => {
    if (live) gc();
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const start = performance.now();
  const { csv } = await exportPayments(exportContext, filters);
  let sampledAt = 0;
  for await (const chunk of csv) {
    const text = String(chunk);
    bytes += Buffer.byteLength(text);
    lines += linesIn(text);
    if (bytes - sampledAt >= 65_536) {
      sample();
      sampledAt = bytes;
    }
  }
  sample();
  const mb = (value: number) => (value / 1024 / 1024).toFixed(0);
  return {
    rows: (lines - 1).toLocaleString('en-GB'),
    seconds: ((performance.now() - start) / 1000).toFixed(2),
    written: (bytes / 1024 / 1024).toFixed(1),
    heap: mb(peakHeap - before.heapUsed),
    rss: mb(peakRss - before.rss),
  };
}

const exports: string[] = [];
for (const [name, filters] of [
  ['last 30 days', { type: 'all', status: 'all', search: undefined, from: monthAgo }],
  ['status paid, type deposit', { type: 'deposit', status: 'paid', search: undefined }],
  ['everything', { type: 'all', status: 'all', search: undefined }],
  ['everything (again)', { type: 'all', status: 'all', search: undefined }],
] as const) {
  const timed = await exportRun(filters);
  const live = await exportRun(filters, true);
  exports.push(
    `| ${name} | ${timed.rows} | ${timed.seconds} | ${timed.written} | ${timed.heap} | ${live.heap} | ${timed.rss} |`,
  );
  console.error(exports.at(-1));
}

console.log(`
${await machineLine(db)}
Data: ${counts?.payments.toLocaleString('en-GB')} payments across ${counts?.clinics.toLocaleString('en-GB')} clinics; the big clinic holds ${counts?.big.toLocaleString('en-GB')} payments and ${counts?.big_requests.toLocaleString('en-GB')} unpaid requests.
${ITERATIONS} timed runs after ${WARMUP} warm-up runs, one at a time.

| query (big clinic) | p50 ms | p95 ms | max ms |
| --- | --- | --- | --- |
${rows.join('\n')}

| CSV report (big clinic) | rows | seconds | MB written | peak heap growth MB | peak live heap growth MB | peak RSS growth MB |
| --- | --- | --- | --- | --- | --- | --- |
${exports.join('\n')}

Targets (baselines: ${BASELINE_ITERATIONS} timed runs of the whole history, ${4 * BASELINE_ITERATIONS} of the plain OFFSET):

${targetsTable(targets)}
`);
await database.close();
