/**
 * Starts ClinicPay: read `.env` if there is one, validate configuration, open and migrate the
 * database, listen on PORT, and close cleanly on SIGTERM/SIGINT (in-flight requests finish, the
 * database is closed). Runs compiled as `node apps/server/dist/main.js` (`npm start`, from the
 * repository root) or from source through tsx (`npm run dev`).
 */
import fs from 'node:fs';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, loadEnvFile } from './config.js';
import { openDatabase } from './db/client.js';

const WEB_DIST_DIR = path.resolve(import.meta.dirname, '../../web/dist');
/** Where the embedded database was when the server ran from apps/server (before issue #13). */
const FORMER_DATA_DIR = path.resolve(import.meta.dirname, '../data');

async function main() {
  const envFile = loadEnvFile();
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
    {
      database: database.kind,
      dataDir: database.kind === 'pglite' ? config.dataDir : undefined,
      envFile,
      mail: app.mailer.transport,
      publicUrl: config.publicUrl,
    },
    `ClinicPay is running on ${config.publicUrl}`,
  );
  if (database.kind === 'pglite' && !process.env.DATA_DIR && fs.existsSync(FORMER_DATA_DIR)) {
    app.log.warn(
      { dataDir: config.dataDir, formerDataDir: FORMER_DATA_DIR },
      `An embedded database from an earlier version is in ${FORMER_DATA_DIR}; this server uses ${config.dataDir}. Stop the server and move the folder there, or set DATA_DIR=${FORMER_DATA_DIR}.`,
    );
  }
}

main().catch((error: unknown) => {
  // The logger does not exist yet when configuration fails, so this goes straight to stderr.
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  if (!(error instanceof ConfigError) && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
