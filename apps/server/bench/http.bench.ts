/**
 * `node --import tsx bench/http.bench.ts`: the API's throughput and p99 latency against a bare Fastify
 * server in the same Node (bench/http-bare-server.ts), and the server's RSS, on PostgreSQL
 * (BENCH_DATABASE_URL; skipped with a message when unset) and on the embedded PGlite (a temporary
 * DATA_DIR), for docs/benchmarks.md. Per database:
 * - setup in this process: migrate, then through the real app a connected sandbox clinic with one
 *   payment link, and BENCH_LINKS copies of it for intent creation (its per-page limit is 30 a minute);
 * - the app is built for production (build.mjs) into a temporary tree and run as `node main.js`,
 *   logging at its default level to a file, with the API-wide limit raised so that one client address
 *   is not refused (every limit is still counted); TRUST_PROXY is on and each intent request comes from
 *   its own X-Forwarded-For address, as patients do, so the per-address intent limit is not hit either;
 * - targets (autocannon, BENCH_CONNECTIONS connections, BENCH_SECONDS seconds each), alternated round
 *   by round for BENCH_ROUNDS rounds after a warm-up, each route's bare target first in odd rounds and
 *   last in even ones: bare JSON vs /healthz, bare page data vs
 *   GET /api/public/payments/:id, bare intent creation vs POST .../payment-intents. The bare routes
 *   (bench/http-bare-server.ts) send the app's own statements with plain `pg` (or plain PGlite): what the
 *   same SQL costs with nothing around it;
 * - the goals (decision 0126), met or missed for each app build: each public payment route at 0.8× the
 *   bare route's req/s or more, with a p99 at most 2× the bare route's, each the median of the rounds'
 *   ratios (a round's app figure against the same round's bare one);
 * - RSS (VmRSS of each server process): idle after start and warm-up, the peak sampled every 250 ms
 *   while it is under load, and idle again 5 s after the last round;
 * - CPU per request (utime + stime from /proc, ms): of the server process under load, and on
 *   PostgreSQL of every `postgres` process on the machine (its backends work for the server under
 *   load alone), so where a route spends more than its bare route is seen, the server or the database.
 * The current build runs as BENCH_APP_PROCESSES separate processes (default 2: "after", "after-2"),
 * each a target of its own with its own goals, since processes of one build can differ by up to 2×.
 * BENCH_BEFORE_DIST names an earlier build (`node build.mjs <dir>` at an older commit, in a tree laid
 * out like apps/server) to run as an extra "before" target in the same rounds, with the Node flags in
 * BENCH_BEFORE_NODE_FLAGS (default: the current ones). Each build runs with the Node flags of
 * `npm run serve`.
 * BENCH_LOG_DIR keeps the servers' logs, and BENCH_EXTRA_NODE_FLAGS adds Node flags to the current
 * build's processes (`--trace-gc`, say).
 * Prints markdown tables of the medians for docs/benchmarks.md; load is run at `nice -n 10` by the
 * caller when the machine is shared.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { connectedClinicWithLink } from '../test/sandbox.js';
import { serveNodeFlags } from '../test/server-process.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/**
 * Copies of the link for intent creation: the per-page limit (30 a minute, in the store every process
 * shares) must not be reached, and a fast machine makes over 3,000 intents a second, so up to 200,000 a
 * minute across the processes' targets: 10,000 links allow 300,000.
 */
const LINKS = Number(process.env.BENCH_LINKS ?? 10_000);
/**
 * Processes of the current build, each measured as its own target: one process can fall into a mode of
 * garbage collection that costs it far more CPU a request for as long as it runs, so one process's
 * figure can be either (docs/benchmarks.md, "The public payment API: how much one run can say").
 */
const APP_PROCESSES = Math.max(1, Number(process.env.BENCH_APP_PROCESSES ?? 2));
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
/**
 * Where the servers' logs are kept after the run (default: the run's temporary directory, removed at
 * its end), and Node flags added to every app process's (say `--trace-gc`, to see in its log which way
 * each process collects: docs/benchmarks.md, "how much one run can say").
 */
const LOG_DIR = process.env.BENCH_LOG_DIR;
const EXTRA_NODE_FLAGS = (process.env.BENCH_EXTRA_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);

interface Target {
  name: string;
  server: Server;
  method: 'GET' | 'POST';
  path: () => string;
  /** A fresh body and client address per request (intent creation). */
  perRequest?: boolean;
}

interface Server {
  name: string;
  process: ChildProcess;
  port: number;
  rss: { idle: number; peak: number; after: number };
}

interface Sample {
  requestsPerSecond: number;
  p99: number;
  /** Requests that failed: connection errors and timeouts (autocannon counts both) and non-2xx answers. */
  errors: number;
  timeouts: number;
  /** CPU ms the server process spent per answered request. */
  serverCpuMs: number;
  /** CPU ms PostgreSQL's processes spent per answered request; undefined on PGlite (in the server). */
  databaseCpuMs: number | undefined;
}

const CLOCK_TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim() || 100);

/** The fields of /proc/<pid>/stat after the command's closing parenthesis (stat(5): state first). */
function statFields(pid: number | string | undefined): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** Two adjacent clock-tick fields of stat(5) added, in ms: `first` 11 for utime + stime, 13 for cutime + cstime. */
const ticksMs = (fields: string[], first: 11 | 13) =>
  (Number(fields[first]) + Number(fields[first + 1])) * CLOCK_TICK_MS;

/** CPU time a process has used, utime + stime (the 14th and 15th fields of stat(5)), in ms; 0 once gone. */
function cpuMs(pid: number | string | undefined): number {
  const fields = statFields(pid);
  return fields ? ticksMs(fields, 11) : 0;
}

/**
 * CPU time PostgreSQL has used on this machine, in ms: every live process named `postgres`, and what
 * its ended backends used, which the postmaster holds as its children's time (cutime + cstime, the
 * 16th and 17th fields) once it has reaped them. A pool closing idle connections ends backends during
 * a run, so the live processes alone would count less after it than before.
 */
function postgresCpuMs(): number {
  let total = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let command: string;
    try {
      command = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue; // The process ended between the listing and the read.
    }
    if (command !== 'postgres') continue;
    const fields = statFields(pid);
    if (!fields) continue;
    total += ticksMs(fields, 11);
    const parent = fields[1];
    let parentCommand = '';
    try {
      parentCommand = fs.readFileSync(`/proc/${parent}/comm`, 'utf8').trim();
    } catch {}
    // The postmaster: the postgres process whose parent is not one.
    if (parentCommand !== 'postgres') total += ticksMs(fields, 13);
  }
  return total;
}

function rssMb(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** The middle value, or the mean of the middle two for an even count (BENCH_ROUNDS=2 gave the larger). */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] ?? 0;
  return ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Builds the server for production into a tree laid out like apps/server, so its paths resolve. */
function buildInto(tree: string): string {
  const serverDir = path.join(tree, 'apps/server');
  fs.mkdirSync(serverDir, { recursive: true });
  fs.symlinkSync(path.join(SERVER_DIR, 'drizzle'), path.join(serverDir, 'drizzle'));
  fs.symlinkSync(path.resolve(SERVER_DIR, '../../node_modules'), path.join(tree, 'node_modules'));
  const out = path.join(serverDir, 'app');
  execFileSync(process.execPath, ['build.mjs', out], { cwd: SERVER_DIR, stdio: 'inherit' });
  return out;
}

let nextPort = 39_100 + Math.floor(Math.random() * 500);

async function startServer(
  name: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
  logFile: string,
): Promise<Server> {
  const port = nextPort++;
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited; see ${logFile}`);
    if (Date.now() > deadline) throw new Error(`${name} did not start; see ${logFile}`);
    const ready = await fetch(`http://127.0.0.1:${port}/${name === 'bare' ? 'json' : 'readyz'}`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { name, process: child, port, rss: { idle: 0, peak: 0, after: 0 } };
}

function stopServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.process.exitCode !== null) return resolve();
    server.process.once('exit', () => resolve());
    server.process.kill('SIGTERM');
    setTimeout(() => server.process.kill('SIGKILL'), 15_000).unref();
  });
}

async function load(target: Target, seconds: number, database: 'postgres' | 'pglite'): Promise<Sample> {
  const sampler = setInterval(() => {
    target.server.rss.peak = Math.max(target.server.rss.peak, rssMb(target.server.process.pid));
  }, 250);
  const request = target.perRequest
    ? {
        method: target.method,
        path: '/',
        setupRequest: (raw: Record<string, unknown>) => ({
          ...raw,
          path: target.path(),
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
          },
          body: JSON.stringify({
            name: 'Ada Patient',
            email: 'ada@patient.example',
            attemptId: randomUUID(),
          }),
        }),
      }
    : { method: target.method, path: target.path() };
  const serverCpuBefore = cpuMs(target.server.process.pid);
  const databaseCpuBefore = database === 'postgres' ? postgresCpuMs() : 0;
  try {
    const result = await autocannon({
      url: `http://127.0.0.1:${target.server.port}`,
      connections: CONNECTIONS,
      duration: seconds,
      requests: [request],
    });
    const answered = Math.max(1, result.requests.total);
    return {
      requestsPerSecond: result.requests.average,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
      timeouts: result.timeouts,
      serverCpuMs: (cpuMs(target.server.process.pid) - serverCpuBefore) / answered,
      databaseCpuMs: database === 'postgres' ? (postgresCpuMs() - databaseCpuBefore) / answered : undefined,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** Migrates, and makes a connected clinic with LINKS + 1 links through the real app. */
async function prepare(target: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string }) {
  const database = await openDatabase(target);
  await database.migrate();
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_PER_MINUTE: '10000' }),
    database,
  });
  await app.ready();
  const { linkId } = await connectedClinicWithLink(app);
  const copies = (await database.db.execute(sql`
    insert into payment_links (clinic_id, title, amount, type)
    select clinic_id, title, amount, type from payment_links, generate_series(1, ${LINKS})
    where id = ${linkId} returning id`)) as unknown as { rows: { id: string }[] };
  await app.close();
  return { linkId, intentLinks: copies.rows.map((row) => row.id) };
}

async function benchDatabase(
  label: string,
  databaseEnv: Record<string, string>,
  prepared: { linkId: string; intentLinks: string[] },
  builds: Build[],
  pgliteDataDir: string | undefined,
  workDir: string,
) {
  /** PGlite lets one process open a data dir: each server gets its own copy of the prepared one. */
  const envFor = (name: string) => {
    if (!pgliteDataDir) return databaseEnv;
    const copy = path.join(workDir, `data-${label}-${name}`);
    fs.cpSync(pgliteDataDir, copy, { recursive: true });
    return { DATA_DIR: copy, DATABASE_URL: '' };
  };
  const databaseKind = pgliteDataDir ? 'pglite' : 'postgres';
  const servers: Server[] = [];
  try {
    servers.push(
      await startServer(
        'bare',
        ['--import', 'tsx', 'bench/http-bare-server.ts'],
        SERVER_DIR,
        envFor('bare'),
        path.join(LOG_DIR ?? workDir, `${label}-bare.log`),
      ),
    );
    for (const build of builds) {
      servers.push(
        await startServer(
          build.name,
          [...build.nodeFlags, 'main.js'],
          build.dir,
          {
            ...envFor(build.name),
            NODE_ENV: 'development',
            API_RATE_LIMIT_PER_MINUTE: '1000000000',
            TRUST_PROXY: 'true',
          },
          path.join(LOG_DIR ?? workDir, `${label}-${build.name}.log`),
        ),
      );
    }
    let next = 0;
    const intentLink = () => prepared.intentLinks[next++ % prepared.intentLinks.length];
    const [bare, ...apps] = servers as [Server, ...Server[]];
    const targets: Target[] = [
      { name: 'bare Fastify: GET /json', server: bare, method: 'GET', path: () => '/json' },
      ...apps.map(
        (server): Target => ({
          name: `app (${server.name}): GET /healthz`,
          server,
          method: 'GET',
          path: () => '/healthz',
        }),
      ),
      {
        name: 'bare Fastify: page data (same SQL)',
        server: bare,
        method: 'GET',
        path: () => `/page/${prepared.linkId}`,
      },
      ...apps.map(
        (server): Target => ({
          name: `app (${server.name}): GET /api/public/payments/:id`,
          server,
          method: 'GET',
          path: () => `/api/public/payments/${prepared.linkId}`,
        }),
      ),
      {
        name: 'bare Fastify: intent creation (same SQL)',
        server: bare,
        method: 'POST',
        path: () => `/intent/${intentLink()}`,
        perRequest: true,
      },
      ...apps.map(
        (server): Target => ({
          name: `app (${server.name}): POST /api/public/payments/:id/payment-intents`,
          server,
          method: 'POST',
          path: () => `/api/public/payments/${intentLink()}/payment-intents`,
          perRequest: true,
        }),
      ),
    ];

    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (const target of targets) {
      const warm = await load(target, 3, databaseKind);
      console.error(
        `${label} warm-up ${target.name}: ${warm.requestsPerSecond.toFixed(0)} req/s, ${warm.errors} errors`,
      );
      // A route that fails answers fast: its figures would be no measure (the bare route reads the
      // page statement's JSON by its keys, so a change to the statement must reach it too).
      if (warm.errors > 0) {
        throw new Error(`${target.name} failed ${warm.errors} of its warm-up requests: no measure`);
      }
    }
    for (const server of servers) {
      server.rss.idle = rssMb(server.process.pid);
      server.rss.peak = server.rss.idle;
    }
    const samples = new Map<Target, Sample[]>(targets.map((target) => [target, []]));
    // Each route's targets run one after another, the bare route first in odd rounds and last in even
    // ones, so neither side always runs first; each round's app figure is set against the same round's
    // bare one (goalsTable).
    const groups = (['json', 'page', 'intent'] as const).map((route) =>
      targets.filter((target) => routeOf(target.name) === route),
    );
    for (let round = 1; round <= ROUNDS; round++) {
      const order = groups.flatMap((group) => (round % 2 === 1 ? group : [...group].reverse()));
      for (const target of order) {
        const sample = await load(target, SECONDS, databaseKind);
        samples.get(target)?.push(sample);
        console.error(
          `${label} round ${round} ${target.name}: ${sample.requestsPerSecond.toFixed(0)} req/s, p99 ${sample.p99} ms, ${sample.errors} errors (${sample.timeouts} timeouts)`,
        );
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 5000));
    for (const server of servers) server.rss.after = rssMb(server.process.pid);

    const rows = targets.map((target): Row & { timeouts: number; cpu: string } => {
      const list = samples.get(target) ?? [];
      const serverCpu = median(list.map((sample) => sample.serverCpuMs)).toFixed(2);
      const databaseCpu = list.map((sample) => sample.databaseCpuMs ?? Number.NaN);
      return {
        target,
        requestsPerSecond: median(list.map((sample) => sample.requestsPerSecond)),
        p99: median(list.map((sample) => sample.p99)),
        cpu: `${serverCpu} | ${databaseKind === 'postgres' ? median(databaseCpu).toFixed(2) : '–'}`,
        errors: list.reduce((sum, sample) => sum + sample.errors, 0),
        timeouts: list.reduce((sum, sample) => sum + sample.timeouts, 0),
      };
    });
    const baseline = (target: Target) =>
      rows[
        target.name.includes('healthz')
          ? 0
          : target.name.includes('payment-intents')
            ? rows.findIndex((row) => row.target.name.startsWith('bare Fastify: intent'))
            : rows.findIndex((row) => row.target.name.startsWith('bare Fastify: page'))
      ];
    console.log(`
### ${label}: ${CONNECTIONS} connections, ${ROUNDS} rounds × ${SECONDS} s, medians

| target | req/s | × bare | p99 ms | server CPU ms a request | PostgreSQL CPU ms a request | errors, all rounds (of which timeouts) |
| --- | --- | --- | --- | --- | --- | --- |
${rows
  .map((row) => {
    const base = row.target.server === bare ? undefined : baseline(row.target);
    const ratio = base ? (row.requestsPerSecond / base.requestsPerSecond).toFixed(2) : '–';
    return `| ${row.target.name} | ${row.requestsPerSecond.toFixed(0)} | ${ratio} | ${row.p99} | ${row.cpu} | ${row.errors} (${row.timeouts}) |`;
  })
  .join('\n')}

| ${label} server process | RSS idle MB | RSS peak under load MB | RSS idle after load MB |
| --- | --- | --- | --- |
${servers.map((server) => `| ${server.name === 'bare' ? 'bare Fastify' : `app (${server.name})`} | ${server.rss.idle} | ${server.rss.peak} | ${server.rss.after} |`).join('\n')}

${goalsTable(label, rows, apps, samples)}
`);
  } finally {
    await Promise.all(servers.map(stopServer));
  }
}

/** A measured target's medians over the rounds, and its failed requests in all of them. */
interface Row {
  target: Target;
  requestsPerSecond: number;
  p99: number;
  errors: number;
}

/** The goals of decision 0126 for the public payment routes, against the bare route running the same SQL. */
const GOALS = [
  { route: 'page data', bare: 'bare Fastify: page data', app: 'GET /api/public/payments/:id' },
  {
    route: 'intent creation',
    bare: 'bare Fastify: intent creation',
    app: 'POST /api/public/payments/:id/payment-intents',
  },
];
const MIN_THROUGHPUT_RATIO = 0.8;
const MAX_P99_RATIO = 2;

/** Which route a target measures, by its name: its group in the rounds. */
function routeOf(name: string): 'json' | 'page' | 'intent' {
  if (name.includes('payment-intents') || name.includes('intent creation')) return 'intent';
  if (name.includes('page data') || name.includes('/payments/:id')) return 'page';
  return 'json';
}

/**
 * The goals table: each goal with the baseline and the app's figure (medians over the rounds), the
 * ratio, and met or missed. The ratio is the median of each round's ratio (the app's figure against the
 * bare route's in the same round), which the machine's drift from round to round moves less than the
 * ratio of the medians; each round's ratio is listed beside it.
 */
function goalsTable(label: string, rows: Row[], apps: Server[], samples: Map<Target, Sample[]>): string {
  const lines = [
    `Goals on ${label} (decision 0126): each route ≥ ${MIN_THROUGHPUT_RATIO}× the bare route's req/s, p99 ≤ ${MAX_P99_RATIO}× the bare route's; the ratio is the median of the rounds' ratios.`,
    '',
    '| goal | baseline: bare route, same SQL | ClinicPay | ratio | each round | limit | result |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const goal of GOALS) {
    const bare = rows.find((row) => row.target.name.startsWith(goal.bare));
    for (const server of apps) {
      const app = rows.find((row) => row.target.server === server && row.target.name.endsWith(goal.app));
      if (!bare || !app) continue;
      const who = apps.length > 1 ? ` (${server.name})` : '';
      const bareRounds = samples.get(bare.target) ?? [];
      const appRounds = samples.get(app.target) ?? [];
      const perRound = (figure: (sample: Sample) => number) =>
        appRounds.map((sample, round) => figure(sample) / figure(bareRounds[round] as Sample));
      const throughputs = perRound((sample) => sample.requestsPerSecond);
      const p99s = perRound((sample) => sample.p99);
      const throughput = median(throughputs);
      const p99 = median(p99s);
      const listed = (ratios: number[]) => ratios.map((ratio) => ratio.toFixed(2)).join(', ');
      // A refused or failed request is answered fast: with any, the figures are not a measure.
      const result = (met: boolean) =>
        app.errors + bare.errors > 0 ? `missed: ${app.errors + bare.errors} errors` : met ? 'met' : 'missed';
      lines.push(
        `| ${goal.route}${who}: req/s | ${bare.requestsPerSecond.toFixed(0)} | ${app.requestsPerSecond.toFixed(0)} | ${throughput.toFixed(2)} | ${listed(throughputs)} | ≥ ${MIN_THROUGHPUT_RATIO} | ${result(throughput >= MIN_THROUGHPUT_RATIO)} |`,
        `| ${goal.route}${who}: p99 ms | ${bare.p99} | ${app.p99} | ${p99.toFixed(2)} | ${listed(p99s)} | ≤ ${MAX_P99_RATIO} | ${result(p99 <= MAX_P99_RATIO)} |`,
      );
    }
  }
  return lines.join('\n');
}

/** A server build to run, with the Node flags to run it with. */
interface Build {
  name: string;
  dir: string;
  nodeFlags: string[];
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinicpay-http-bench-'));
if (LOG_DIR) fs.mkdirSync(LOG_DIR, { recursive: true });
try {
  const built = buildInto(path.join(workDir, 'tree'));
  const builds: Build[] = Array.from({ length: APP_PROCESSES }, (_, index) => ({
    name: index === 0 ? 'after' : `after-${index + 1}`,
    dir: built,
    nodeFlags: [...serveNodeFlags(), ...EXTRA_NODE_FLAGS],
  }));
  if (process.env.BENCH_BEFORE_DIST)
    builds.unshift({
      name: 'before',
      dir: path.resolve(process.env.BENCH_BEFORE_DIST),
      nodeFlags: (process.env.BENCH_BEFORE_NODE_FLAGS ?? serveNodeFlags().join(' '))
        .split(/\s+/)
        .filter(Boolean),
    });
  console.log(
    `\nNode flags: ${builds.map((build) => `${build.name} \`${build.nodeFlags.join(' ') || '(none)'}\``).join(', ')}.`,
  );
  console.log(
    `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}; autocannon in the bench process, servers in their own.`,
  );
  const only = process.env.BENCH_HTTP_DATABASES?.split(',') ?? ['postgres', 'pglite'];
  const url = process.env.BENCH_DATABASE_URL;
  if (only.includes('postgres')) {
    if (url) {
      const prepared = await prepare({ kind: 'postgres', url });
      await benchDatabase('PostgreSQL', { DATABASE_URL: url }, prepared, builds, undefined, workDir);
    } else {
      console.log('\nPostgreSQL part skipped: set BENCH_DATABASE_URL to a PostgreSQL database to run it.');
    }
  }
  if (only.includes('pglite')) {
    const dataDir = path.join(workDir, 'pglite-prepared');
    const prepared = await prepare({ kind: 'pglite', dataDir });
    await benchDatabase('PGlite', {}, prepared, builds, dataDir, workDir);
  }
} finally {
  fs.rmSync(workDir, { recursive: true, force: true });
}
