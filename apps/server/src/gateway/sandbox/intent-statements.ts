/**
 * The sandbox's two statements behind every new payment intent (each Pay Now): the destination
 * connected account's row, and the intent inserted under its idempotency key unless the key is taken.
 * Drizzle renders them once; they run as plain prepared statements, with none of Drizzle's per-query
 * work (docs/decisions/0132-pay-now-without-the-orm-and-no-lease-for-a-key-seen-once.md). The
 * bench's bare baseline (bench/http-bare-server.ts) sends exactly these.
 */
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { type PlainStatement, plainRowReader, plainStatement } from '../../db/client.js';
import { sandboxAccounts, sandboxPaymentIntents } from '../../db/schema/index.js';

/** Renders SQL only: it has no connection. */
const renderer = drizzle.mock();

const accountById = plainStatement(
  'sandbox_account',
  renderer
    .select()
    .from(sandboxAccounts)
    .where(eq(sandboxAccounts.id, sql.placeholder('id')))
    .toSQL(),
);

/**
 * The connected account `id`'s row (every column), or no row for an unknown id: every sandbox
 * operation's account lookup, Pay Now's among them.
 */
export const sandboxAccountStatement = (id: string): PlainStatement => accountById({ id });

/** A row sandboxAccountStatement returned, as Drizzle's select of sandbox_accounts gives it. */
export const readAccountRow = plainRowReader(sandboxAccounts);

/** What a new intent's row is given; every other column takes its default. */
export interface NewIntentValues {
  id: string;
  clientSecret: string;
  amount: number;
  applicationFeeAmount: number;
  destinationAccountId: string;
  metadata: Record<string, string>;
  statementDescriptorSuffix: string | null;
  customerId: string | null;
  savesCard: boolean;
  idempotencyKey: string;
  requestFingerprint: string;
}

const insertIntent = plainStatement(
  'sandbox_insert_intent',
  renderer
    .insert(sandboxPaymentIntents)
    .values({
      id: sql.placeholder('id'),
      clientSecret: sql.placeholder('clientSecret'),
      amount: sql.placeholder('amount'),
      applicationFeeAmount: sql.placeholder('applicationFeeAmount'),
      destinationAccountId: sql.placeholder('destinationAccountId'),
      metadata: sql.placeholder('metadata'),
      statementDescriptorSuffix: sql.placeholder('statementDescriptorSuffix'),
      customerId: sql.placeholder('customerId'),
      savesCard: sql.placeholder('savesCard'),
      idempotencyKey: sql.placeholder('idempotencyKey'),
      requestFingerprint: sql.placeholder('requestFingerprint'),
    })
    .onConflictDoNothing({ target: sandboxPaymentIntents.idempotencyKey })
    .returning()
    .toSQL(),
);

/**
 * Inserts a new intent unless its idempotency key is taken: the statement returns the new row (every
 * column; read it with readIntentRow), or no row when the key was used before.
 */
export const insertIntentStatement = (values: NewIntentValues): PlainStatement =>
  insertIntent(values as unknown as Record<string, unknown>);

/** A row the insert returned, as Drizzle's select of sandbox_payment_intents gives it. */
export const readIntentRow = plainRowReader(sandboxPaymentIntents);
