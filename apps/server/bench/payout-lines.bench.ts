/**
 * `node --import tsx bench/payout-lines.bench.ts`: a payout's breakdown (GET /api/payouts/:payoutId)
 * with 5,000 lines, on the database of bench/payments.ts: the big clinic's connected account in the
 * sandbox with a paid payout of 5,000 of its payments and refunds (bench/backoffice-seed.ts), recorded
 * by ClinicPay as its payout.paid event records it (the payouts module's onPayoutEvent, which keeps the
 * lines). Budget: ≤ 200 ms (p95). Timings call the service function the route calls (SQL and mapping,
 * no HTTP). The baseline, measured in the same run, is the old way: the payout and its lines read from
 * the provider (here the sandbox gateway, one query; with Stripe, a page of 100 lines per request), the
 * payments named by the lines' intents read in one query. Prints markdown tables for docs/benchmarks.md.
 */
import { sql } from 'drizzle-orm';
import { createSandboxGateway } from '../src/gateway/sandbox/sandbox-gateway.js';
import type { JobQueue } from '../src/jobs/index.js';
import { findPaymentsByIntents } from '../src/modules/payments/index.js';
import { onPayoutEvent } from '../src/modules/payouts/index.js';
import { getPayoutDetail } from '../src/modules/payouts/service.js';
import { BENCH_PAYOUT_ID, seedSandboxPayout } from './backoffice-seed.js';
import {
  machineLine,
  openBenchDatabase,
  rowsOf,
  type Target,
  targetsTable,
  timeRuns,
  timingRow,
} from './harness.js';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 50);
const WARMUP = 5;
const BUDGET_MS = 200;

const { database, db, bigClinicId } = await openBenchDatabase();
const accountId = await seedSandboxPayout(db, bigClinicId, (line) => console.error(line));

// The sandbox as the provider. The bench reads it only, so it needs no job queue (none of its jobs runs).
const noJobs = { register: () => {}, send: async () => null } as unknown as JobQueue;
const gateway = createSandboxGateway({
  db,
  publicUrl: 'https://pay.example.com',
  webhookSecret: 'whsec_bench',
  transport: () => undefined,
  jobs: noJobs,
});

// ClinicPay records the payout from its payout.paid event, as the webhook would.
const recordStarted = performance.now();
const write = await onPayoutEvent(
  { db, gateway, jobs: noJobs, publicUrl: 'https://pay.example.com', log: { info: () => {} } },
  {
    id: `evt_bench_${Date.now()}`,
    type: 'payout.paid',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    account: accountId,
    data: { object: { id: BENCH_PAYOUT_ID, object: 'payout' } },
  },
);
await db.transaction((tx) => write(tx));
const recordMs = performance.now() - recordStarted;
const [kept] = await rowsOf<{ lines: number }>(
  db,
  sql`select count(*)::int as lines from payout_lines l join payouts p on p.id = l.payout_id
      where p.provider_payout_id = ${BENCH_PAYOUT_ID}`,
).catch(() => [{ lines: 0 }]);

/** The old way: the payout and its lines from the provider, their payments in one query. */
async function fromProvider() {
  const payout = await gateway.retrievePayout(accountId, BENCH_PAYOUT_ID);
  const transactions = (await gateway.listPayoutBalanceTransactions(accountId, BENCH_PAYOUT_ID)).filter(
    (line) => !(line.type === 'payout' && (line.sourceId === BENCH_PAYOUT_ID || line.sourceId === null)),
  );
  const intents = [
    ...new Set(transactions.flatMap((line) => (line.paymentIntentId ? [line.paymentIntentId] : []))),
  ];
  const payments = new Map(
    (await findPaymentsByIntents(db, bigClinicId, intents)).map((payment) => [
      payment.paymentIntentId,
      payment,
    ]),
  );
  return {
    payout,
    lines: transactions.map((line) => ({ ...line, payment: payments.get(line.paymentIntentId ?? '') })),
  };
}

const detail = await getPayoutDetail({ db, gateway }, bigClinicId, BENCH_PAYOUT_ID);
const old = await fromProvider();
if (detail.lines.length !== old.lines.length || detail.linesTotal !== detail.payout.amount)
  throw new Error(
    `the kept breakdown (${detail.lines.length} lines, ${detail.linesTotal}p) is not the provider's (${old.lines.length} lines, ${detail.payout.amount}p)`,
  );

const timing = await timeRuns(() => getPayoutDetail({ db, gateway }, bigClinicId, BENCH_PAYOUT_ID), {
  warmup: WARMUP,
  iterations: ITERATIONS,
});
const baseline = await timeRuns(fromProvider, { warmup: WARMUP, iterations: ITERATIONS });
const name = `payout breakdown: ${detail.lines.length.toLocaleString('en-GB')} lines`;
const targets: Target[] = [
  {
    name,
    timing,
    budgetMs: BUDGET_MS,
    baseline: { name: 'read from the provider (the sandbox)', timing: baseline },
  },
];

console.log(`
${await machineLine(db)}
Data: a paid payout of the big clinic with ${detail.lines.length.toLocaleString('en-GB')} lines (${kept?.lines.toLocaleString('en-GB')} kept), £${(detail.payout.amount / 100).toFixed(2)}; recording it from its payout.paid event (reading the lines from the sandbox and keeping them) took ${recordMs.toFixed(0)} ms${kept && recordMs < 50 ? ' (kept already by an earlier run)' : ''}.
${ITERATIONS} timed runs after ${WARMUP} warm-up runs, one at a time, each way.

| payout query | p50 ms | p95 ms | max ms |
| --- | --- | --- | --- |
${timingRow(`${name}, kept by ClinicPay`, timing)}
${timingRow(`${name}, read from the provider (the sandbox: one query)`, baseline)}

Targets:

${targetsTable(targets)}
`);
await database.close();
