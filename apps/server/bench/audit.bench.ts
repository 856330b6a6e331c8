/**
 * `node --import tsx bench/audit.bench.ts`: the audit trails at 1,000,000 entries (the database of
 * bench/payments.ts, its audit log topped up once by bench/backoffice-seed.ts; the big clinic holds
 * about 100,000): the admin's log (GET /api/admin/audit) and the clinic owner's (GET /api/clinic/audit),
 * by action, clinic and London days, first, deep and last pages. Budget: p95 ≤ 20 ms for each. Timings
 * call the service functions the routes call (SQL and mapping, no HTTP). The baseline, measured in the
 * same run, is the trails' old SQL (an OFFSET over the entries joined to their actor and clinic, and a
 * separate count of every match), written out here. Prints markdown tables for docs/benchmarks.md.
 */
import { ADMIN_AUDIT_PAGE_SIZE, type AuditAction } from '@clinicpay/shared';
import { sql } from 'drizzle-orm';
import { listAuditEntries, listClinicAuditEntries } from '../src/modules/audit/index.js';
import { seedAuditEntries } from './backoffice-seed.js';
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
const BASELINE_ITERATIONS = Number(process.env.BENCH_BASELINE_ITERATIONS ?? 10);
const BUDGET_MS = 20;
const PAGE_SIZE = ADMIN_AUDIT_PAGE_SIZE;

const { database, db, bigClinicId } = await openBenchDatabase();
await seedAuditEntries(db, bigClinicId, (line) => console.error(line));

const [counts] = await rowsOf<{ entries: number; big: number }>(
  db,
  sql`select count(*)::int as entries, count(*) filter (where clinic_id = ${bigClinicId})::int as big from audit_log`,
);
const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

interface Filters {
  action?: AuditAction;
  clinicId?: string;
  from?: string;
  to?: string;
  page: number;
}

/** The old SQL: the page by OFFSET with each entry's actor and clinic, and a count of every match. */
async function oldPage(filters: Filters) {
  const conditions = [sql`true`];
  if (filters.action) conditions.push(sql`a.action = ${filters.action}`);
  if (filters.clinicId) conditions.push(sql`a.clinic_id = ${filters.clinicId}`);
  if (filters.from)
    conditions.push(sql`a.created_at >= (${filters.from}::date::timestamp at time zone 'Europe/London')`);
  if (filters.to)
    conditions.push(sql`a.created_at < ((${filters.to}::date + 1)::timestamp at time zone 'Europe/London')`);
  const where = sql.join(conditions, sql` and `);
  const [items, [total]] = await Promise.all([
    rowsOf(
      db,
      sql`select a.id, a.action, u.email, a.clinic_id, c.clinic_name, a.entity_type, a.entity_id, a.created_at,
                 a.details, a.ip_address
          from audit_log a left join users u on u.id = a.actor_user_id left join clinics c on c.id = a.clinic_id
          where ${where} order by a.created_at desc nulls last, a.id desc nulls last
          limit ${PAGE_SIZE} offset ${(filters.page - 1) * PAGE_SIZE}`,
    ),
    rowsOf<{ total: number }>(db, sql`select count(*)::int as total from audit_log a where ${where}`),
  ]);
  return { items, total: total?.total };
}

const lastPage = Math.ceil((counts?.entries ?? 0) / PAGE_SIZE);
const clinicLastPage = Math.ceil((counts?.big ?? 0) / PAGE_SIZE);
const admin = (filters: Filters) => () => listAuditEntries(db, { pageSize: PAGE_SIZE, ...filters });
const owner = (filters: Filters) => () =>
  listClinicAuditEntries(db, bigClinicId, { pageSize: PAGE_SIZE, ...filters });
const ofClinic = (filters: Filters) => ({ ...filters, clinicId: bigClinicId });

const cases: [string, () => Promise<unknown>, Filters][] = [
  ['admin: whole log, first page', admin({ page: 1 }), { page: 1 }],
  ['admin: whole log, page 2,000 (50,000 in)', admin({ page: 2000 }), { page: 2000 }],
  [
    `admin: whole log, page ${Math.floor(lastPage / 2)} (the middle)`,
    admin({ page: Math.floor(lastPage / 2) }),
    { page: Math.floor(lastPage / 2) },
  ],
  [`admin: whole log, last page (${lastPage})`, admin({ page: lastPage }), { page: lastPage }],
  [
    "admin: action 'account.signed_in' (4 in 10), first page",
    admin({ action: 'account.signed_in', page: 1 }),
    { action: 'account.signed_in', page: 1 },
  ],
  [
    "admin: action 'refund.succeeded', page 2,000",
    admin({ action: 'refund.succeeded', page: 2000 }),
    { action: 'refund.succeeded', page: 2000 },
  ],
  [
    "admin: action 'platform_fee.updated' (rare), first page",
    admin({ action: 'platform_fee.updated', page: 1 }),
    { action: 'platform_fee.updated', page: 1 },
  ],
  ['admin: the big clinic, first page', admin(ofClinic({ page: 1 })), ofClinic({ page: 1 })],
  ['admin: the big clinic, page 2,000', admin(ofClinic({ page: 2000 })), ofClinic({ page: 2000 })],
  [
    'admin: last 30 days, first page',
    admin({ from: day(29), to: day(0), page: 1 }),
    { from: day(29), to: day(0), page: 1 },
  ],
  [
    'admin: last 30 days, page 1,000',
    admin({ from: day(29), to: day(0), page: 1000 }),
    { from: day(29), to: day(0), page: 1000 },
  ],
  [
    "admin: 'request.sent' in the last 7 days, page 10",
    admin({ action: 'request.sent', from: day(6), to: day(0), page: 10 }),
    { action: 'request.sent', from: day(6), to: day(0), page: 10 },
  ],
  ['owner: first page', owner({ page: 1 }), ofClinic({ page: 1 })],
  [
    `owner: page ${Math.floor(clinicLastPage / 2)} (the middle)`,
    owner({ page: Math.floor(clinicLastPage / 2) }),
    ofClinic({ page: Math.floor(clinicLastPage / 2) }),
  ],
  [
    `owner: last page (${clinicLastPage})`,
    owner({ page: clinicLastPage }),
    ofClinic({ page: clinicLastPage }),
  ],
  [
    "owner: action 'account.signed_in', first page",
    owner({ action: 'account.signed_in', page: 1 }),
    ofClinic({ action: 'account.signed_in', page: 1 }),
  ],
  [
    "owner: action 'account.signed_in', page 500",
    owner({ action: 'account.signed_in', page: 500 }),
    ofClinic({ action: 'account.signed_in', page: 500 }),
  ],
  [
    "owner: action 'two_factor.enabled' (rare), first page",
    owner({ action: 'two_factor.enabled', page: 1 }),
    ofClinic({ action: 'two_factor.enabled', page: 1 }),
  ],
  [
    'owner: last 30 days, first page',
    owner({ from: day(29), to: day(0), page: 1 }),
    ofClinic({ from: day(29), to: day(0), page: 1 }),
  ],
  [
    "owner: 'payments.exported' in the last 90 days, page 5",
    owner({ action: 'payments.exported', from: day(89), to: day(0), page: 5 }),
    ofClinic({ action: 'payments.exported', from: day(89), to: day(0), page: 5 }),
  ],
];

const rows: string[] = [];
const targets: Target[] = [];
for (const [name, run, filters] of cases) {
  const timing = await timeRuns(run, { warmup: WARMUP, iterations: ITERATIONS });
  const baseline = await timeRuns(() => oldPage(filters), { warmup: 1, iterations: BASELINE_ITERATIONS });
  rows.push(timingRow(name, timing));
  console.error(rows.at(-1), `(old: ${baseline.p50.toFixed(1)} / ${baseline.p95.toFixed(1)})`);
  targets.push({ name, timing, budgetMs: BUDGET_MS, baseline: { name: 'old SQL', timing: baseline } });
}

console.log(`
${await machineLine(db)}
Data: ${counts?.entries.toLocaleString('en-GB')} audit entries, ${counts?.big.toLocaleString('en-GB')} of them the big clinic's.
${ITERATIONS} timed runs after ${WARMUP} warm-up runs, one at a time; the old SQL ${BASELINE_ITERATIONS} runs after 1.

| audit trail query (${PAGE_SIZE} a page) | p50 ms | p95 ms | max ms |
| --- | --- | --- | --- |
${rows.join('\n')}

Targets:

${targetsTable(targets)}
`);
await database.close();
