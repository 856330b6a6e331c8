/**
 * Migrations 0020 (patients and policies) and 0021 (patient counts) file the requests and payments made before patients existed (decision 0089): one
 * patient per clinic and email address whatever its case, named as the latest, added as of the first;
 * a payment without an email stays without a patient.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.js';
import { type Database, MIGRATIONS_FOLDER } from './client.js';

/** A copy of the migrations folder that stops before the migration tagged `before`. */
function migrationsBefore(before: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'clinicpay-migrations-'));
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === before);
  if (cut < 0) throw new Error(`no migration ${before}`);
  journal.entries = journal.entries.slice(0, cut);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('migration 0020 (patients and policies)', () => {
  let database: Database | undefined;
  afterAll(() => database?.close());

  it('files every earlier request and payment under its clinic patient', async () => {
    database = await openTestDatabase({ migrate: false });
    const folder = migrationsBefore('0020_patients_and_policies');
    if (database.kind === 'postgres') await migratePg(database.db as never, { migrationsFolder: folder });
    else await migratePglite(database.db as never, { migrationsFolder: folder });
    fs.rmSync(folder, { recursive: true });

    const run = (text: string, values: unknown[] = []) => database?.sql.executeSql(text, values);
    const clinic = async (name: string) =>
      String((await run('insert into clinics (clinic_name) values ($1) returning id', [name]))?.rows[0]?.id);
    const first = await clinic('First');
    const second = await clinic('Second');
    const request = async (
      clinicId: string,
      name: string,
      email: string,
      phone: string | null,
      sentAt: string,
    ) =>
      String(
        (
          await run(
            `insert into payment_requests (clinic_id, custom_amount, patient_name, patient_email, patient_phone, sent_at)
             values ($1, 1000, $2, $3, $4, $5) returning id`,
            [clinicId, name, email, phone, sentAt],
          )
        )?.rows[0]?.id,
      );
    let n = 0;
    const payment = async (clinicId: string, name: string, email: string, paidAt: string) => {
      n++;
      return String(
        (
          await run(
            `insert into payments (clinic_id, patient_name, patient_email, amount_paid, platform_fee, net_amount,
               status, type, title, payment_ref, stripe_payment_id, paid_at)
             values ($1, $2, $3, 1000, 0, 1000, 'paid', 'other', 'Visit', $4, $5, $6) returning id`,
            [clinicId, name, email, `REF-${n}`, `pi_${n}`, paidAt],
          )
        )?.rows[0]?.id,
      );
    };
    const oldRequest = await request(
      first,
      'Bob B',
      'Bob@Example.com',
      '+447700900123',
      '2026-01-01T10:00:00Z',
    );
    const bobPaid = await payment(first, 'Bob Brown', ' bob@example.com', '2026-02-01T10:00:00Z');
    const elsewhere = await payment(second, 'Bob at Second', 'bob@example.com', '2026-03-01T10:00:00Z');
    const noEmail = await payment(first, 'Unknown Patient', '', '2026-03-01T10:00:00Z');

    await database.migrate();

    const patients = (
      await run(
        `select clinic_id, name, email, phone, created_at, updated_at from patients order by clinic_id = $1 desc`,
        [first],
      )
    )?.rows;
    expect(patients).toEqual([
      {
        clinic_id: first,
        name: 'Bob Brown',
        email: 'bob@example.com',
        // The latest (the payment) gave no phone: the request's stays.
        phone: '+447700900123',
        created_at: new Date('2026-01-01T10:00:00Z'),
        updated_at: new Date('2026-02-01T10:00:00Z'),
      },
      expect.objectContaining({ clinic_id: second, name: 'Bob at Second', email: 'bob@example.com' }),
    ]);
    const patientOf = async (table: string, id: string) =>
      (
        await run(
          `select p.clinic_id, p.name from ${table} t join patients p on p.id = t.patient_id where t.id = $1`,
          [id],
        )
      )?.rows[0];
    expect(await patientOf('payment_requests', oldRequest)).toEqual({ clinic_id: first, name: 'Bob Brown' });
    expect(await patientOf('payments', bobPaid)).toEqual({ clinic_id: first, name: 'Bob Brown' });
    expect(await patientOf('payments', elsewhere)).toEqual({ clinic_id: second, name: 'Bob at Second' });
    const counts = (
      await run('select clinic_id, total from patient_counts order by clinic_id = $1 desc', [first])
    )?.rows;
    expect(counts).toEqual([
      { clinic_id: first, total: 1 },
      { clinic_id: second, total: 1 },
    ]);
    expect((await run('select patient_id from payments where id = $1', [noEmail]))?.rows).toEqual([
      { patient_id: null },
    ]);
  });
});
