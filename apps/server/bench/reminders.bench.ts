/**
 * `node --import tsx bench/reminders.bench.ts`: 10,000 payment request reminders falling due at once
 * (docs/decisions/0106-request-reminders.md), delivered by email to a real SMTP server on loopback
 * (test/smtp-peer.ts). A clinic's requests are stored as sent four days ago (day 3 of the default
 * schedule has passed), then the reminder sweep is queued as the every-minute schedule queues it, and
 * the bench counts what reaches the SMTP server until every patient has one reminder.
 *
 * Cases: one server process on the embedded database (in this process, as `npm start` runs it), and,
 * with BENCH_REMINDERS_DATABASE_URL (a PostgreSQL database it may fill), one and then two server
 * processes on it (the server entry spawned as test/server-process.ts does, as `npm run serve` runs
 * it). Target: all delivered within 120 s by one process; two processes deliver each exactly once
 * (no duplicate, none lost), faster than one (more reminders a second). A case still short after 480 s
 * is cut off and reported as it stands. Besides the times, the server processes' CPU (from /proc) per
 * delivered reminder, which a busy machine changes least. BENCH_REMINDERS changes the count,
 * BENCH_REMINDERS_CASES picks the cases, BENCH_REMINDERS_BEFORE_REF (a git ref, e.g. HEAD) adds that
 * commit's server as a "before" case. Prints a markdown table for docs/benchmarks.md.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, type Db, JOB_SCHEMA, openDatabase } from '../src/db/client.js';
import { createJobQueue } from '../src/jobs/index.js';
import { sendRemindersJob } from '../src/modules/requests/index.js';
import { freePort, serveNodeFlags } from '../test/server-process.js';
import { type SmtpPeer, startSmtpPeer } from '../test/smtp-peer.js';

// React Email renders with React's production build, as a production server does; this process's
// app is configured by loadConfig alone. React is loaded with the first email, after this line.
process.env.NODE_ENV ??= 'production';

const REMINDERS = Number(process.env.BENCH_REMINDERS ?? 10_000);
const BUDGET_SECONDS = 120;
/** A case that has not delivered everything by then is reported as it stands. */
const GIVE_UP_SECONDS = 4 * BUDGET_SECONDS;
const PUBLIC_URL = 'http://clinicpay.bench';
const url = process.env.BENCH_REMINDERS_DATABASE_URL;
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
/** Extra Node flags for the server processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`. */
const EXTRA_NODE_FLAGS = (process.env.BENCH_REMINDERS_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);

interface Outcome {
  name: string;
  /** CPU seconds the server processes used from the sweep's queueing to the last delivery (Linux only). */
  cpuSeconds: number;
  /** CPU seconds this process (the SMTP peer parsing every message, and the counting) used meanwhile. */
  benchCpuSeconds: number;
  delivered: number;
  duplicates: number;
  /** Reminder notices stored for the case's requests (one each expected). */
  notices: number;
  sweptSeconds: number;
  seconds: number;
}

/**
 * Stores a clinic and `count` unpaid requests sent four days ago, each to its own patient address,
 * in one transaction: every reminder falls due at once. Resolves to the clinic's id and the addresses.
 */
async function seedDueRequests(db: Db, label: string, count: number) {
  const run = `${label}-${Date.now().toString(36)}`;
  const result = (await db.execute(sql`
    insert into clinics (clinic_name, email, phone, address_line_1, city, postcode)
    values ('Reminder Bench Clinic', ${`${run}@clinic.bench`}, '02079460000', '1 Harley Street', 'London', 'W1G 9AB')
    returning id`)) as unknown as { rows: { id: string }[] };
  const clinicId = result.rows[0]?.id;
  if (!clinicId) throw new Error('the bench clinic was not stored');
  await db.execute(sql`
    insert into payment_requests (clinic_id, custom_amount, patient_name, patient_email, message, sent_at, expires_at)
    select ${clinicId}, 1000 + (i % 40) * 500, 'Patient ' || i, ${run} || '-' || i || '@patient.bench',
           case when i % 3 = 0 then 'Payment for your appointment' end,
           now() - interval '4 days', now() + interval '26 days'
    from generate_series(1, ${count}::int) as i`);
  const recipients = new Set(Array.from({ length: count }, (_, i) => `${run}-${i + 1}@patient.bench`));
  return { clinicId, recipients };
}

/**
 * Leaves nothing of an earlier case (or run) to do: its requests' reminders turned off, and its
 * deliveries not yet made dropped from the queue, so a case that gave up does not slow the next.
 */
async function forgetEarlierCases(db: Db) {
  await db.execute(
    sql`update payment_requests set reminders_on = false where reminders_on and patient_email like '%@patient.bench'`,
  );
  await db.execute(
    sql`delete from ${sql.raw(JOB_SCHEMA)}.job where name = 'notifications.deliver' and state < 'completed'`,
  );
}

/** Counts the peer's accepted messages per recipient, emptying its list as it goes (10,000 parsed emails are large). */
function tally(peer: SmtpPeer, counts: Map<string, number>) {
  for (const mail of peer.accepted.splice(0)) {
    for (const to of [mail.to].flat()) {
      for (const { address } of to?.value ?? []) {
        if (address) counts.set(address, (counts.get(address) ?? 0) + 1);
      }
    }
  }
}

async function countRows(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Seeds the case's due requests, queues one sweep (`trigger`), and waits until every recipient has a
 * reminder at the peer (or GIVE_UP_SECONDS pass), then a moment more for a late duplicate.
 */
async function measure(
  name: string,
  db: Db,
  peer: SmtpPeer,
  trigger: () => Promise<unknown>,
  cpu: () => number,
): Promise<Outcome> {
  peer.accepted.length = 0;
  await forgetEarlierCases(db);
  const { clinicId, recipients } = await seedDueRequests(db, name.replace(/\W+/g, '-'), REMINDERS);
  const counts = new Map<string, number>();
  const cpuBefore = cpu();
  const benchBefore = process.cpuUsage();
  const started = performance.now();
  await trigger();
  let swept = 0;
  const deadline = started + GIVE_UP_SECONDS * 1000;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    tally(peer, counts);
    if (!swept) {
      const claimed = await countRows(
        db,
        sql`select count(*)::int as n from payment_requests where clinic_id = ${clinicId} and reminders_sent > 0`,
      );
      if (claimed >= REMINDERS) swept = performance.now();
    }
    const delivered = [...recipients].filter((to) => counts.has(to)).length;
    if (delivered >= REMINDERS || performance.now() > deadline) break;
  }
  const finished = performance.now();
  const cpuSeconds = cpu() - cpuBefore;
  const benchUsage = process.cpuUsage(benchBefore);
  // A duplicate would arrive after the last first copy: give it a few seconds to show.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  tally(peer, counts);
  let delivered = 0;
  let duplicates = 0;
  for (const to of recipients) {
    const n = counts.get(to) ?? 0;
    if (n > 0) delivered++;
    duplicates += Math.max(0, n - 1);
  }
  const notices = await countRows(
    db,
    sql`select count(*)::int as n from notifications where clinic_id = ${clinicId} and type = 'payment_reminder'`,
  );
  const outcome = {
    name,
    cpuSeconds,
    benchCpuSeconds: (benchUsage.user + benchUsage.system) / 1e6,
    delivered,
    duplicates,
    notices,
    sweptSeconds: swept ? (swept - started) / 1000 : Number.NaN,
    seconds: (finished - started) / 1000,
  };
  console.error(JSON.stringify(outcome));
  return outcome;
}

/** CPU seconds (user and system) process `pid` has used, from /proc; NaN where there is none. */
function cpuSecondsOf(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, the 14th and 15th fields, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** One server process in this one, on the embedded database, as `npm start` runs it. */
async function embeddedCase(peer: SmtpPeer): Promise<Outcome> {
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SMTP_URL: peer.url, PUBLIC_URL });
  const app = await buildApp({ config, database, workers: true });
  await app.ready();
  try {
    // The SMTP peer runs in this process too: its CPU is counted with the server's.
    return await measure(
      'one process, PGlite',
      database.db,
      peer,
      () => app.jobs.send(sendRemindersJob, {}),
      () => {
        const usage = process.cpuUsage();
        return (usage.user + usage.system) / 1e6;
      },
    );
  } finally {
    // Closing the app closes its database.
    await app.close();
  }
}

/**
 * Builds the server for production (build.mjs) into a temporary tree laid out like the repository's:
 * the working tree's, or with `ref` the server as committed at that git ref (the "before" of a change).
 */
function buildServer(ref?: string): { dir: string; remove: () => void } {
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'clinicpay-reminders-bench-'));
  const serverDir = path.join(tree, 'apps/server');
  fs.mkdirSync(serverDir, { recursive: true });
  fs.symlinkSync(path.resolve(SERVER_DIR, '../../node_modules'), path.join(tree, 'node_modules'));
  let source = SERVER_DIR;
  if (ref) {
    const archive = execFileSync('git', ['archive', ref, 'apps/server'], {
      cwd: path.resolve(SERVER_DIR, '../..'),
      maxBuffer: 1 << 30,
    });
    fs.mkdirSync(path.join(tree, 'source'));
    execFileSync('tar', ['-x', '-C', path.join(tree, 'source')], { input: archive });
    source = path.join(tree, 'source/apps/server');
  }
  fs.symlinkSync(path.join(source, 'drizzle'), path.join(serverDir, 'drizzle'));
  const dir = path.join(serverDir, 'dist');
  execFileSync(process.execPath, ['build.mjs', dir], { cwd: source, stdio: 'ignore' });
  return { dir, remove: () => fs.rmSync(tree, { recursive: true, force: true }) };
}

interface Server {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** The server processes running, stopped if this process ends early (a timeout, Ctrl-C). */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));

/** Starts the built server as `npm run serve` does (its Node flags), and resolves once /readyz answers. */
async function startServer(dir: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [...serveNodeFlags(), ...EXTRA_NODE_FLAGS, 'main.js'], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
  });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      children.delete(child);
      resolve();
    }),
  );
  const server = {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `count` server processes on the PostgreSQL database; the sweep is queued as the schedule queues it. */
async function postgresCase(
  peer: SmtpPeer,
  database: Database,
  dir: string,
  count: number,
  name: string,
): Promise<Outcome> {
  // As in production (React's production build renders the emails), with stand-in Stripe keys the
  // reminders never use.
  const env = {
    DATABASE_URL: url ?? '',
    SMTP_URL: peer.url,
    PUBLIC_URL,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    AUTH_SECRET: 'bench-secret-'.repeat(4),
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
    STRIPE_WEBHOOK_SECRET: 'whsec_bench',
    STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_bench',
  };
  const servers: Server[] = [];
  const queue = createJobQueue({ database, work: false, onError: (error) => console.error(error) });
  try {
    servers.push(...(await Promise.all(Array.from({ length: count }, () => startServer(dir, env)))));
    await queue.start();
    return await measure(
      name,
      database.db,
      peer,
      () => queue.send(sendRemindersJob, {}),
      () => servers.reduce((sum, server) => sum + cpuSecondsOf(server.child.pid), 0),
    );
  } catch (error) {
    for (const server of servers) console.error(server.output());
    throw error;
  } finally {
    await queue.stop();
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/** Which cases run: 'pglite', 'one' and 'two' (the PostgreSQL ones need the database URL). */
const CASES = new Set((process.env.BENCH_REMINDERS_CASES ?? 'pglite,one,two').split(','));
/** A git ref (e.g. HEAD) whose server also runs, as one process on PostgreSQL: the "before" of a change. */
const BEFORE_REF = process.env.BENCH_REMINDERS_BEFORE_REF;

const peer = await startSmtpPeer();
const outcomes: Outcome[] = [];
if (CASES.has('pglite')) outcomes.push(await embeddedCase(peer));
if (url) {
  const database = await openDatabase({ kind: 'postgres', url });
  await database.migrate();
  const build = buildServer();
  const before = BEFORE_REF ? buildServer(BEFORE_REF) : undefined;
  try {
    if (before)
      outcomes.push(await postgresCase(peer, database, before.dir, 1, `before (${BEFORE_REF}): one process`));
    if (CASES.has('one'))
      outcomes.push(await postgresCase(peer, database, build.dir, 1, 'one process, PostgreSQL'));
    if (CASES.has('two'))
      outcomes.push(await postgresCase(peer, database, build.dir, 2, 'two processes, PostgreSQL'));
  } finally {
    build.remove();
    before?.remove();
    await database.close();
  }
} else {
  console.error(
    'Set BENCH_REMINDERS_DATABASE_URL to a PostgreSQL database for the one- and two-process cases.',
  );
}
await peer.close();

const baseline = outcomes.find((outcome) => outcome.name === 'one process, PostgreSQL');
const load = os.loadavg().map((n) => n.toFixed(2));
/** Reminders delivered a second: the comparable figure when a case was cut off before the end. */
const rateOf = (outcome: Outcome) => outcome.delivered / outcome.seconds;
const rows = outcomes.map((outcome) => {
  const exact = outcome.delivered === REMINDERS && outcome.duplicates === 0;
  const inBudget = exact && outcome.seconds <= BUDGET_SECONDS;
  const two = outcome.name.startsWith('two');
  const faster = baseline !== undefined && rateOf(outcome) > rateOf(baseline);
  const met = two ? inBudget && faster : inBudget;
  const target = two ? `≤ ${BUDGET_SECONDS} s, faster than one, exactly once` : `≤ ${BUDGET_SECONDS} s`;
  const ratio = baseline ? (rateOf(outcome) / rateOf(baseline)).toFixed(2) : '–';
  const cpuMs = ((outcome.cpuSeconds * 1000) / Math.max(1, outcome.delivered)).toFixed(1);
  return `| ${outcome.name} | ${REMINDERS} | ${outcome.delivered} | ${outcome.duplicates} | ${outcome.notices} | ${outcome.sweptSeconds.toFixed(1)} | ${outcome.seconds.toFixed(1)} | ${rateOf(outcome).toFixed(1)} | ${ratio} | ${outcome.cpuSeconds.toFixed(1)} (${cpuMs}) | ${outcome.benchCpuSeconds.toFixed(1)} | ${target} | ${met ? 'met' : 'missed'} |`;
});
console.log(`
Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${load.join(' ')} at the end; SMTP peer on loopback in the bench's process. Baseline: one process on PostgreSQL.

| case | reminders | delivered | duplicates | notices stored | swept in s | all delivered in s (or cut off) | delivered a second | × baseline's rate | server CPU s (ms a delivered reminder) | SMTP peer's CPU s | target | |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}
`);
