/**
 * The check `npm start` runs before the build (decision 0099): silent on a free port, the PORT hint and
 * exit code 1 on a taken one, so a taken port does not wait for the build.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/server-process.js';

const SCRIPT = path.resolve(import.meta.dirname, 'check-port.ts');
/** tsx by its file, as the check runs from a folder outside the repository. */
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Runs the check from an empty folder (no .env) with `env`; resolves with its exit code and output. */
function check(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'clinicpay-check-port-'));
  const child = spawn(process.execPath, ['--import', TSX, SCRIPT], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) =>
    child.on('close', (code) => {
      fs.rmSync(cwd, { recursive: true, force: true });
      resolve({ code, output });
    }),
  );
}

describe('npm start: the port check before the build', () => {
  const taken = net.createServer();
  let takenPort = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    takenPort = (taken.address() as net.AddressInfo).port;
  });
  afterAll(() => taken.close());

  it('says nothing and exits 0 on a free port', async () => {
    expect(await check({ PORT: String(await freePort()) })).toEqual({ code: 0, output: '' });
  });

  it('stops with the PORT hint on a taken port', async () => {
    const result = await check({ PORT: String(takenPort) });
    expect(result.code).toBe(1);
    expect(result.output.trim()).toBe(
      `Port ${takenPort} is already in use. Set PORT to another port, e.g. PORT=${takenPort + 1} npm start.`,
    );
  });

  it('stops with the list of bad settings', async () => {
    const result = await check({ PORT: 'seventy' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('Invalid configuration');
    expect(result.output).toContain('PORT:');
  });
});
