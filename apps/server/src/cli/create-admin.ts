/**
 * `npm run create-admin -- --email admin@example.com`: creates a verified platform admin (docs/product.md).
 * The password comes from ADMIN_PASSWORD or, when unset, a prompt that does not echo. Uses the same
 * configuration as the server (the environment, then `.env`): DATABASE_URL (PostgreSQL, safe beside
 * a running server) or the embedded database in DATA_DIR, which one process at a time may open:
 * while a server holds it, the command refuses and says what to do. Success is printed only once the
 * account is read back from the database as it is stored, with the sign-in address of a server run
 * with the same configuration: PUBLIC_URL, or http://localhost:PORT (docs/decisions/0099-a-clean-first-run.md).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { emailRequestSchema, PASSWORD_MAX_LENGTH } from '@clinicpay/shared';
import { and, eq } from 'drizzle-orm';
import { type Config, loadConfig, loadEnvFile } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { accounts, users } from '../db/schema/index.js';
import { createAdmin } from '../modules/auth/index.js';
import { processesHolding } from './database-in-use.js';
import { readPassword } from './read-password.js';

const MIN_ADMIN_PASSWORD = 12;
const USAGE = 'Usage: npm run create-admin -- --email admin@example.com';

function refuseWhileHeld(dataDir: string, when: 'before' | 'after') {
  const holders = processesHolding(path.join(dataDir, 'pgdata'));
  if (holders.length === 0) return;
  const who = holders[0] === -1 ? 'another process' : `another process (pid ${holders.join(', ')})`;
  const lead =
    when === 'before'
      ? `The embedded database in ${dataDir} is open in ${who}, most likely a running ClinicPay server.`
      : `A ClinicPay server opened the embedded database in ${dataDir} while the admin was being created, so the admin may be lost.`;
  throw new Error(
    `${lead} It can be used by one process at a time. Stop the server, run this command again, then start the server; or run the server and this command with DATABASE_URL set to a PostgreSQL server.`,
  );
}

function open(config: Config): Promise<Database> {
  return openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
}

/** True when an admin with this email and a password credential is stored. */
async function adminIsStored(database: Database, email: string): Promise<boolean> {
  const [row] = await database.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(and(eq(users.email, email), eq(users.role, 'admin'), eq(users.emailVerified, true)));
  return row !== undefined;
}

async function withDatabase<T>(config: Config, run: (database: Database) => Promise<T>): Promise<T> {
  const database = await open(config);
  try {
    return await run(database);
  } finally {
    await database.close();
  }
}

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' } } });
  const parsed = emailRequestSchema.safeParse({ email: values.email ?? '' });
  if (!parsed.success) throw new Error(USAGE);
  const email = parsed.data.email.trim().toLowerCase();

  loadEnvFile();
  const config = loadConfig();
  const embedded = !config.databaseUrl;
  // Refused before the prompt, so nobody types a password for nothing.
  if (embedded) refuseWhileHeld(config.dataDir, 'before');

  const password = process.env.ADMIN_PASSWORD ?? (await readPassword('Admin password: '));
  if (password.length < MIN_ADMIN_PASSWORD || password.length > PASSWORD_MAX_LENGTH) {
    throw new Error(`The admin password must be ${MIN_ADMIN_PASSWORD} to ${PASSWORD_MAX_LENGTH} characters.`);
  }

  await withDatabase(config, async (database) => {
    if (embedded) refuseWhileHeld(config.dataDir, 'before');
    await database.migrate();
    await createAdmin(database.db, email, password);
  });
  if (embedded) refuseWhileHeld(config.dataDir, 'after');
  // Read back through a fresh connection: what a server starting now would see.
  const stored = await withDatabase(config, (database) => adminIsStored(database, email));
  if (!stored)
    throw new Error(`The admin ${email} could not be read back from the database; it was not created.`);
  process.stdout.write(`Admin ${email} created. Sign in at ${config.publicUrl}/sign-in\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
