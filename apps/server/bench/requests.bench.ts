/**
 * `node --import tsx bench/requests.bench.ts`: the Requests page (GET /api/payment-requests: every
 * filter, search, first, deep and last pages) for a clinic with 100,000 payment requests ("Bench
 * Requests Clinic", added to the database of bench/payments.ts once: bench/backoffice-seed.ts). Budget:
 * p95 ≤ 20 ms for each. Timings call the service function the route calls (SQL and mapping, no HTTP).
 * The baseline, measured in the same run, is the Requests page's old SQL (an OFFSET over the full rows
 * joined to their links, and a separate count of every match), written out here. Prints markdown
 * tables for docs/benchmarks.md.
 */
import type { ListRequestsQuery } from '@clinicpay/shared';
import { sql } from 'drizzle-orm';
import { containsPattern } from '../src/db/like.js';
import { listPaymentRequests } from '../src/modules/requests/service.js';
import { seedRequestsClinic } from './backoffice-seed.js';
import {
  machineLine,
  openBenchDatabase,
  rowsOf,
  type Target,
  targetsTable,
  timeRuns,
  timingRow,
} from './harness.js';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100);
const WARMUP = 10;
const BASELINE_ITERATIONS = Number(process.env.BENCH_BASELINE_ITERATIONS ?? 20);
const BUDGET_MS = 20;
const PAGE_SIZE = 20;

const { database, db } = await openBenchDatabase();
const clinicId = await seedRequestsClinic(db, (line) => console.error(line));

const [counts] = await rowsOf<{ requests: number; all: number }>(
  db,
  sql`select count(*) filter (where clinic_id = ${clinicId})::int as requests, count(*)::int as all from payment_requests`,
);
const pages = Math.ceil((counts?.requests ?? 0) / PAGE_SIZE);

/** The old way: the filter's SQL as the Requests page's query wrote it. */
function oldFilter(filter: ListRequestsQuery['status'], now: Date) {
  const at = now.toISOString();
  const unpaid = sql`r.status = 'sent' and r.cancelled_at is null`;
  const open = sql`${unpaid} and (r.expires_at is null or r.expires_at > ${at})`;
  switch (filter) {
    case 'open':
      return sql` and ${open}`;
    case 'viewed':
      return sql` and ${open} and r.viewed_at is not null`;
    case 'reminded':
      return sql` and ${open} and r.last_reminded_at is not null`;
    case 'paid':
      return sql` and r.status = 'paid'`;
    case 'expired':
      return sql` and ${unpaid} and r.expires_at <= ${at}`;
    case 'cancelled':
      return sql` and r.status = 'sent' and r.cancelled_at is not null`;
    default:
      return sql``;
  }
}

/** The old Requests page: the page by OFFSET with each row's link, and a count of every match. */
async function oldPage(query: ListRequestsQuery) {
  const where = sql`r.clinic_id = ${clinicId}${oldFilter(query.status, new Date())}${
    query.search ? sql` and r.search_text like ${containsPattern(query.search)}` : sql``
  }`;
  const [items, [total]] = await Promise.all([
    rowsOf(
      db,
      sql`select r.*, l.amount as link_amount, l.title as link_title, l.type as link_type
          from payment_requests r left join payment_links l on l.id = r.payment_link_id
          where ${where} order by r.sent_at desc, r.id desc limit ${PAGE_SIZE} offset ${(query.page - 1) * PAGE_SIZE}`,
    ),
    rowsOf<{ total: number }>(db, sql`select count(*)::int as total from payment_requests r where ${where}`),
  ]);
  return { items, total: total?.total };
}

const cases: [string, ListRequestsQuery][] = [
  ['list: first page', { page: 1 }],
  ['list: page 100', { page: 100 }],
  [
    `list: page ${pages / 2} (the middle: ${((pages / 2 - 1) * PAGE_SIZE).toLocaleString('en-GB')} in)`,
    { page: pages / 2 },
  ],
  [`list: last page (${pages})`, { page: pages }],
  ['filter: open (waiting for payment)', { status: 'open', page: 1 }],
  ['filter: viewed (opened, not paid)', { status: 'viewed', page: 1 }],
  ['filter: reminded', { status: 'reminded', page: 1 }],
  ['filter: paid', { status: 'paid', page: 1 }],
  ['filter: paid, page 2,000', { status: 'paid', page: 2000 }],
  ['filter: expired', { status: 'expired', page: 1 }],
  ['filter: expired, last page', { status: 'expired', page: 700 }],
  ['filter: cancelled', { status: 'cancelled', page: 1 }],
  ["search: 'smith' (1 in 10)", { search: 'smith', page: 1 }],
  ["search: 'smith', page 100", { search: 'smith', page: 100 }],
  ["search: 'olivia.smith1234' (one email)", { search: 'olivia.smith1234', page: 1 }],
  ["search: '07700001234' (a phone)", { search: '07700001234', page: 1 }],
  ["search: 'sm' (2 letters: a word's start)", { search: 'sm', page: 1 }],
  ["search: 'zq' (2 letters, no match)", { search: 'zq', page: 1 }],
  ["search 'smith' and filter open", { search: 'smith', status: 'open', page: 1 }],
];

const rows: string[] = [];
const targets: Target[] = [];
for (const [name, query] of cases) {
  const timing = await timeRuns(() => listPaymentRequests(db, clinicId, query), {
    warmup: WARMUP,
    iterations: ITERATIONS,
  });
  const baseline = await timeRuns(() => oldPage(query), { warmup: 2, iterations: BASELINE_ITERATIONS });
  rows.push(timingRow(name, timing));
  console.error(rows.at(-1), `(old: ${baseline.p50.toFixed(1)} / ${baseline.p95.toFixed(1)})`);
  targets.push({ name, timing, budgetMs: BUDGET_MS, baseline: { name: 'old SQL', timing: baseline } });
}

console.log(`
${await machineLine(db)}
Data: ${counts?.requests.toLocaleString('en-GB')} payment requests in the requests clinic (80% paid, 5% cancelled, the rest unpaid, most past their last day), ${counts?.all.toLocaleString('en-GB')} in all.
${ITERATIONS} timed runs after ${WARMUP} warm-up runs, one at a time; the old SQL ${BASELINE_ITERATIONS} runs after 2.

| Requests page query (${PAGE_SIZE} a page) | p50 ms | p95 ms | max ms |
| --- | --- | --- | --- |
${rows.join('\n')}

Targets:

${targetsTable(targets)}
`);
await database.close();
