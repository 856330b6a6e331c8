/**
 * The baseline bench/http.bench.ts measures the app against: what the same SQL costs with nothing
 * around it. A bare Fastify server in the same Node (no plugins, hooks, schemas, logging, ORM), sending
 * the app's own statements straight to the database: on PostgreSQL through a plain `pg.Pool` of the
 * app's size (10), on PGlite through a plain PGlite instance started with the app's settings whose
 * statements take turns with the event loop as the app's do (db/client.ts, decision 0076). It answers
 * - GET  /json        a constant JSON object (what /healthz would cost with nothing around it);
 * - GET  /page/:id    the public payment page's one statement (payablePageStatement from the checkout
 *                     module, the same name, text and values the app prepares), answered as it comes;
 * - POST /intent/:id  intent creation for a payment link, doing the database work the app does with the
 *                     sandbox gateway: the page's statement, then the sandbox's (the connected account,
 *                     then the intent inserted under its idempotency key unless the key is taken), with
 *                     the same digests for the idempotency key and the request fingerprint. The
 *                     sandbox's statements are its own (sandboxAccountStatement, insertIntentStatement
 *                     from the gateway module: the same names, text and values).
 * The rate limits, security headers, validation, request ids and logging of the real routes are not
 * here: they are part of what the comparison measures. Any failure answers 500 so the bench counts it.
 * Run by the bench as `node --import tsx bench/http-bare-server.ts` with PORT and DATABASE_URL or DATA_DIR.
 */
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  DEFAULT_PLATFORM_FEE_BASIS_POINTS,
  percentTextToBasisPoints,
  platformFeeFor,
  statementSuffix,
} from '@clinicpay/shared';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { PGLITE_EXTENSIONS, PGLITE_SETTINGS } from '../src/db/client.js';
import { insertIntentStatement, sandboxAccountStatement } from '../src/gateway/index.js';
import { payablePageStatement } from '../src/modules/checkout/index.js';

interface Statement {
  name?: string;
  text: string;
  values?: unknown[];
}
type Rows = { rows: Record<string, unknown>[] };
interface Connection {
  query(statement: Statement): Promise<Rows>;
}
interface Store extends Connection {
  transaction<T>(work: (connection: Connection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

function postgresStore(url: string): Store {
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 3000, max: 10 });
  pool.on('error', () => {});
  return {
    query: (statement) => pool.query(statement),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({ query: (statement) => client.query(statement) });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function pgliteStore(dataDir: string): Promise<Store> {
  const client = new PGlite({
    dataDir: path.join(dataDir, 'pgdata'),
    extensions: PGLITE_EXTENSIONS,
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
  });
  await client.waitReady;
  // Each statement or transaction in its turn, after the event loop has had one (as db/client.ts).
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const turn = last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(run);
    last = turn.catch(() => undefined);
    return turn;
  };
  return {
    query: (statement) => inTurn(() => client.query(statement.text, statement.values)),
    transaction: (work) =>
      inTurn(() =>
        client.transaction((tx) =>
          work({ query: (statement) => tx.query(statement.text, statement.values) }),
        ),
      ),
    close: () => client.close(),
  };
}

const databaseUrl = process.env.DATABASE_URL;
const store = databaseUrl ? postgresStore(databaseUrl) : await pgliteStore(process.env.DATA_DIR ?? './data');

/** The sandbox's statement for an intent whose key was taken (gateway/sandbox/sandbox-gateway.ts). */
const LOCK_KEY =
  'select "id", "client_secret", "amount", "application_fee_amount", "destination_account_id", "metadata", "statement_descriptor_suffix", "status", "card_fee", "card_country", "card_last4", "card_brand", "three_d_secure", "last_payment_error", "refunded_amount", "refunds_fail_later", "funds_available_at_once", "customer_id", "payment_method_id", "saves_card", "idempotency_key", "request_fingerprint", "created_at" from "sandbox_payment_intents" where "sandbox_payment_intents"."idempotency_key" = $1 for update';

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
const sortedKeys = (record: Record<string, unknown>) =>
  Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, record[key]]),
  );

interface PageJson {
  link: { id: string; amount: number; title: string; type: string } | null;
  clinic: {
    id: string;
    stripeAccountId: string | null;
    statementName: string | null;
    clinicName: string | null;
  };
  feeText: string | null;
}

async function page(id: string): Promise<PageJson | undefined> {
  const { rows } = await store.query(payablePageStatement(id));
  return rows[0]?.page as PageJson | undefined;
}

const app = Fastify({ logger: false });
app.get('/json', async () => ({ status: 'ok' }));
app.get<{ Params: { id: string } }>('/page/:id', async (request) => {
  const found = await page(request.params.id);
  if (!found) throw new Error('no such page');
  return found;
});
app.post<{ Params: { id: string }; Body: { name: string; email: string; attemptId: string } }>(
  '/intent/:id',
  async (request) => {
    const found = await page(request.params.id);
    const link = found?.link;
    const destination = found?.clinic.stripeAccountId;
    if (!found || !link || !destination) throw new Error('not a payable link');
    const storedFee = found.feeText === null ? null : percentTextToBasisPoints(found.feeText);
    const applicationFeeAmount = platformFeeFor(link.amount, storedFee ?? DEFAULT_PLATFORM_FEE_BASIS_POINTS);
    const suffix = statementSuffix({
      statementName: found.clinic.statementName,
      clinicName: found.clinic.clinicName,
    });
    const metadata = {
      clinic_id: found.clinic.id,
      payment_type: link.type,
      title: link.title,
      payment_link_id: link.id,
      patient_name: request.body.name,
      patient_email: request.body.email,
      payer_ip: request.ip,
    };
    const terms = [link.amount, applicationFeeAmount, destination, suffix, sortedKeys(metadata)];
    const idempotencyKey = `checkout:${link.id}:${request.body.attemptId}:${digest(terms).slice(0, 16)}`;
    const fingerprint = digest(
      sortedKeys({
        amount: link.amount,
        applicationFeeAmount,
        destinationAccountId: destination,
        metadata: sortedKeys(metadata),
        statementDescriptorSuffix: suffix,
      }),
    );
    const account = await store.query(sandboxAccountStatement(destination));
    if (account.rows.length === 0) throw new Error('no such account');
    const id = `pi_sbx_${randomBytes(12).toString('hex')}`;
    const intent = {
      id,
      clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      amount: link.amount,
      applicationFeeAmount,
      destinationAccountId: destination,
      metadata,
      statementDescriptorSuffix: suffix,
      customerId: null,
      savesCard: false,
      idempotencyKey,
      requestFingerprint: fingerprint,
    };
    // The sandbox's usual case, a new key: one insert, no transaction.
    const fresh = await store.query(insertIntentStatement(intent));
    const created =
      fresh.rows[0] ??
      (await store.transaction(async (connection) => {
        const stored = await connection.query({ text: LOCK_KEY, values: [idempotencyKey] });
        return stored.rows[0];
      }));
    if (!created) throw new Error('the intent was not created');
    return { paymentIntentId: created.id, clientSecret: created.client_secret, amount: created.amount };
  },
);
app.setErrorHandler((error, _request, reply) => reply.status(500).send({ message: String(error) }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3001) });
process.on('SIGTERM', () => {
  void app.close().then(() => store.close().then(() => process.exit(0)));
});
