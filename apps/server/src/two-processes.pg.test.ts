/**
 * Two server processes on one PostgreSQL database, behind alternating requests as behind a load
 * balancer (decisions 0021 and 0069). Both start at the same moment
 * on an empty database: each migration is applied once. Sign-in limits hold across them (20 wrong
 * sign-ins a minute from one address in all, not 20 each; 5 in a row per account, decision 0124), a checkout started on one completes
 * on the other, and a due reminder is sent once when both sweep at the same moment
 * (docs/decisions/0106-request-reminders.md).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type ServerProcess, startServerProcess } from '../test/server-process.js';
import { createFreshPostgresDatabase } from '../test/test-database.js';
import { loadConfig } from './config.js';
import { MIGRATIONS_FOLDER } from './db/client.js';

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: { when: number; tag: string }[];
};

/** The sign-in limit the server runs with when AUTH_RATE_LIMIT_PER_MINUTE is not set. */
const SIGN_IN_LIMIT = loadConfig({}).authRateLimitPerMinute;
const PASSWORD = 'correct horse battery';
const PUBLIC_URL = 'http://clinicpay.test';

describe('two server processes on one PostgreSQL', () => {
  let processes: ServerProcess[] = [];
  let database: { url: string; drop: () => Promise<void> } | undefined;

  beforeAll(async () => {
    database = await createFreshPostgresDatabase();
    const env = {
      DATABASE_URL: database.url,
      PUBLIC_URL,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // Both processes must accept each other's session cookies, as behind any load balancer.
      AUTH_SECRET: randomUUID().repeat(2),
      // The load balancer says who the caller is, so each test picks its own address.
      TRUST_PROXY: 'true',
      JOB_POLLING_INTERVAL_SECONDS: '0.5',
    };
    // Started together, on an empty database: both migrate at once.
    processes = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    await Promise.all(processes.map((server) => server.ready()));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(processes.map((server) => server.stop()));
    await database?.drop();
  }, 60_000);

  /** The two processes in turn: request `index` goes to process `index % 2`. */
  const nth = (index: number) => {
    const server = processes[index % 2];
    if (!server) throw new Error('two processes expected');
    return server;
  };

  const call = (
    server: ServerProcess,
    pathname: string,
    options: { method?: string; body?: unknown; address: string; cookie?: string },
  ) =>
    fetch(`${server.url}${pathname}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers: {
        'x-forwarded-for': options.address,
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: 'manual',
    });

  it('applies each migration once when both start together', async () => {
    const client = new pg.Client({ connectionString: database?.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ when: string }>(
        'select created_at::bigint as "when" from drizzle.__drizzle_migrations order by created_at',
      );
      expect(rows.map((row) => Number(row.when))).toEqual(journal.entries.map((entry) => entry.when));
    } finally {
      await client.end();
    }
  });

  const clinicAddress = '198.51.100.10';
  let email = '';
  let cookie = '';

  it('signs a clinic up on one process, verifies it and signs it in on the other', async () => {
    email = `clinic-${randomUUID().slice(0, 8)}@example.com`;
    const signUp = await call(nth(0), '/api/auth/sign-up', {
      address: clinicAddress,
      body: {
        clinicName: 'Harley Street Dental',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        agreeTerms: true,
      },
    });
    expect(signUp.status).toBe(201);
    const link = new URL(((await signUp.json()) as { verificationUrl: string }).verificationUrl);
    const verify = await call(nth(1), '/api/auth/verify-email', {
      address: clinicAddress,
      body: { token: link.searchParams.get('token'), userId: link.searchParams.get('userId') },
    });
    expect(verify.status).toBe(200);

    const signIn = await call(nth(0), '/api/auth/sign-in', {
      address: clinicAddress,
      body: { email, password: PASSWORD },
    });
    expect(signIn.status).toBe(200);
    cookie = signIn.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    const session = await call(nth(1), '/api/auth/session', { address: clinicAddress, cookie });
    expect(((await session.json()) as { user: unknown }).user).toMatchObject({ email, role: 'clinic' });
  });

  it(`refuses the sign-in after ${SIGN_IN_LIMIT} wrong ones a minute from one address, counted across both`, async () => {
    expect(SIGN_IN_LIMIT).toBe(20);
    const attackerAddress = '203.0.113.66';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 25; attempt++) {
      const response = await call(nth(attempt), '/api/auth/sign-in', {
        address: attackerAddress,
        body: { email, password: 'wrong password' },
      });
      statuses.push(response.status);
    }
    // Five reach the password check; then the account needs its emailed link, on both processes
    // (decision 0124); the address's own limit still ends at 20.
    expect(statuses).toEqual([
      ...Array(5).fill(401),
      ...Array(SIGN_IN_LIMIT - 5).fill(403),
      ...Array(25 - SIGN_IN_LIMIT).fill(429),
    ]);

    // The clinic's own address is not locked out by the attack: after the emailed link, the right
    // password gets in.
    const before = await call(nth(1), '/api/auth/sign-in', {
      address: clinicAddress,
      body: { email, password: PASSWORD },
    });
    expect(before.status).toBe(403);
    const client = new pg.Client({ connectionString: database?.url });
    await client.connect();
    try {
      const link = await eventually(
        async () => {
          const { rows } = await client.query<{ text_body: string }>(
            `select text_body from dev_outbox where recipient = $1 and subject = 'Continue signing in to ClinicPay'`,
            [email],
          );
          return rows[0]?.text_body.match(/https?:\/\/\S+/)?.[0];
        },
        30_000,
        'the sign-in link to be delivered',
      );
      const token = new URL(link).searchParams.get('token');
      const opened = await call(nth(0), '/api/auth/sign-in/continue', {
        address: clinicAddress,
        body: { token },
      });
      expect(opened.status).toBe(200);
    } finally {
      await client.end();
    }
    const own = await call(nth(1), '/api/auth/sign-in', {
      address: clinicAddress,
      body: { email, password: PASSWORD },
    });
    expect(own.status).toBe(200);
  });

  const paymentsOn = async (server: ServerProcess) =>
    (await (await call(server, '/api/payments', { address: clinicAddress, cookie })).json()) as {
      items: { id: string; status: string }[];
    };

  it('completes on one process a checkout started on the other', async () => {
    const connect = await call(nth(1), '/api/clinic/payment-provider/connect', {
      method: 'POST',
      address: clinicAddress,
      cookie,
    });
    expect(connect.status).toBe(200);
    const onboarding = new URL(((await connect.json()) as { url: string }).url);
    const finished = await fetch(`${nth(0).url}${onboarding.pathname}`, {
      method: 'POST',
      body: new URLSearchParams({
        outcome: 'complete',
        return_url: String(onboarding.searchParams.get('return_url')),
      }),
      redirect: 'manual',
    });
    expect(finished.status).toBe(303);
    // Stripe's verification of the details, ended at once with the sandbox account page's control.
    const accountId = onboarding.pathname.split('/').at(-1);
    const verified = await fetch(`${nth(1).url}/sandbox/accounts/${accountId}`, {
      method: 'POST',
      body: new URLSearchParams({ control: 'verify_now' }),
      redirect: 'manual',
    });
    expect(verified.status).toBe(303);
    const refreshed = await call(nth(1), '/api/clinic/payment-provider/refresh', {
      method: 'POST',
      address: clinicAddress,
      cookie,
    });
    expect(refreshed.status).toBe(200);

    const created = await call(nth(0), '/api/payment-links', {
      address: clinicAddress,
      cookie,
      body: { title: 'Consultation', amount: 4_500 },
    });
    expect(created.status).toBe(201);
    const { link } = (await created.json()) as { link: { id: string } };

    const patient = '192.0.2.40';
    const intentResponse = await call(nth(0), `/api/public/payments/${link.id}/payment-intents`, {
      address: patient,
      body: { name: 'Ada Patient', email: 'ada@patient.example', attemptId: randomUUID() },
    });
    expect(intentResponse.status).toBe(200);
    const intent = (await intentResponse.json()) as { paymentIntentId: string; clientSecret: string };
    const confirmed = await call(nth(1), `/api/sandbox/payment-intents/${intent.paymentIntentId}/confirm`, {
      address: patient,
      body: {
        clientSecret: intent.clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
        returnUrl: `${PUBLIC_URL}/payment/success`,
      },
    });
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as { paymentIntent: { status: string } }).paymentIntent.status).toBe(
      'succeeded',
    );

    // The provider's event reaches whichever process's worker takes the job; the payment shows on both.
    const payment = await eventually(
      async () => {
        const page = await paymentsOn(nth(1));
        return page.items.find((item) => item.status === 'paid');
      },
      30_000,
      'the payment to be recorded',
    );
    expect(payment).toMatchObject({ amount: 4_500, patientName: 'Ada Patient', paymentLinkId: link.id });
    const onFirst = await paymentsOn(nth(0));
    expect(onFirst.items).toContainEqual(expect.objectContaining({ id: payment.id, status: 'paid' }));
  });

  it('sends each due reminder once when both processes sweep at the same moment', async () => {
    const requests = 12;
    const emails: string[] = [];
    for (let index = 0; index < requests; index++) {
      const patientEmail = `reminded-${index}-${randomUUID().slice(0, 6)}@patient.example`;
      emails.push(patientEmail);
      const sent = await call(nth(index), '/api/payment-requests', {
        address: clinicAddress,
        cookie,
        body: { patientName: 'Rita Patient', patientEmail, customAmount: 2_000 },
      });
      expect(sent.status).toBe(201);
    }
    // Both processes sweep three times at once, with the clock moved four days on: day 3 is due.
    const sweeps = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(async (index) => {
        const response = await call(nth(index), '/dev/reminders', {
          address: clinicAddress,
          body: { days: 4 },
        });
        return ((await response.json()) as { reminded: number }).reminded;
      }),
    );
    expect(sweeps.reduce((sum, reminded) => sum + reminded, 0)).toBe(requests);

    const client = new pg.Client({ connectionString: database?.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from notifications
         where type = 'payment_reminder' and channel = 'email' group by payment_request_id`,
      );
      expect(rows.map((row) => row.n)).toEqual(Array(requests).fill(1));
      // The workers of both processes deliver them: each patient gets one reminder email.
      const delivered = await eventually(
        async () => {
          const outbox = await client.query<{ recipient: string }>(
            `select recipient from dev_outbox where subject like 'Reminder: payment request from %'`,
          );
          return outbox.rows.length >= requests ? outbox.rows : undefined;
        },
        30_000,
        'the reminders to be delivered',
      );
      expect(delivered.map((row) => row.recipient).sort()).toEqual([...emails].sort());
    } finally {
      await client.end();
    }
  });
});
