/**
 * `node --import tsx bench/statements.bench.ts`: the monthly statements (GET /api/statements/:month and
 * GET /api/admin/statements/:month) on the database of bench/payments.ts: the big clinic's 100,000
 * payments (about 8,300 a month, with their refunds) and the platform's 1,000,000. Budget: the clinic's
 * month ≤ 100 ms (p95). Timings call the service functions the routes call (SQL and mapping, no HTTP).
 * The baseline, measured in the same run, is the naive way: every payment and refund of the month read
 * into the server and summed there. Prints markdown tables for docs/benchmarks.md.
 */
import { sql } from 'drizzle-orm';
import { clinicStatement, monthBounds, platformStatement } from '../src/modules/statements/service.js';
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
const BUDGET_MS = 100;

const { database, db, bigClinicId } = await openBenchDatabase();

const thisMonth = new Date().toISOString().slice(0, 7);
const lastMonthDate = new Date();
lastMonthDate.setUTCDate(1);
lastMonthDate.setUTCMonth(lastMonthDate.getUTCMonth() - 1);
const lastMonth = lastMonthDate.toISOString().slice(0, 7);
const [inMonth] = await rowsOf<{ payments: number }>(
  db,
  sql`select count(*)::int as payments from payments where clinic_id = ${bigClinicId}
      and paid_at >= ${monthBounds(lastMonth).from} and paid_at < ${monthBounds(lastMonth).to}`,
);

/** The naive way: the month's payments and refunds read into the server and summed there. */
async function summedInNode(month: string) {
  const { from, to } = monthBounds(month);
  const [paid, refunds] = await Promise.all([
    rowsOf<{ status: string; amount_paid: number; platform_fee: number; stripe_fee: number | null }>(
      db,
      sql`select status, amount_paid, platform_fee, stripe_fee from payments
          where clinic_id = ${bigClinicId} and paid_at >= ${from} and paid_at < ${to}`,
    ),
    rowsOf<{ amount: number; net_amount: number; amount_paid: number }>(
      db,
      sql`select r.amount, p.net_amount, p.amount_paid from refunds r join payments p on p.id = r.payment_id
          where r.clinic_id = ${bigClinicId} and r.status = 'succeeded' and r.created_at >= ${from} and r.created_at < ${to}`,
    ),
  ]);
  const recorded = paid.filter((row) => ['paid', 'partially_refunded', 'refunded'].includes(row.status));
  return {
    count: recorded.length,
    gross: recorded.reduce((sum, row) => sum + row.amount_paid, 0),
    fees: recorded.reduce((sum, row) => sum + row.platform_fee, 0),
    refunds: refunds.reduce((sum, row) => sum + row.amount, 0),
  };
}

const cases: [string, () => Promise<unknown>, (() => Promise<unknown>) | undefined][] = [
  [
    `clinic statement: ${lastMonth} (the big clinic, a whole month)`,
    () => clinicStatement(db, bigClinicId, lastMonth),
    () => summedInNode(lastMonth),
  ],
  [
    `clinic statement: ${thisMonth} (the month so far)`,
    () => clinicStatement(db, bigClinicId, thisMonth),
    () => summedInNode(thisMonth),
  ],
  [`platform statement: ${lastMonth} (every clinic)`, () => platformStatement(db, lastMonth), undefined],
];

const rows: string[] = [];
const targets: Target[] = [];
for (const [name, run, naive] of cases) {
  const timing = await timeRuns(run, { warmup: WARMUP, iterations: ITERATIONS });
  rows.push(timingRow(name, timing));
  console.error(rows.at(-1));
  if (!naive) continue;
  const baseline = await timeRuns(naive, { warmup: 2, iterations: BASELINE_ITERATIONS });
  console.error(timingRow(`${name}: summed in the server`, baseline));
  targets.push({
    name,
    timing,
    budgetMs: BUDGET_MS,
    baseline: { name: 'rows summed in the server', timing: baseline },
  });
}

console.log(`
${await machineLine(db)}
Data: the big clinic's ${lastMonth}: ${inMonth?.payments.toLocaleString('en-GB')} payments.
${ITERATIONS} timed runs after ${WARMUP} warm-up runs, one at a time; the baseline ${BASELINE_ITERATIONS} after 2.

| statement | p50 ms | p95 ms | max ms |
| --- | --- | --- | --- |
${rows.join('\n')}

Targets:

${targetsTable(targets)}
`);
await database.close();
