import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createFreshPostgresDatabase, usesPostgres } from '../../test/test-database.js';
import { openDatabase } from '../db/client.js';
import { accounts, users } from '../db/schema/index.js';
import { verifyPassword } from '../modules/auth/index.js';

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, 'create-admin.ts');
const PASSWORD = 'a long admin password';

const dataDirs: string[] = [];
function freshDataDir() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinicpay-cli-'));
  dataDirs.push(dataDir);
  return dataDir;
}
afterEach(() => {
  for (const dataDir of dataDirs.splice(0)) fs.rmSync(dataDir, { recursive: true, force: true });
});

const embeddedEnv = (dataDir: string, extra: Record<string, string> = {}) => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  ...extra,
});

async function storedAdmin(dataDir: string, email: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const [admin] = await database.db.select().from(users).where(eq(users.email, email));
    return admin;
  } finally {
    await database.close();
  }
}

// Each test starts the real command (and one a real server): a process that loads the server's code
// through tsx and opens, and on first use migrates, an embedded database. On a busy 2-core machine that
// is 30-40 s per run, so these tests get 2 minutes instead of the suite's 30 s.
describe('npm run create-admin', { timeout: 120_000 }, () => {
  it('creates a verified admin with the given password', async () => {
    const dataDir = freshDataDir();
    const fresh = usesPostgres() ? await createFreshPostgresDatabase() : undefined;
    const env = {
      ...embeddedEnv(dataDir),
      DATABASE_URL: fresh?.url ?? '',
      ADMIN_PASSWORD: PASSWORD,
      PORT: '3456',
      PUBLIC_URL: '',
    };
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', script, '--email', 'Ops@ClinicPay.test'],
      { env },
    );
    // The server's address with this configuration: the configured PORT.
    expect(stdout).toContain('Admin ops@clinicpay.test created. Sign in at http://localhost:3456/sign-in');

    const database = await openDatabase(
      fresh ? { kind: 'postgres', url: fresh.url } : { kind: 'pglite', dataDir },
    );
    const [admin] = await database.db.select().from(users).where(eq(users.email, 'ops@clinicpay.test'));
    expect(admin).toMatchObject({ role: 'admin', emailVerified: true, clinicId: null });
    const [credential] = await database.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, String(admin?.id)));
    expect(await verifyPassword({ hash: String(credential?.password), password: PASSWORD })).toBe(true);
    await database.close();
    await fresh?.drop();
  });

  it('refuses, creating nothing, while a server holds the embedded database, and works once it stops', async () => {
    const dataDir = freshDataDir();
    const env = embeddedEnv(dataDir, { ADMIN_PASSWORD: PASSWORD });
    // The "server": this test process opens the data folder as main.ts does.
    const server = await openDatabase({ kind: 'pglite', dataDir });
    await server.migrate();
    const refused = await run(
      process.execPath,
      ['--import', 'tsx', script, '--email', 'ops@clinicpay.test'],
      { env },
    ).then(
      () => undefined,
      (error: { stdout: string; stderr: string; code: number }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stdout).not.toContain('created');
    expect(refused?.stderr).toContain(`open in another process (pid ${process.pid})`);
    expect(refused?.stderr).toContain('Stop the server, run this command again');
    expect(refused?.stderr).toContain('DATABASE_URL');
    const [none] = await server.db.select().from(users).where(eq(users.email, 'ops@clinicpay.test'));
    expect(none).toBeUndefined();
    await server.close();

    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', script, '--email', 'ops@clinicpay.test'],
      { env: { ...env, PORT: '3456', PUBLIC_URL: 'https://pay.example.com' } },
    );
    // PUBLIC_URL, when set, is the address whatever the port.
    expect(stdout).toContain('Admin ops@clinicpay.test created. Sign in at https://pay.example.com/sign-in');
    expect(await storedAdmin(dataDir, 'ops@clinicpay.test')).toMatchObject({ role: 'admin' });
  });

  it('prompts on a terminal without echoing the password', async () => {
    const dataDir = freshDataDir();
    const command = `${process.execPath} --import tsx ${script} --email typed@clinicpay.test`;
    // `script` gives the command a real terminal, so the line discipline would echo unless raw mode is on.
    const child = spawn('script', ['-qec', command, '/dev/null'], { env: embeddedEnv(dataDir) });
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Admin password: ')) resolve();
      });
    });
    child.stdin.write(`${PASSWORD}\r`);
    expect(await exited).toBe(0);
    expect(output).toContain('Admin typed@clinicpay.test created');
    expect(output).not.toContain(PASSWORD);
    expect(await storedAdmin(dataDir, 'typed@clinicpay.test')).toMatchObject({ role: 'admin' });
  });

  it('refuses a short password and a missing email', async () => {
    const env = { ...embeddedEnv(freshDataDir()), ADMIN_PASSWORD: 'short' };
    await expect(
      run(process.execPath, ['--import', 'tsx', script, '--email', 'a@b.co'], { env }),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('The admin password must be 12 to 128 characters.'),
    });
    await expect(run(process.execPath, ['--import', 'tsx', script], { env })).rejects.toMatchObject({
      stderr: expect.stringContaining('Usage: npm run create-admin -- --email admin@example.com'),
    });
  });
});
