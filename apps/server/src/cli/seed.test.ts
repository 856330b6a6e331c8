/**
 * `npm run seed`: the demo data is consistent with what the product itself would have written: one
 * clinic holding the given share, refunds with their audit entries (each carrying its clinic, decision
 * 0071), daily totals equal to the payments they sum (decision 0022), and a verified staff account per
 * clinic that signs in with the printed email and password (decision 0099).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieOf, signIn } from '../../test/accounts.js';
import { createTestApp } from '../../test/test-app.js';
import {
  analyzeSeededTables,
  BIG_CLINIC_NAME,
  DEMO_CLINIC_PASSWORD,
  demoClinicEmails,
  seedDemoData,
  signInHint,
} from './seed.js';

async function one<T>(app: FastifyInstance, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await app.database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0] as T;
}

describe('seedDemoData', () => {
  let app: FastifyInstance;
  let clinicIds: string[];
  beforeAll(async () => {
    app = await createTestApp();
    clinicIds = await seedDemoData(app.database.db, {
      clinics: 4,
      payments: 400,
      bigClinicPayments: 100,
      requestsPercent: 5,
      batchSize: 150,
    });
    await analyzeSeededTables(app.database.db, app.database.kind);
  });
  afterAll(() => app.close());

  it('makes the clinics, the big one with its share, and the unpaid requests', async () => {
    expect(clinicIds).toHaveLength(4);
    const counts = await one<{ big: number; payments: number; requests: number; links: number }>(
      app,
      sql`select
        (select count(*)::int from payments p join clinics c on c.id = p.clinic_id where c.clinic_name = ${BIG_CLINIC_NAME}) as big,
        (select count(*)::int from payments) as payments,
        (select count(*)::int from payment_requests where paid_at is null) as requests,
        (select count(*)::int from payment_links) as links`,
    );
    expect(counts).toEqual({ big: 100, payments: 400, requests: 20, links: 12 });
  });

  it('files every payment and request under a patient of its own clinic, one per email address', async () => {
    const filed = await one<{ unfiled: number; misfiled: number; big: number }>(
      app,
      sql`select
        (select count(*)::int from payments where patient_id is null)
          + (select count(*)::int from payment_requests where patient_id is null) as unfiled,
        (select count(*)::int from payments t join patients p on p.id = t.patient_id
          where p.clinic_id <> t.clinic_id or p.email <> lower(t.patient_email)) as misfiled,
        (select count(*)::int from patients p join clinics c on c.id = p.clinic_id where c.clinic_name = ${BIG_CLINIC_NAME}) as big`,
    );
    // The seed's emails are one per row number, so the big clinic's 100 payments are 100 patients
    // (with those of its requests that are other people).
    expect(filed).toMatchObject({ unfiled: 0, misfiled: 0 });
    expect(filed.big).toBeGreaterThanOrEqual(100);
  });

  it('gives every refunded payment its refund row and one audit entry with its clinic', async () => {
    const refunds = await one<{ refunded: number; rows: number; audited: number; mismatched: number }>(
      app,
      sql`select
        (select count(*)::int from payments where refund_amount > 0) as refunded,
        (select count(*)::int from refunds) as rows,
        (select count(*)::int from audit_log where action = 'refund.succeeded') as audited,
        (select count(*)::int from audit_log a join payments p on p.id::text = a.entity_id
          where a.clinic_id is distinct from p.clinic_id) as mismatched`,
    );
    expect(refunds.refunded).toBeGreaterThan(0);
    expect(refunds.rows).toBe(refunds.refunded);
    expect(refunds.audited).toBe(refunds.refunded);
    expect(refunds.mismatched).toBe(0);
  });

  it('gives every clinic a verified account that signs in with the printed email and password', async () => {
    const emails = await demoClinicEmails(app.database.db, clinicIds);
    expect(emails).toHaveLength(4);
    const hint = signInHint('http://localhost:3456', emails, 2);
    expect(hint).toContain('Sign in at http://localhost:3456/sign-in');
    expect(hint).toContain(`  ${emails[0]}\n  ${emails[1]}\n  ...and 2 more`);
    expect(hint).toContain(`with the password ${DEMO_CLINIC_PASSWORD}`);

    for (const index of [0, 3]) {
      const signedIn = await signIn(app, String(emails[index]), DEMO_CLINIC_PASSWORD);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const own = await app.inject({ url: '/api/clinic', cookies: sessionCookieOf(signedIn) });
      expect(own.json().clinic.id).toBe(clinicIds[index]);
    }
    const wrong = await signIn(app, String(emails[0]), 'not-the-demo-password');
    expect(wrong.statusCode).toBe(401);
  });

  it('leaves daily totals equal to the payments they sum', async () => {
    const totals = await one<{ fromTotals: number; fromPayments: number }>(
      app,
      sql`select
        (select coalesce(sum(recorded_count), 0)::int from payment_daily_totals) as "fromTotals",
        (select count(*)::int from payments where status in ('paid', 'partially_refunded', 'refunded')) as "fromPayments"`,
    );
    expect(totals.fromTotals).toBe(totals.fromPayments);
  });
});
