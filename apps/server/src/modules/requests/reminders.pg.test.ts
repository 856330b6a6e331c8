/**
 * On PostgreSQL (real concurrent transactions), two server processes on one database (two apps, each
 * with its own connection pool and job queue): sweeps racing on the same due reminders claim each once,
 * queue each notice's delivery job once, and the workers of both deliver each reminder exactly once,
 * by email and by text (docs/decisions/0106-request-reminders.md, 0129-reminders-at-scale.md).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { createFreshPostgresDatabase } from '../../../test/test-database.js';
import { JOB_SCHEMA, openDatabase } from '../../db/client.js';
import { sendDueReminders } from './service.js';

/** Due requests: enough for many small batches per sweep. */
const REQUESTS = 120;

async function rowsOf<T>(app: FastifyInstance, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await app.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('reminders swept and delivered by two processes on one PostgreSQL', () => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  let drop = async () => {};
  let clinicId = '';

  beforeAll(async () => {
    const fresh = await createFreshPostgresDatabase();
    drop = fresh.drop;
    const migrated = await openDatabase({ kind: 'postgres', url: fresh.url });
    await migrated.migrate();
    first = await createTestApp({ database: migrated });
    second = await createTestApp({ database: await openDatabase({ kind: 'postgres', url: fresh.url }) });
    expect(first.database.kind).toBe('postgres');

    const [clinic] = await rowsOf<{ id: string }>(
      first,
      sql`insert into clinics (clinic_name, email) values ('Race Dental', 'race@clinic.example') returning id`,
    );
    clinicId = clinic?.id ?? '';
    const [link] = await rowsOf<{ id: string }>(
      first,
      sql`insert into payment_links (clinic_id, title, amount, type)
          values (${clinicId}, 'Initial Consultation', 7500, 'consultation') returning id`,
    );
    // Sent four days ago: day 3 of the default schedule has passed. Every third patient has a mobile,
    // and every tenth request is for the link (its amount, £75.00).
    await first.database.db.execute(sql`
      insert into payment_requests (clinic_id, payment_link_id, custom_amount, patient_name, patient_email, patient_phone, sent_at, expires_at)
      select ${clinicId}, case when i % 10 = 0 then ${link?.id ?? null}::uuid end,
             case when i % 10 = 0 then null else 2000 end,
             'Patient ' || i, 'race-' || i || '@patient.example',
             case when i % 3 = 0 then '+4477009' || lpad(i::text, 5, '0') end,
             now() - interval '4 days', now() + interval '26 days'
      from generate_series(1, ${REQUESTS}::int) as i`);
  }, 120_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await drop();
  }, 60_000);

  it('claims each due reminder once when six sweeps race in small batches, and queues each delivery job once', async () => {
    const sweep = (app: FastifyInstance) =>
      sendDueReminders(
        { db: app.database.db, jobs: app.jobs, publicUrl: app.config.publicUrl },
        new Date(Date.now() + 1000),
        { batchSize: 7 },
      );
    const reminded = await Promise.all([first, second, first, second, first, second].map(sweep));
    expect(reminded.reduce((sum, count) => sum + count, 0)).toBe(REQUESTS);
    // More than one sweep claimed some: they raced rather than ran one after another.
    expect(reminded.filter((count) => count > 0).length).toBeGreaterThan(1);

    const notices = await rowsOf<{ requestId: string; channel: string; n: number }>(
      first,
      sql`select payment_request_id as "requestId", channel, count(*)::int as n from notifications
          where clinic_id = ${clinicId} and type = 'payment_reminder' group by 1, 2`,
    );
    expect(notices.filter((row) => row.channel === 'email')).toHaveLength(REQUESTS);
    expect(notices.filter((row) => row.channel === 'sms')).toHaveLength(REQUESTS / 3);
    expect(notices.every((row) => row.n === 1)).toBe(true);

    // One delivery job per notice, under the notice's own id.
    const jobs = await rowsOf<{ id: string; notificationId: string }>(
      first,
      sql`select j.id::text as id, j.data->>'notificationId' as "notificationId"
          from ${sql.raw(JOB_SCHEMA)}.job j
          join notifications n on n.id = (j.data->>'notificationId')::uuid
          where j.name = 'notifications.deliver' and n.clinic_id = ${clinicId}`,
    );
    expect(jobs).toHaveLength(REQUESTS + REQUESTS / 3);
    expect(jobs.every((job) => job.id === job.notificationId)).toBe(true);

    const counts = await rowsOf<{ reminded: number; sent: number }>(
      first,
      sql`select count(*) filter (where last_reminded_at is not null)::int as reminded,
                 count(*) filter (where reminders_sent = 1)::int as sent
          from payment_requests where clinic_id = ${clinicId}`,
    );
    expect(counts).toEqual([{ reminded: REQUESTS, sent: REQUESTS }]);
    // Swept again at once, nothing is left to claim.
    expect(await Promise.all([first, second].map(sweep))).toEqual([0, 0]);
  });

  it('delivers each reminder exactly once when the workers of both processes run at once', async () => {
    await Promise.all([first.jobs.drain(), second.jobs.drain(), first.jobs.drain(), second.jobs.drain()]);
    const outbox = await rowsOf<{ channel: string; recipient: string; subject: string | null; text: string }>(
      first,
      sql`select channel, recipient, subject, text_body as text from dev_outbox
          where recipient like 'race-%@patient.example' or recipient like '+4477009%'`,
    );
    const emails = outbox.filter((row) => row.channel === 'email');
    expect(emails.map((row) => row.recipient).sort()).toEqual(
      Array.from({ length: REQUESTS }, (_, index) => `race-${index + 1}@patient.example`).sort(),
    );
    expect(new Set(emails.map((row) => row.subject))).toEqual(
      new Set(['Reminder: payment request from Race Dental']),
    );
    // The link's requests are reminded of the link's amount, the others of their own.
    expect(emails.find((row) => row.recipient === 'race-10@patient.example')?.text).toContain('£75.00');
    expect(emails.find((row) => row.recipient === 'race-11@patient.example')?.text).toContain('£20.00');
    const texts = outbox.filter((row) => row.channel === 'sms');
    expect(texts).toHaveLength(REQUESTS / 3);
    expect(new Set(texts.map((row) => row.recipient)).size).toBe(REQUESTS / 3);

    const pending = await rowsOf<{ n: number }>(
      first,
      sql`select count(*)::int as n from notifications
          where clinic_id = ${clinicId} and type = 'payment_reminder' and status <> 'sent'`,
    );
    expect(pending).toEqual([{ n: 0 }]);
  });
});
