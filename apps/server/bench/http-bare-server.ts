/**
 * The baseline bench/http.bench.ts measures the app against: a bare Fastify server in the
 * same Node, with no plugins, hooks, schemas or logging, on the same database. It answers
 * - GET  /json         a constant JSON object (what /healthz would cost with nothing around it);
 * - GET  /page/:id     getPublicPaymentData: the same SQL the public payment-page API runs;
 * - POST /intent/:id   createCheckoutIntent with the sandbox gateway: the same SQL intent creation runs.
 * The rate limits, security headers, validation and logging of the real routes are not here: they
 * are what the comparison measures. Any failure answers 500 so the bench counts it.
 * Run by the bench as `node --import tsx bench/http-bare-server.ts` with PORT and DATABASE_URL or DATA_DIR.
 */
import Fastify from 'fastify';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { createGateway } from '../src/gateway/index.js';
import { createJobQueue } from '../src/jobs/index.js';
import { createCheckoutIntent, getPublicPaymentData } from '../src/modules/checkout/service.js';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
);
const { db } = database;
const jobs = createJobQueue({ database, work: false, onError: () => {}, ...config.jobs });
const gateway = await createGateway({ config, db, sandboxTransport: () => undefined, jobs });

const app = Fastify({ logger: false });
app.get('/json', async () => ({ status: 'ok' }));
app.get<{ Params: { id: string } }>('/page/:id', async (request) =>
  getPublicPaymentData(db, request.params.id),
);
app.post<{
  Params: { id: string };
  Body: { name: string; email: string; phone?: string; attemptId: string };
}>('/intent/:id', async (request) =>
  createCheckoutIntent({ db, gateway }, request.params.id, { phone: null, ...request.body }),
);
app.setErrorHandler((error, _request, reply) => reply.status(500).send({ message: String(error) }));
await app.listen({ host: '127.0.0.1', port: config.port });
process.on('SIGTERM', () => {
  void app.close().then(() => database.close().then(() => process.exit(0)));
});
