/**
 * Real server processes for end-to-end tests: the server entry started as its own Node.js process
 * (through tsx, as main.test.ts does), listening on its own port, stopped with SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface ServerProcess {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far, for failure messages. */
  output(): string;
  /** Resolves once /readyz answers 200; rejects with the output if it exits or `ms` pass first. */
  ready(ms?: number): Promise<void>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Calls `check` until it returns a value other than undefined, or fails after `ms`. For waiting on
 * another process, where there is nothing to await.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  ms: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const result = await check();
    if (result !== undefined) return result;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * Starts the server with only `env` (and PATH) in its environment, from an empty working directory
 * so no developer's .env is read. PORT and HOST are chosen here.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'clinicpay-process-'));
  const child = spawn(process.execPath, ['--import', TSX, MAIN], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    child,
    output: () => output,
    async ready(ms = 90_000) {
      await eventually(
        async () => {
          if (hasExited) throw new Error(`the server at ${url} exited:\n${output}`);
          const ok = await fetch(`${url}/readyz`).then(
            (response) => response.ok,
            () => false,
          );
          return ok ? true : undefined;
        },
        ms,
        `${url}/readyz\n${output}`,
      );
    },
    async stop() {
      if (!hasExited) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(cwd, { recursive: true, force: true });
    },
  };
}

/**
 * The Node flags `npm run serve` (the root package.json) starts the production build with, so that
 * tests and the bench run the server as users do (docs/decisions/0079-v8-sized-for-a-small-server.md).
 * Throws when the script is not `node <flags> apps/server/dist/main.js`.
 */
export function serveNodeFlags(): string[] {
  const { scripts } = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8'),
  ) as { scripts: { serve: string } };
  const [command, ...words] = scripts.serve.split(/\s+/);
  if (command !== 'node' || words.at(-1) !== 'apps/server/dist/main.js') {
    throw new Error(`npm run serve is not "node <flags> apps/server/dist/main.js": ${scripts.serve}`);
  }
  return words.slice(0, -1);
}
