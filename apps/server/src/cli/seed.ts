/**
 * `npm run seed -- --clinics N --payments M [--big-clinic-payments K] [--requests-percent P]`: fills the
 * configured database (DATABASE_URL, or the embedded one in DATA_DIR; migrated first) with realistic
 * demo data: connected clinics with three payment links each, payments of mixed types and statuses
 * (about 90% paid, 5% refunded, 5% partially refunded) spread over the last year, their refund rows,
 * unpaid requests, and the patients they file under. One clinic ("Bench Big Clinic" when K is given) holds K of the M payments.
 * Rows are made in SQL with generate_series, in batches, so a million takes minutes, not hours.
 * Amounts are integer pence. Each clinic has a verified staff account that signs in with its email
 * and DEMO_CLINIC_PASSWORD, stored as sign-up stores one (a better-auth password credential, hashed
 * by the auth module); the command prints them at the end (docs/decisions/0099-a-clean-first-run.md).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig, loadEnvFile } from '../config.js';
import { type Db, openDatabase } from '../db/client.js';
import { hashPassword } from '../modules/auth/index.js';

export interface SeedOptions {
  clinics: number;
  /** All payments, the big clinic's included. */
  payments: number;
  /** Payments of the first clinic; the rest are shared evenly by the others. */
  bigClinicPayments?: number;
  /** Unpaid requests per clinic, as a percent of its payments. */
  requestsPercent?: number;
  /** Rows per INSERT statement. */
  batchSize?: number;
  log?: (line: string) => void;
}

export const BIG_CLINIC_NAME = 'Bench Big Clinic';

/** Every demo clinic's staff account signs in with this password (demo data only: never in production). */
export const DEMO_CLINIC_PASSWORD = 'demo-clinic-password';

const FIRST = ['Olivia', 'Amelia', 'Isla', 'Ava', 'Mia', 'Noah', 'Oliver', 'George', 'Arthur', 'Leo'];
const LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Evans', 'Patel', 'Khan', 'Wright'];
const CITIES = ['London', 'Manchester', 'Leeds', 'Bristol', 'Edinburgh', 'Cardiff'];

const textArray = (values: string[]) => sql`${`{${values.join(',')}}`}::text[]`;

/** A patient's name, email and phone for row number `i` (SQL expressions). */
const patient = {
  name: sql`(${textArray(FIRST)})[1 + (i * 7) % 10] || ' ' || (${textArray(LAST)})[1 + (i * 13 / 10) % 10]`,
  email: sql`lower((${textArray(FIRST)})[1 + (i * 7) % 10] || '.' || (${textArray(LAST)})[1 + (i * 13 / 10) % 10]) || i || '@patient.example'`,
  phone: sql`case when i % 10 < 7 then '07700' || lpad((i % 1000000)::text, 6, '0') end`,
};

async function insertPayments(
  db: Db,
  run: string,
  clinicIds: string[],
  first: number,
  count: number,
  log: (line: string) => void,
  batchSize: number,
) {
  const ids = sql`${`{${clinicIds.join(',')}}`}::uuid[]`;
  for (let start = first; start < first + count; start += batchSize) {
    const end = Math.min(first + count, start + batchSize) - 1;
    await db.execute(sql`
      insert into payments (clinic_id, patient_name, patient_email, patient_phone, amount_paid, platform_fee,
                            stripe_fee, refund_amount, net_amount, status, type, title, payment_ref,
                            stripe_payment_id, paid_at, created_at)
      select clinic_id, name, email, phone, amount, round(amount * 0.03)::int, round(amount * 0.014)::int + 20,
             case when mix = 0 then amount when mix = 1 then amount / 4 else 0 end,
             amount - round(amount * 0.03)::int,
             (case when mix = 0 then 'refunded' when mix = 1 then 'partially_refunded' else 'paid' end)::payment_status,
             type::link_type,
             case type when 'deposit' then 'Deposit' when 'treatment' then 'Treatment'
                       when 'consultation' then 'Initial Consultation' else 'Custom Payment Request' end,
             'CP-' || ${run} || '-' || i, 'pi_seed_' || ${run} || '_' || i, at, at
      from (
        select i, (i::bigint * 2654435761 % 4294967296) / 7 % 20 as mix, (${ids})[1 + i % ${clinicIds.length}] as clinic_id,
               ${patient.name} as name, ${patient.email} as email, ${patient.phone} as phone,
               (array[2500, 4500, 7500, 12000, 30000])[1 + i % 5] + (i % 7) * 100 as amount,
               (array['deposit', 'treatment', 'consultation', 'other'])[1 + (i::bigint * 40503 % 65536) / 3 % 4] as type,
               now() - (i::bigint * 7919 % 525600) * interval '1 minute' - (i % 60) * interval '1 second' as at
        from generate_series(${start}::int, ${end}::int) as i
      ) as rows`);
    log(`  payments ${end + 1 - first}/${count}`);
  }
}

/** Seeds the database; returns the clinic ids, the big one first. */
export async function seedDemoData(db: Db, options: SeedOptions): Promise<string[]> {
  const log = options.log ?? (() => {});
  const batchSize = options.batchSize ?? 50_000;
  const run = Date.now().toString(36).toUpperCase();
  const big = options.bigClinicPayments ?? 0;
  if (options.clinics < 1) throw new Error('--clinics must be at least 1');
  if (big > options.payments) throw new Error('--big-clinic-payments must not exceed --payments');

  const clinicRows = await db.execute(sql`
    insert into clinics (clinic_name, email, phone, address_line_1, city, postcode, stripe_account_id, provider_account_id, stripe_status)
    select case when i = 1 and ${big} > 0 then ${BIG_CLINIC_NAME} else 'Demo Clinic ' || i end,
           'clinic' || i || '.' || lower(${run}) || '@clinic.example', '0207946' || lpad(i::text, 4, '0'),
           i || ' Harley Street', (${textArray(CITIES)})[1 + i % 6], 'W1G ' || (i % 9 + 1) || 'AB',
           'acct_seed_' || ${run} || '_' || i, 'acct_seed_' || ${run} || '_' || i, 'connected'
    from generate_series(1, ${options.clinics}::int) as i
    returning id`);
  const clinicIds = (clinicRows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  log(`clinics: ${clinicIds.length}`);

  const ids = sql`${`{${clinicIds.join(',')}}`}::uuid[]`;
  // Each clinic's staff account as sign-up makes it (auth module: the user, named after the clinic,
  // and its password credential), verified. One hash serves every account: Argon2 takes a tenth of a
  // second per hash, and these are demo accounts with one shared password anyway.
  const passwordHash = await hashPassword(DEMO_CLINIC_PASSWORD);
  await db.execute(sql`
    with staff as (
      insert into users (id, name, email, email_verified, role, clinic_id, clinic_role)
      select gen_random_uuid()::text, clinic_name, email, true, 'clinic', id, 'owner'
      from clinics where id = any(${ids})
      returning id)
    insert into accounts (id, account_id, provider_id, user_id, password)
    select gen_random_uuid()::text, id, 'credential', id, ${passwordHash} from staff`);

  await db.execute(sql`
    insert into payment_links (clinic_id, title, amount, type, description)
    select c, title, amount, type::link_type, description
    from unnest(${ids}) as c,
         (values ('Initial Consultation', 7500, 'consultation', 'A 30-minute first appointment'),
                 ('Treatment Deposit', 4500, 'deposit', 'Secures your booking; taken off the final bill'),
                 ('Hygienist Visit', 12000, 'treatment', null)) as links(title, amount, type, description)`);

  if (big > 0) await insertPayments(db, run, clinicIds.slice(0, 1), 0, big, log, batchSize);
  const others = clinicIds.length > 1 && big > 0 ? clinicIds.slice(1) : clinicIds;
  await insertPayments(db, run, others, big, options.payments - big, log, batchSize);

  // Each refund with its audit entry, as a refund made in ClinicPay leaves one (the admin's clinic
  // profile lists them).
  await db.execute(sql`
    with refunded as (
      insert into refunds (payment_id, clinic_id, amount, status, idempotency_key, created_at)
      select id, clinic_id, refund_amount, 'succeeded', 'refund:seed:' || id, paid_at + interval '1 day'
      from payments where stripe_payment_id like ${`pi_seed_${run}_%`} and refund_amount > 0
      returning id, payment_id, amount, created_at)
    insert into audit_log (action, entity_type, entity_id, details, created_at)
    select 'refund.succeeded', 'payment', payment_id::text,
           jsonb_build_object('refundId', id, 'amount', amount, 'by', 'clinic'), created_at
    from refunded`);

  const percent = options.requestsPercent ?? 5;
  const requests = Math.round((options.payments * percent) / 100);
  for (let start = 0; start < requests; start += batchSize) {
    const end = Math.min(requests, start + batchSize) - 1;
    await db.execute(sql`
      insert into payment_requests (clinic_id, custom_amount, patient_name, patient_email, patient_phone, message, sent_at)
      select (${ids})[1 + i % ${clinicIds.length}], 1000 + (i % 40) * 500, ${patient.name}, ${patient.email}, ${patient.phone},
             case when i % 3 = 0 then 'Payment for your appointment' end,
             now() - (i::bigint * 104729 % 129600) * interval '1 minute'
      from generate_series(${start}::int, ${end}::int) as i`);
  }
  log(`requests: ${requests}`);

  // The seeded requests and payments filed under their clinic's patients as migration 0020 files
  // them (docs/decisions/0089-patients.md): one per clinic and email address, the latest name, the
  // latest phone given, added as of the first. Filing changes no amount, so the daily totals'
  // trigger is held off meanwhile.
  await db.execute(sql`
    insert into patients (clinic_id, name, email, phone, created_at, updated_at)
    select distinct on (clinic_id, email) clinic_id, name, email,
      (array_remove(array_agg(phone) over same, null))[1], min(at) over same, at
    from (
      select clinic_id, patient_name as name, lower(trim(patient_email)) as email, patient_phone as phone, paid_at as at
      from payments where clinic_id = any(${ids})
      union all
      select clinic_id, patient_name, lower(trim(patient_email)), patient_phone, sent_at
      from payment_requests where clinic_id = any(${ids})
    ) as seen
    window same as (partition by clinic_id, email order by at desc rows between unbounded preceding and unbounded following)
    order by clinic_id, email, at desc
    on conflict (clinic_id, email) do nothing`);
  await db.execute(sql`alter table payments disable trigger payments_daily_totals`);
  for (const table of ['payments', 'payment_requests']) {
    await db.execute(sql`
      update ${sql.identifier(table)} as t set patient_id = p.id from patients as p
      where t.clinic_id = any(${ids}) and p.clinic_id = t.clinic_id and p.email = lower(trim(t.patient_email))`);
  }
  await db.execute(sql`alter table payments enable trigger payments_daily_totals`);
  log('patients: filed');
  return clinicIds;
}

/** The demo clinics' sign-in emails, in the order of `clinicIds`. */
export async function demoClinicEmails(db: Db, clinicIds: string[]): Promise<string[]> {
  const result = (await db.execute(sql`
    select email from clinics where id = any(${`{${clinicIds.join(',')}}`}::uuid[])
    order by array_position(${`{${clinicIds.join(',')}}`}::uuid[], id)`)) as unknown as {
    rows: { email: string }[];
  };
  return result.rows.map((row) => row.email);
}

/** What `npm run seed` prints last: where to sign in, as whom (the first `shown` clinics), and the password. */
export function signInHint(publicUrl: string, emails: string[], shown = 5): string {
  const listed = emails.slice(0, shown).map((email) => `  ${email}`);
  if (emails.length > shown)
    listed.push(`  ...and ${emails.length - shown} more, clinic<N>.<run>@clinic.example`);
  return [
    `Sign in at ${publicUrl}/sign-in as a demo clinic:`,
    ...listed,
    `with the password ${DEMO_CLINIC_PASSWORD}`,
  ].join('\n');
}

/** Refreshes planner statistics (and, on PostgreSQL, the visibility map index-only scans rely on). */
export async function analyzeSeededTables(db: Db, kind: 'pglite' | 'postgres') {
  const command = kind === 'postgres' ? 'vacuum analyze' : 'analyze';
  for (const table of [
    'clinics',
    'payment_links',
    'payment_requests',
    'payments',
    'patients',
    'refunds',
    'audit_log',
  ]) {
    await db.execute(sql.raw(`${command} ${table}`));
  }
  // The daily totals took one trigger update per seeded payment within minutes, which leaves their
  // tables many times their live size (32 MB for 5,851 rows) until rewritten; a year of real payments
  // would have been vacuumed as it went. Rewrite them so the statistics read what a live table holds.
  const rewrite = kind === 'postgres' ? 'vacuum (full, analyze)' : 'analyze';
  for (const table of ['payment_daily_totals', 'platform_daily_totals']) {
    await db.execute(sql.raw(`${rewrite} ${table}`));
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      clinics: { type: 'string', default: '10' },
      payments: { type: 'string', default: '1000' },
      'big-clinic-payments': { type: 'string' },
      'requests-percent': { type: 'string', default: '5' },
    },
  });
  const number = (name: string, value: string | undefined) => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`--${name} must be a whole number`);
    return parsed;
  };
  loadEnvFile();
  const config = loadConfig(process.env);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    const started = Date.now();
    const clinicIds = await seedDemoData(database.db, {
      clinics: number('clinics', values.clinics),
      payments: number('payments', values.payments),
      bigClinicPayments: values['big-clinic-payments']
        ? number('big-clinic-payments', values['big-clinic-payments'])
        : undefined,
      requestsPercent: number('requests-percent', values['requests-percent']),
      log: (line) => console.log(line),
    });
    await analyzeSeededTables(database.db, database.kind);
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(signInHint(config.publicUrl, await demoClinicEmails(database.db, clinicIds)));
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
