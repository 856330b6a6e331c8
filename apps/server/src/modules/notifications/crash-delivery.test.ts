/**
 * A server killed with SIGKILL while it is sending an email, then started again on the same data:
 * the email is delivered exactly once (decision 0019). Real processes (as `npm start` runs
 * them), the embedded database on disk, and a real SMTP server on loopback that stalls the first
 * delivery.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.js';
import { JOB_SCHEMA, openDatabase } from '../../db/client.js';

const MAIN = path.resolve(import.meta.dirname, '../../main.ts');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('an email being sent when the server dies', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinicpay-crash-'));
  const children: ChildProcess[] = [];
  let peer: SmtpPeer | undefined;
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await peer?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function startServer(port: number, smtpUrl: string) {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        SMTP_URL: smtpUrl,
        SUPPORT_EMAIL: 'support@clinicpay.test',
        // An attempt still running after 3 s counts as dead; checked every second; retried 1 s later.
        JOB_EXPIRE_SECONDS: '3',
        JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
        JOB_RETRY_DELAY_SECONDS: '1',
        JOB_POLLING_INTERVAL_SECONDS: '0.5',
      },
      stdio: 'ignore',
    });
    children.push(child);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await waitFor(
      () =>
        fetch(`http://127.0.0.1:${port}/readyz`).then(
          (response) => response.ok,
          () => false,
        ),
      'the server to be ready',
    );
    return { child, exited };
  }

  it('delivers it exactly once after a restart', async () => {
    peer = await startSmtpPeer();
    peer.mode = 'stall';
    const port = await freePort();
    const first = await startServer(port, peer.url);

    const response = await fetch(`http://127.0.0.1:${port}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Dr Ada Lovelace',
        email: 'ada@example.co.uk',
        subject: 'Crash test',
        message: 'Will this arrive once?',
      }),
    });
    expect(response.status).toBe(201);

    // The worker has handed the message to the mail server, which has not answered yet.
    await peer.stalled;
    first.child.kill('SIGKILL');
    await first.exited;
    expect(peer.accepted).toEqual([]);

    peer.mode = 'accept';
    const current = peer;
    const second = await startServer(port, peer.url);
    await waitFor(() => current.accepted.length > 0, 'the email to be delivered after the restart');
    // A graceful stop lets any attempt under way finish; then the queue must hold nothing that could
    // send the email again: its one job completed, none waiting or retrying.
    second.child.kill('SIGTERM');
    await second.exited;
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const jobs = await database.sql.executeSql(
        `select state from ${JOB_SCHEMA}.job where name = 'notifications.send-email'`,
      );
      expect(jobs.rows).toEqual([{ state: 'completed' }]);
    } finally {
      await database.close();
    }
    expect(current.accepted.map((mail) => mail.subject)).toEqual(['Contact form: Crash test']);
    // Two server starts on the embedded database: slow on a busy 2-core machine.
  }, 180_000);
});
