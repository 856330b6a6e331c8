/**
 * `npm run create-admin -- --email admin@example.com`: creates a verified platform admin. The password
 * comes from ADMIN_PASSWORD or, when unset, a prompt. Uses the same configuration as the server
 * (DATABASE_URL or the embedded database in DATA_DIR).
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { emailRequestSchema, PASSWORD_MAX_LENGTH } from '@clinicpay/shared';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createAdmin } from '../modules/auth/service.js';

const MIN_ADMIN_PASSWORD = 12;

async function askPassword(): Promise<string> {
  const prompt = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const password = await prompt.question('Admin password: ');
  prompt.close();
  return password;
}

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' } } });
  const email = emailRequestSchema.safeParse({ email: values.email ?? '' });
  if (!email.success) throw new Error('Usage: npm run create-admin -- --email admin@example.com');
  const password = process.env.ADMIN_PASSWORD ?? (await askPassword());
  if (password.length < MIN_ADMIN_PASSWORD || password.length > PASSWORD_MAX_LENGTH) {
    throw new Error(`The admin password must be ${MIN_ADMIN_PASSWORD} to ${PASSWORD_MAX_LENGTH} characters.`);
  }

  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    await createAdmin(database.db, email.data.email, password);
    process.stdout.write(`Admin ${email.data.email} created. Sign in at ${config.publicUrl}/sign-in\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
