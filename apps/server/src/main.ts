/**
 * Starts ClinicPay: read `.env` if there is one, validate configuration, make sure HOST:PORT is free
 * (before the database is opened or created, so a taken port stops the server at once with a hint and
 * leaves nothing behind), open and migrate the database, listen on PORT, say where ClinicPay is in
 * one plain line, and close cleanly on SIGTERM/SIGINT (in-flight requests finish, the database is
 * closed). Logs are readable lines at a terminal outside production and JSON otherwise (LOG_FORMAT;
 * docs/decisions/0099-a-clean-first-run.md). Runs compiled as `node apps/server/dist/main.js`
 * (`npm start`, from the repository root) or from source through tsx (`npm run dev`).
 */
import fs from 'node:fs';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { type Config, ConfigError, loadConfig, loadEnvFile } from './config.js';
import type { Database } from './db/client.js';
import { claimPort, PortUnavailableError, portHint } from './port-check.js';
import { applyV8Flags } from './v8-flags.js';

const WEB_DIST_DIR = path.resolve(import.meta.dirname, '../../web/dist');
/** Where the embedded database was when the server ran from apps/server, in earlier versions. */
const FORMER_DATA_DIR = path.resolve(import.meta.dirname, '../data');

/**
 * The line `npm start` ends with, e.g. 'ClinicPay is running on http://localhost:3000': the address
 * links use, which without PUBLIC_URL carries the port the server listens on; with PUBLIC_URL (a
 * proxy in front), where the server itself listens too.
 */
function readyLine(config: Config): string {
  const where = `ClinicPay is running on ${config.publicUrl}`;
  return config.publicUrlConfigured ? `${where} (listening on ${config.host}:${config.port})` : where;
}

/** What the ready line does not say, for a person: where the data and the emails are. */
function readyDetails(config: Config, database: Database, mail: string, envFile: string | undefined) {
  const details = [
    database.kind === 'pglite'
      ? `embedded database in ${config.dataDir}`
      : 'PostgreSQL database (DATABASE_URL)',
    mail === 'dev-outbox' ? `emails and texts at ${config.publicUrl}/dev/outbox` : 'emails by SMTP',
  ];
  if (envFile) details.push(`settings from ${envFile}`);
  return `  ${details.join('; ')}`;
}

function announce(
  app: FastifyInstance,
  logStream: { write(line: string): void },
  config: Config,
  database: Database,
  envFile: string | undefined,
) {
  if (!['trace', 'debug', 'info'].includes(config.logLevel)) return;
  const line = readyLine(config);
  if (config.logFormat === 'json') {
    // For collectors, the record with its details; for a person reading along, the plain line.
    app.log.info(
      {
        database: database.kind,
        dataDir: database.kind === 'pglite' ? config.dataDir : undefined,
        envFile,
        mail: app.mailer.transport,
        publicUrl: config.publicUrl,
        port: config.port,
      },
      line,
    );
  }
  // Through the log's own stream, so the line comes after the log lines written before it.
  logStream.write(
    config.logFormat === 'pretty'
      ? `\n${line}\n${readyDetails(config, database, app.mailer.transport, envFile)}\n\n`
      : `${line}\n`,
  );
}

async function main() {
  const envFile = loadEnvFile();
  let config = loadConfig();
  // First, so that a taken port opens and creates nothing. PORT=0 takes the port the system offers,
  // set before the app is built so that links carry it.
  const port = await claimPort(config.host, config.port);
  if (port !== config.port) config = loadConfig({ ...process.env, PORT: String(port) });
  // Before the embedded database's WebAssembly is loaded (docs/decisions/0110-v8-flags-by-database.md).
  applyV8Flags(config);
  // The app, the database and the loggers are loaded only now: loading them takes longer than the
  // checks above, which a taken port or a bad setting should not wait for.
  const [{ buildApp }, { openDatabase }, { destination }] = await Promise.all([
    import('./app.js'),
    import('./db/client.js'),
    import('pino'),
  ]);

  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await database.migrate();

  // Both written synchronously, so the ready line lands after the lines logged before it.
  // pino-pretty is loaded only when used: a production server never needs it.
  const logStream =
    config.logFormat === 'pretty'
      ? (await import('pino-pretty')).default({
          sync: true,
          translateTime: 'SYS:HH:MM:ss',
          ignore: 'pid,hostname',
        })
      : destination({ dest: 1, sync: true });
  const app = await buildApp({ config, database, webDistDir: WEB_DIST_DIR, workers: true, logStream });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    // Another process took the port between the check and now.
    const hint = portHint((error as NodeJS.ErrnoException).code, config.host, config.port);
    if (!hint) throw error;
    await app.close();
    throw new PortUnavailableError(hint);
  }
  announce(app, logStream, config, database, envFile);
  if (database.kind === 'pglite' && !process.env.DATA_DIR && fs.existsSync(FORMER_DATA_DIR)) {
    app.log.warn(
      { dataDir: config.dataDir, formerDataDir: FORMER_DATA_DIR },
      `An embedded database from an earlier version is in ${FORMER_DATA_DIR}; this server uses ${config.dataDir}. Stop the server and move the folder there, or set DATA_DIR=${FORMER_DATA_DIR}.`,
    );
  }
}

main().catch((error: unknown) => {
  // The logger does not exist yet when configuration fails, so this goes straight to stderr.
  // A bad setting or an unusable port is the person's to fix: their message alone, no stack trace.
  const expected = error instanceof ConfigError || error instanceof PortUnavailableError;
  process.stderr.write(`${expected ? (error as Error).message : String(error)}\n`);
  if (!expected && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
