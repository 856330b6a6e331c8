/**
 * The data the back-office benches need beyond `seedDemoData`'s payments (docs/benchmarks.md), added to
 * the bench database once and found again on a re-run, so each bench starts in seconds:
 * - "Bench Requests Clinic", with 100,000 payment requests sent over the last year (most paid, some
 *   cancelled, the rest waiting or past their last day to pay, a third opened and a quarter reminded);
 *   its own clinic, so the big clinic's history keeps the 100,000 payments and 50 requests it is
 *   measured with;
 * - the audit log topped up to 1,000,000 entries (it is append-only, so the rows are inserted, never
 *   rewritten): a tenth for the big clinic, a hundredth for the platform, the rest spread over the other
 *   clinics, each by the clinic's staff account, over the last year, sign-ins the most common action;
 * - a paid payout of the big clinic with 5,000 lines on its connected account (4,800 payments and 200
 *   refunds of its payments), in the sandbox's tables as the sandbox records a connected account's
 *   balance transactions; ClinicPay's own record of it is made by the bench through the payouts module.
 * Amounts are pence.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { rowsOf } from './harness.js';

export const REQUESTS_CLINIC_NAME = 'Bench Requests Clinic';
export const REQUESTS_IN_CLINIC = 100_000;
export const AUDIT_ENTRIES = 1_000_000;
export const PAYOUT_LINES = 5_000;
/** The sandbox payout the payout bench reads: its lines are the big clinic's payments. */
export const BENCH_PAYOUT_ID = 'po_sbx_bench_5000_lines';

const textArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::text[]`;
const FIRST = ['Olivia', 'Amelia', 'Isla', 'Ava', 'Mia', 'Noah', 'Oliver', 'George', 'Arthur', 'Leo'];
const LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Evans', 'Patel', 'Khan', 'Wright'];

/** The requests clinic's id, seeding it (and its 100,000 requests) when it is not there yet. */
export async function seedRequestsClinic(db: Db, log: (line: string) => void): Promise<string> {
  const [found] = await rowsOf<{ id: string }>(
    db,
    sql`select id from clinics where clinic_name = ${REQUESTS_CLINIC_NAME} limit 1`,
  );
  if (found) return found.id;
  const started = Date.now();
  const [clinic] = await rowsOf<{ id: string }>(
    db,
    sql`insert into clinics (clinic_name, email, stripe_status)
        values (${REQUESTS_CLINIC_NAME}, 'requests@bench-clinic.example', 'connected') returning id`,
  );
  const clinicId = String(clinic?.id);
  await db.execute(sql`
    insert into payment_links (clinic_id, title, amount, type)
    values (${clinicId}, 'Initial Consultation', 7500, 'consultation'),
           (${clinicId}, 'Treatment Deposit', 4500, 'deposit'),
           (${clinicId}, 'Hygienist Visit', 12000, 'treatment')`);
  const batch = 50_000;
  for (let start = 0; start < REQUESTS_IN_CLINIC; start += batch) {
    const end = Math.min(REQUESTS_IN_CLINIC, start + batch) - 1;
    // i % 100: 0-79 paid a day after sending, 80-84 cancelled two days after, the rest unpaid (past
    // their 30-day last day to pay once sent more than 30 days ago). Every third opened, every fourth
    // reminded; a third name one of the clinic's links, the rest ask for a custom amount.
    await db.execute(sql`
      with links as (select array_agg(id order by amount) as ids from payment_links where clinic_id = ${clinicId})
      insert into payment_requests (clinic_id, payment_link_id, custom_amount, patient_name, patient_email,
        patient_phone, message, status, sent_at, paid_at, expires_at, cancelled_at, viewed_at,
        reminders_sent, last_reminded_at)
      select ${clinicId}, case when i % 3 = 0 then links.ids[1 + i % 3] end,
             case when i % 3 <> 0 then 1000 + (i % 40) * 500 end,
             (${textArray(FIRST)})[1 + (i * 7) % 10] || ' ' || (${textArray(LAST)})[1 + (i * 13 / 10) % 10],
             lower((${textArray(FIRST)})[1 + (i * 7) % 10] || '.' || (${textArray(LAST)})[1 + (i * 13 / 10) % 10]) || i || '@patient.example',
             case when i % 10 < 7 then '07700' || lpad((i % 1000000)::text, 6, '0') end,
             case when i % 3 = 0 then 'Payment for your appointment' end,
             (case when i % 100 < 80 then 'paid' else 'sent' end)::request_status,
             at, case when i % 100 < 80 then at + interval '1 day' end, at + interval '30 days',
             case when i % 100 between 80 and 84 then at + interval '2 days' end,
             case when i % 3 = 0 then at + interval '1 hour' end,
             case when i % 4 = 0 then 1 else 0 end,
             case when i % 4 = 0 then at + interval '3 days' end
      from links, (
        select i, now() - (i::bigint * 7919 % 525600) * interval '1 minute' - (i % 60) * interval '1 second' as at
        from generate_series(${start}::int, ${end}::int) as i
      ) as series`);
  }
  for (const table of ['payment_requests', 'payment_request_counts'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  log(`requests clinic: ${REQUESTS_IN_CLINIC} requests in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return clinicId;
}

/** The clinic actions the seeded trail records, weighted as a clinic makes them (sign-ins most). */
const CLINIC_ACTIONS = [
  ...Array(40).fill('account.signed_in'),
  ...Array(15).fill('request.sent'),
  ...Array(10).fill('request.reminded'),
  ...Array(5).fill('account.sign_in_failed'),
  ...Array(5).fill('link.created'),
  ...Array(5).fill('payments.exported'),
  ...Array(3).fill('statement.exported'),
  ...Array(3).fill('request.cancelled'),
  ...Array(3).fill('request.resent'),
  ...Array(3).fill('payout.exported'),
  ...Array(3).fill('clinic.profile_updated'),
  ...Array(2).fill('saved_card.charged'),
  'team.invited',
  'two_factor.enabled',
  'clinic.logo_updated',
  'account.password_changed',
] as const;
const PLATFORM_ACTIONS = ['platform_fee.updated', 'webhook_secret.revealed', 'notification.retried'] as const;

/** Tops the audit log up to AUDIT_ENTRIES (the seed's refund entries count towards them). */
export async function seedAuditEntries(db: Db, bigClinicId: string, log: (line: string) => void) {
  const [counted] = await rowsOf<{ entries: number }>(
    db,
    sql`select count(*)::int as entries from audit_log`,
  );
  const missing = AUDIT_ENTRIES - Number(counted?.entries ?? 0);
  if (missing <= 0) return;
  const started = Date.now();
  const [admin] = await rowsOf<{ id: string }>(
    db,
    sql`select id from users where role = 'admin' order by created_at limit 1`,
  );
  const adminId = admin?.id ?? null;
  // Each clinic's first staff account, numbered; number 0 is the big clinic.
  await db.execute(sql`drop table if exists bench_staff`);
  await db.execute(sql`
    create unlogged table bench_staff as
    select (row_number() over (order by c.id) - 1)::int as n, c.id as clinic_id, u.id as user_id
    from clinics c join lateral (
      select id from users where clinic_id = c.id order by created_at limit 1
    ) u on true
    where c.id <> ${bigClinicId}`);
  await db.execute(sql`
    insert into bench_staff (n, clinic_id, user_id)
    select -1, ${bigClinicId}, (select id from users where clinic_id = ${bigClinicId} order by created_at limit 1)`);
  await db.execute(sql`create index on bench_staff (n)`);
  const [staff] = await rowsOf<{ clinics: number }>(
    db,
    sql`select count(*)::int as clinics from bench_staff where n >= 0`,
  );
  const others = Math.max(1, Number(staff?.clinics ?? 1));
  const batch = 100_000;
  for (let start = 0; start < missing; start += batch) {
    const end = Math.min(missing, start + batch) - 1;
    // i % 100: 0-9 the big clinic, 10 the platform (by the admin), the rest the other clinics.
    await db.execute(sql`
      insert into audit_log (actor_user_id, action, entity_type, entity_id, details, created_at, clinic_id, ip_address)
      select case when i % 100 = 10 then ${adminId} else s.user_id end,
             case when i % 100 = 10 then (${textArray(PLATFORM_ACTIONS)})[1 + (i / 100) % ${PLATFORM_ACTIONS.length}]
                  else (${textArray(CLINIC_ACTIONS)})[1 + (i::bigint * 7919 / 100) % ${CLINIC_ACTIONS.length}] end,
             case when i % 100 = 10 then 'platform_settings' else 'clinic' end,
             case when i % 100 = 10 then 'platform' else s.clinic_id::text end,
             jsonb_build_object('bench', true),
             now() - (i::bigint * 7919 % 525600) * interval '1 minute' - (i % 60) * interval '1 second',
             case when i % 100 = 10 then null else s.clinic_id end,
             '203.0.113.' || (i % 250)
      from generate_series(${start}::int, ${end}::int) as i
      join bench_staff s on s.n = case when i % 100 < 10 then -1 else (i / 100) % ${others} end`);
    log(`  audit entries ${end + 1}/${missing}`);
  }
  await db.execute(sql`drop table bench_staff`);
  for (const table of ['audit_log', 'audit_daily_counts', 'audit_platform_daily_counts'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  log(`audit log: ${missing} entries added in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * The big clinic's connected account in the sandbox, with a paid payout of PAYOUT_LINES lines (its
 * payments, every 25th line a refund of one), recorded as the sandbox records them; nothing when the
 * payout is there. Resolves to the account id.
 */
export async function seedSandboxPayout(db: Db, bigClinicId: string, log: (line: string) => void) {
  const [clinic] = await rowsOf<{ account: string }>(
    db,
    sql`select coalesce(provider_account_id, stripe_account_id) as account from clinics where id = ${bigClinicId}`,
  );
  const accountId = String(clinic?.account);
  const [found] = await rowsOf<{ id: string }>(
    db,
    sql`select id from sandbox_payouts where id = ${BENCH_PAYOUT_ID}`,
  );
  if (found) return accountId;
  const started = Date.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into sandbox_accounts (id, clinic_id, email, details_submitted, charges_enabled, payouts_enabled,
        card_payments_capability, transfers_capability, idempotency_key)
      values (${accountId}, ${bigClinicId}, 'bench@clinic.example', true, true, true, 'active', 'active',
        ${`bench:${accountId}`})
      on conflict (id) do nothing`);
    // The newest PAYOUT_LINES paid payments of the clinic, as the sandbox's payment intents.
    await tx.execute(sql`
      create temporary table bench_paid on commit drop as
      select row_number() over (order by paid_at desc, id desc)::int as n, stripe_payment_id, amount_paid,
             platform_fee, paid_at
      from payments where clinic_id = ${bigClinicId} and status = 'paid'
      order by paid_at desc, id desc limit ${PAYOUT_LINES}`);
    await tx.execute(sql`
      insert into sandbox_payment_intents (id, client_secret, amount, application_fee_amount,
        destination_account_id, metadata, status, idempotency_key)
      select stripe_payment_id, stripe_payment_id || '_secret', amount_paid, platform_fee, ${accountId},
             '{}'::jsonb, 'succeeded', 'bench:' || stripe_payment_id
      from bench_paid
      on conflict (id) do nothing`);
    const [total] = await rowsOf<{ net: number }>(
      tx as unknown as Db,
      sql`select coalesce(sum(case when n % 25 = 0 then -(amount_paid - platform_fee) / 2
                               else amount_paid - platform_fee end), 0)::int as net from bench_paid`,
    );
    const net = Number(total?.net ?? 0);
    await tx.execute(sql`
      insert into sandbox_payouts (id, account_id, amount, status, arrival_date, created_at)
      values (${BENCH_PAYOUT_ID}, ${accountId}, ${net}, 'paid', now() - interval '1 day', now() - interval '2 days')`);
    await tx.execute(sql`
      insert into sandbox_balance_transactions (id, account_id, type, origin, amount, fee, net, description,
        source_id, payment_intent_id, payout_id, available_on, created_at)
      select 'txn_bench_' || n,
             ${accountId},
             case when n % 25 = 0 then 'payment_refund' else 'payment' end,
             case when n % 25 = 0 then 'refund' else 'charge' end,
             case when n % 25 = 0 then -(amount_paid - platform_fee) / 2 else amount_paid - platform_fee end,
             0,
             case when n % 25 = 0 then -(amount_paid - platform_fee) / 2 else amount_paid - platform_fee end,
             null,
             case when n % 25 = 0 then 'pyr_bench_' || n else 'py_bench_' || n end,
             stripe_payment_id, ${BENCH_PAYOUT_ID}, paid_at, paid_at
      from bench_paid
      union all
      select 'txn_bench_payout', ${accountId}, 'payout', 'payout', ${-net}, 0, ${-net}, 'STRIPE PAYOUT',
             ${BENCH_PAYOUT_ID}, null, ${BENCH_PAYOUT_ID}, now() - interval '2 days', now() - interval '2 days'`);
  });
  log(`sandbox payout: ${PAYOUT_LINES} lines in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return accountId;
}
