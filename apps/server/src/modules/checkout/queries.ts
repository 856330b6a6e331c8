/**
 * Reads for the public payment page: a payment request first, then a payment link
 * (docs/product.md#server-calls), in one statement with what the page and Pay Now also need.
 */
import { PLATFORM_FEE_SETTING_KEY } from '@clinicpay/shared';
import { and, Column, eq, getTableColumns, isNull, type SQL, sql, type Table } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { type Db, type PlainStatement, runPlainStatement } from '../../db/client.js';
import { clinics, paymentLinks, paymentRequests } from '../../db/schema/index.js';

export type ClinicRow = typeof clinics.$inferSelect;
export type PaymentRequestRow = typeof paymentRequests.$inferSelect;
export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

/** What one read of a payment page finds: its request or link, the clinic, its terms and the fee. */
export interface PayablePageRow {
  /** The request whose id was asked for; null when the id is a link's. */
  request: PaymentRequestRow | null;
  /** The link asked for, or the request's link (null for a custom request). */
  link: PaymentLinkRow | null;
  clinic: ClinicRow;
  /**
   * The clinic's latest version of its payment terms when it is in force (as termsInForce in the
   * policies module reads it: docs/decisions/0107-payment-terms.md); else null.
   */
  terms: { id: string; version: number; text: string } | null;
  /** The stored platform fee percent text (platform_settings), or null when there is none. */
  feeText: string | null;
}

/**
 * The row of `table` under `alias` as one JSON object keyed by Drizzle's property names
 * (`clinicName`, not `clinic_name`), or null where a left join found none: read back, only its dates
 * need work (rowFromJson), not every column's name (decision 0131).
 */
function rowJson(table: Table, alias: string): SQL {
  const pairs = Object.entries(getTableColumns(table)).map(
    ([key, column]) => sql`${sql.raw(`'${key}'`)}, ${sql.raw(alias)}.${sql.identifier(column.name)}`,
  );
  return sql`case when ${sql.raw(alias)}.id is null then null else json_build_object(${sql.join(pairs, sql`, `)}) end`;
}

/**
 * The page's one statement (docs/decisions/0126-public-payment-api-hot-path.md): the request
 * with this id and its link, else the link with this id; its clinic; the clinic's latest terms; the
 * platform fee. Each row comes back whole as JSON (rowJson), so the answer is one column of one row.
 */
const PAYABLE_PAGE_COLUMN = sql<PayablePageJson>`json_build_object(
  'request', ${rowJson(paymentRequests, 'r')},
  'link', ${rowJson(paymentLinks, 'l')},
  'clinic', ${rowJson(clinics, 'c')},
  'terms', case when t.is_active then json_build_object('id', t.id, 'version', t.version, 'text', t.text) end,
  'feeText', (select s.value from platform_settings s where s.key = ${PLATFORM_FEE_SETTING_KEY})
)`.as('page');
const PAYABLE_PAGE_FROM = sql`(select ${sql.placeholder('id')}::uuid as id) as page
left join payment_requests r on r.id = page.id
left join payment_links l on l.id = coalesce(r.payment_link_id, case when r.id is null then page.id end)
join clinics c on c.id = coalesce(r.clinic_id, l.clinic_id)
left join lateral (
  select ct.id, ct.version, ct.text, ct.is_active from clinic_terms ct
  where ct.clinic_id = c.id order by ct.version desc limit 1
) t on true`;

/** The name the page's statement is prepared under, on each connection that runs it. */
const PAYABLE_PAGE_NAME = 'checkout_payable_page';

/** The statement's text and parameters, rendered once. */
let payablePageQuery: { sql: string; params: unknown[] } | undefined;

/**
 * The page's statement as the driver runs it (name, text, values): the app runs it through
 * runPlainStatement, and the bench's bare baseline (bench/http-bare-server.ts) sends exactly the same.
 */
export function payablePageStatement(id: string): PlainStatement {
  payablePageQuery ??= new QueryBuilder()
    .select({ page: PAYABLE_PAGE_COLUMN })
    .from(PAYABLE_PAGE_FROM)
    .toSQL();
  return {
    name: PAYABLE_PAGE_NAME,
    text: payablePageQuery.sql,
    values: payablePageQuery.params.map((param) => (typeof param === 'string' ? param : id)),
  };
}

/**
 * Reads a value as Drizzle reads the column (dates as Date); null for a column whose JSON value is
 * already what Drizzle gives (text, uuid, boolean, numbers, JSON).
 */
function readerOf(column: Column): ((value: unknown) => unknown) | null {
  return column.dataType === 'json' || column.mapFromDriverValue === Column.prototype.mapFromDriverValue
    ? null
    : (value: unknown) => column.mapFromDriverValue(value);
}

/** Per table, the columns whose JSON value must be read (see readerOf), by property name. */
const readers = new Map<Table, [string, (value: unknown) => unknown][]>();

function readersOf(table: Table) {
  let found = readers.get(table);
  if (!found) {
    found = Object.entries(getTableColumns(table)).flatMap(([key, column]) => {
      const read = readerOf(column);
      return read ? [[key, read] as [string, (value: unknown) => unknown]] : [];
    });
    readers.set(table, found);
  }
  return found;
}

/**
 * A row built by rowJson, made what Drizzle's select gives: its dates (and any other column Drizzle
 * reads) read in place; the other values are already right.
 */
function rowFromJson<T extends Table>(
  table: T,
  json: Record<string, unknown> | null,
): T['$inferSelect'] | null {
  if (json === null) return null;
  for (const [key, read] of readersOf(table)) {
    const value = json[key];
    if (value !== null) json[key] = read(value);
  }
  return json as T['$inferSelect'];
}

interface PayablePageJson {
  request: Record<string, unknown> | null;
  link: Record<string, unknown> | null;
  clinic: Record<string, unknown>;
  terms: PayablePageRow['terms'];
  feeText: string | null;
}

/**
 * The page with this id (a UUID), in one round trip with no ORM work (runPlainStatement); undefined
 * when no request or link has it.
 */
export async function findPayablePage(db: Db, id: string): Promise<PayablePageRow | undefined> {
  const {
    rows: [row],
  } = await runPlainStatement(db, payablePageStatement(id));
  if (!row) return undefined;
  const page = row.page as PayablePageJson;
  return {
    request: rowFromJson(paymentRequests, page.request),
    link: rowFromJson(paymentLinks, page.link),
    clinic: rowFromJson(clinics, page.clinic) as ClinicRow,
    terms: page.terms,
    feeText: page.feeText,
  };
}

/**
 * Stores `intentId` as the request's payment intent if the request still holds `replaced` (null: none
 * yet), so of two callers only the first one's intent is kept. Resolves to the intent the request
 * holds afterwards, or undefined for an unknown request.
 */
export async function storeRequestIntent(
  db: Db,
  change: { requestId: string; intentId: string; replaced: string | null },
): Promise<string | undefined> {
  const [stored] = await db
    .update(paymentRequests)
    .set({ paymentIntentId: change.intentId })
    .where(
      and(
        eq(paymentRequests.id, change.requestId),
        change.replaced === null
          ? isNull(paymentRequests.paymentIntentId)
          : eq(paymentRequests.paymentIntentId, change.replaced),
      ),
    )
    .returning({ paymentIntentId: paymentRequests.paymentIntentId });
  if (stored?.paymentIntentId) return stored.paymentIntentId;
  const [current] = await db
    .select({ paymentIntentId: paymentRequests.paymentIntentId })
    .from(paymentRequests)
    .where(eq(paymentRequests.id, change.requestId));
  return current?.paymentIntentId ?? undefined;
}
