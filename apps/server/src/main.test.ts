/**
 * The server process: configuration errors, start-up and a clean shutdown, from the TypeScript source
 * (as `npm run dev` runs it) and from the production build (as `npm start` runs it: `node dist/main.js`,
 * with the flags of `npm run serve`).
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveNodeFlags } from '../test/server-process.js';

const MAIN = path.resolve(import.meta.dirname, 'main.ts');
const SERVER_DIR = path.resolve(import.meta.dirname, '..');

function run(env: Record<string, string>, args = ['--import', 'tsx', MAIN]) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('the server process', () => {
  it('stops at start with a list of every bad setting', async () => {
    const server = run({ PORT: 'seventy', LOG_LEVEL: 'loud' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain('PORT:');
    expect(server.output()).toContain('LOG_LEVEL:');
  });

  it('starts, answers, and shuts down cleanly on SIGTERM', async () => {
    await startsAnswersAndStops(['--import', 'tsx', MAIN]);
  }, 60_000);

  it('logs readable lines with LOG_FORMAT=pretty, the ready line among them', async () => {
    const output = await startsAnswersAndStops(['--import', 'tsx', MAIN], { LOG_FORMAT: 'pretty' });
    expect(output).toMatch(/INFO.*: Server listening at/);
    expect(output).toMatch(
      /embedded database in .*; emails and texts at http:\/\/localhost:\d+\/dev\/outbox/,
    );
    expect(output).not.toContain('{"level"');
  }, 60_000);

  it('on a taken port, stops at once with a hint to set PORT, creating no database', async () => {
    await stopsOnATakenPort(['--import', 'tsx', MAIN]);
  }, 60_000);
});

/**
 * Starts the server on a port another process listens on, with DATA_DIR a folder that does not exist:
 * it must exit 1 with the hint alone (no stack trace) and leave no folder behind, as the port is
 * checked before the database is opened.
 */
async function stopsOnATakenPort(args: string[]) {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'clinicpay-taken-'));
  const dataDir = path.join(parent, 'data');
  const taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const { port } = taken.address() as net.AddressInfo;
  try {
    const server = run({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir }, args);
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      `Port ${port} is already in use. Set PORT to another port, e.g. PORT=${port + 1} npm start.`,
    );
    expect(fs.existsSync(dataDir)).toBe(false);
  } finally {
    taken.close();
    fs.rmSync(parent, { recursive: true, force: true });
  }
}

/** Polls /readyz (which needs the migrations applied) until it answers, for up to 30 s. */
async function waitUntilReady(port: number): Promise<boolean> {
  for (let attempt = 0; attempt < 120; attempt++) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/**
 * Starts the server, checks it answers, stops it with SIGTERM; returns its output. Not on a terminal,
 * so its logs are JSON unless `env` sets LOG_FORMAT; either way it says where it runs in a plain line.
 */
async function startsAnswersAndStops(args: string[], env: Record<string, string> = {}): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinicpay-main-'));
  const port = await freePort();
  const server = run({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env }, args);
  try {
    expect(await waitUntilReady(port)).toBe(true);
    // A route that reads the database and the shared package's schemas.
    const config = await fetch(`http://127.0.0.1:${port}/api/payment-provider/config`);
    expect(await config.json()).toEqual({ provider: 'sandbox', publishableKey: null });
  } finally {
    server.child.kill('SIGTERM');
  }
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain('shutting down');
  expect(server.output().split('\n')).toContain(`ClinicPay is running on http://localhost:${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return server.output();
}

describe('the supported Node.js versions', () => {
  // The README states the versions in package.json's engines; this suite is what CI runs on them.
  it('include the Node.js running this suite', () => {
    const { engines } = JSON.parse(
      fs.readFileSync(path.resolve(SERVER_DIR, '../../package.json'), 'utf8'),
    ) as { engines: { node: string } };
    const minimum = /^>=(\d+)\.(\d+)$/.exec(engines.node);
    expect(minimum, engines.node).not.toBeNull();
    const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
    const [wantMajor, wantMinor] = [Number(minimum?.[1]), Number(minimum?.[2])];
    expect(major > wantMajor || (major === wantMajor && minor >= wantMinor)).toBe(true);
  });
});

describe('the production build', () => {
  // Built beside dist/ (same depth under apps/server), so a unit run never rewrites the dist/ that an
  // end-to-end run may be serving.
  let outDir: string;
  beforeAll(async () => {
    outDir = fs.mkdtempSync(path.join(SERVER_DIR, '.test-build-'));
    await promisify(execFile)(process.execPath, ['build.mjs', outDir], { cwd: SERVER_DIR });
  }, 60_000);
  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

  it('is plain JavaScript: no module imports TypeScript source', () => {
    const files = fs.readdirSync(outDir, { recursive: true }).map(String);
    const modules = files.filter((file) => file.endsWith('.js'));
    expect(modules).toEqual(expect.arrayContaining(['main.js', path.join('cli', 'create-admin.js')]));
    expect(modules.some((file) => file.includes('templates'))).toBe(true);
    expect(files.filter((file) => /\.tsx?$/.test(file))).toEqual([]);
    for (const file of modules) {
      const code = fs.readFileSync(path.join(outDir, file), 'utf8');
      expect(code, file).not.toMatch(/from ["'][^"']*(\.tsx?|@clinicpay\/shared)["']/);
    }
  });

  it('runs as node dist/main.js: starts, answers, and shuts down cleanly on SIGTERM', async () => {
    const output = await startsAnswersAndStops(['--enable-source-maps', path.join(outDir, 'main.js')]);
    // Not on a terminal: JSON lines for collectors, the ready one among them.
    expect(output).toMatch(/^\{"level":30,.*"msg":"ClinicPay is running on http:\/\/localhost:\d+"\}$/m);
  }, 60_000);

  it('as node dist/main.js on a taken port, stops at once with a hint to set PORT, creating no database', async () => {
    await stopsOnATakenPort(['--enable-source-maps', path.join(outDir, 'main.js')]);
  }, 60_000);

  it('runs with the Node flags of npm run serve (decisions 0079, 0110, 0135), which this Node accepts', async () => {
    // Throws unless the script is `node <flags> apps/server/dist/main.js`. V8's testing flag
    // --liftoff-only is not among them: the server sets it on itself for the embedded database only.
    const flags = serveNodeFlags();
    expect(flags).toContain('--max-old-space-size=160');
    expect(flags).toContain('--no-allocation-site-pretenuring');
    expect(flags).not.toContain('--liftoff-only');
    await startsAnswersAndStops([...flags, path.join(outDir, 'main.js')]);
  }, 60_000);
});
