/**
 * The sandbox's signing secret is made per installation and kept with the data (decision 0025): every
 * process on one database signs and verifies with the same one, another database gets another, and a
 * configured SANDBOX_WEBHOOK_SECRET wins.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxOf } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { openTestDatabase } from '../../../test/test-database.js';
import { createTestProcesses, type TestProcesses } from '../../../test/test-processes.js';
import { loadConfig } from '../../config.js';
import { systemSettings } from '../../db/schema/index.js';
import { signLikeStripe } from '../webhook-signature.js';
import { sandboxWebhookSecrets } from './sandbox-gateway.js';
import { SANDBOX_SECRET_KEY, sandboxWebhookSecret } from './webhook-secret.js';

const GENERATED = /^whsec_[A-Za-z0-9_-]{43}$/;

/** An event no handler acts on, sent to the Connect endpoint signed with `secret`: its HTTP status. */
async function sendSigned(app: FastifyInstance, secret: string): Promise<number> {
  const payload = JSON.stringify({
    id: `evt_${randomUUID()}`,
    object: 'event',
    type: 'customer.created',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: 'cus_1' } },
  });
  const response = await app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe-connect',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signLikeStripe(payload, sandboxWebhookSecrets(secret).connect),
    },
    payload,
  });
  return response.statusCode;
}

describe("the sandbox's webhook signing secret", () => {
  const opened: { close(): Promise<unknown> }[] = [];
  afterEach(async () => {
    for (const resource of opened.splice(0).reverse()) await resource.close();
  });

  it('is one secret, made once, for every process on a database, and each accepts what another signs', async () => {
    const processes: TestProcesses = await createTestProcesses(2);
    opened.push(processes);
    const [first, second] = processes.apps.map((app) => sandboxOf(app).webhookSecret);
    expect(first).toMatch(GENERATED);
    expect(second).toBe(first);
    const [one, two] = processes.apps as [FastifyInstance, FastifyInstance];
    const rows = await one.database.db
      .select()
      .from(systemSettings)
      .where(eq(systemSettings.key, SANDBOX_SECRET_KEY));
    expect(rows.map((row) => row.value)).toEqual([first]);
    expect(await sendSigned(two, String(first))).toBe(200);
    expect(await sendSigned(one, `whsec_${'x'.repeat(43)}`)).toBe(400);
  });

  it('is another secret on another database', async () => {
    const one = await createTestApp();
    opened.push(one);
    const other = await createTestApp();
    opened.push(other);
    expect(sandboxOf(other).webhookSecret).toMatch(GENERATED);
    expect(sandboxOf(other).webhookSecret).not.toBe(sandboxOf(one).webhookSecret);
    expect(await sendSigned(other, sandboxOf(one).webhookSecret)).toBe(400);
  });

  it('is the same for processes starting together on a fresh database', async () => {
    const database = await openTestDatabase();
    opened.push(database);
    const secrets = await Promise.all(Array.from({ length: 6 }, () => sandboxWebhookSecret(database.db)));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toMatch(GENERATED);
  });

  it('is read once the migrations are applied when the app starts before them', async () => {
    const database = await openTestDatabase({ migrate: false });
    const app = await createTestApp({ database });
    opened.push(app);
    expect(() => sandboxOf(app).webhookSecret).toThrow('not been read yet');
    await database.migrate();
    const secret = await sandboxOf(app).signingSecret();
    expect(secret).toMatch(GENERATED);
    expect(sandboxOf(app).webhookSecret).toBe(secret);
    expect(await sendSigned(app, secret)).toBe(200);
  });

  it('is SANDBOX_WEBHOOK_SECRET when configured, and then none is stored', async () => {
    const configured = `whsec_${randomUUID().replaceAll('-', '')}`;
    const app = await createTestApp({ env: { SANDBOX_WEBHOOK_SECRET: configured } });
    opened.push(app);
    expect(sandboxOf(app).webhookSecret).toBe(configured);
    expect(
      await app.database.db.select().from(systemSettings).where(eq(systemSettings.key, SANDBOX_SECRET_KEY)),
    ).toEqual([]);
    expect(await sendSigned(app, configured)).toBe(200);
  });

  it('has no default in the code or in .env.example, and a configured one must be long', () => {
    expect(loadConfig({}).gateway).toEqual({
      kind: 'sandbox',
      webhookSecret: undefined,
      verificationSeconds: 5,
    });
    expect(() => loadConfig({ SANDBOX_WEBHOOK_SECRET: 'whsec_short' })).toThrow('SANDBOX_WEBHOOK_SECRET');
    const example = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../.env.example'), 'utf8');
    expect(example).toMatch(/^SANDBOX_WEBHOOK_SECRET=$/m);
  });
});
