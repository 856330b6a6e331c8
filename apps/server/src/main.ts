/**
 * Starts ClinicPay: validate configuration, open and migrate the database, listen on PORT, and close
 * cleanly on SIGTERM/SIGINT (in-flight requests finish, the database is closed).
 */
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';

const WEB_DIST_DIR = path.resolve(import.meta.dirname, '../../web/dist');

async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await database.migrate();

  const app = await buildApp({ config, database, webDistDir: WEB_DIST_DIR, workers: true });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { database: database.kind, mail: app.mailer.transport, publicUrl: config.publicUrl },
    `ClinicPay is running on ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  // The logger does not exist yet when configuration fails, so this goes straight to stderr.
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  if (!(error instanceof ConfigError) && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
