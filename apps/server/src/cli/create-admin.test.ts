import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFreshPostgresDatabase, usesPostgres } from '../../test/test-database.js';
import { openDatabase } from '../db/client.js';
import { accounts, users } from '../db/schema/index.js';
import { verifyPassword } from '../modules/auth/password-hashing.js';

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, 'create-admin.ts');

describe('npm run create-admin', () => {
  it('creates a verified admin with the given password', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinicpay-cli-'));
    const fresh = usesPostgres() ? await createFreshPostgresDatabase() : undefined;
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: fresh?.url ?? '',
      ADMIN_PASSWORD: 'a long admin password',
    };
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', script, '--email', 'Ops@ClinicPay.test'],
      { env },
    );
    expect(stdout).toContain('Admin ops@clinicpay.test created');

    const database = await openDatabase(
      fresh ? { kind: 'postgres', url: fresh.url } : { kind: 'pglite', dataDir },
    );
    const [admin] = await database.db.select().from(users).where(eq(users.email, 'ops@clinicpay.test'));
    expect(admin).toMatchObject({ role: 'admin', emailVerified: true, clinicId: null });
    const [credential] = await database.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, String(admin?.id)));
    expect(
      await verifyPassword({ hash: String(credential?.password), password: 'a long admin password' }),
    ).toBe(true);
    await database.close();
    await fresh?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a short password and a missing email', async () => {
    const env = { ...process.env, ADMIN_PASSWORD: 'short' };
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
