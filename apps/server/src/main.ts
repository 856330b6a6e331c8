/**
 * Starts ClinicPay: validate configuration, open and migrate the database, listen on PORT, and close
 * cleanly on SIGTERM/SIGINT (in-flight requests finish, the database is closed).
 */
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { resumeStaleRefunds, STALE_REFUND_MS } from './modules/refunds/index.js';

const WEB_DIST_DIR = path.resolve(import.meta.dirname, '../../web/dist');

async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await database.migrate();

  const app = await buildApp({ config, database, webDistDir: WEB_DIST_DIR });
  let stopSweep = () => {};
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    stopSweep();
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ host: config.host, port: config.port });
  stopSweep = sweepStaleRefunds(app);
  app.log.info(
    { database: database.kind, mail: app.mailer.transport, publicUrl: config.publicUrl },
    `ClinicPay is running on ${config.publicUrl}`,
  );
}

/**
 * Every minute, refunds left pending for STALE_REFUND_MS (the process died between the gateway call and
 * recording it, and no provider event came) are reconciled from the provider's list, then made once with
 * their own idempotency key (decision 0014). The durable job queue of issue #11 will take this over.
 */
function sweepStaleRefunds(app: FastifyInstance): () => void {
  const deps = {
    db: app.database.db,
    gateway: app.gateway,
    onError: (error: unknown) => app.log.error({ err: error }, 'stale refund sweep failed'),
  };
  const timer = setInterval(() => {
    resumeStaleRefunds(deps, { before: new Date(Date.now() - STALE_REFUND_MS) }).catch(deps.onError);
  }, 60_000).unref();
  return () => clearInterval(timer);
}

main().catch((error: unknown) => {
  // The logger does not exist yet when configuration fails, so this goes straight to stderr.
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  if (!(error instanceof ConfigError) && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
