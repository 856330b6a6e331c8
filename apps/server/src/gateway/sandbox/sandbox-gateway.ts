/**
 * The offline sandbox (design.md): a local stand-in for Stripe test mode that keeps its own accounts,
 * payment intents and refunds in the database, onboards clinics on a local page, and sends
 * Stripe-shaped events, signed like Stripe's, to the same webhook endpoints. It takes no real money.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sandboxAccounts, sandboxPaymentIntents, sandboxRefunds } from '../../db/schema/index.js';
import { allowedLinkOrigin } from '../../http/link-origin.js';
import type { JobQueue } from '../../jobs/index.js';
import {
  type CardGateway,
  type ConnectedAccount,
  type CreateRefundInput,
  connectedAccountStatus,
  GatewayError,
  type PaymentIntent,
  type Refund,
  type UpdatePaymentIntentInput,
  type WebhookEndpoint,
} from '../gateway.js';
import { verifyStripeSignature } from '../webhook-signature.js';
import { createConfirmation } from './confirmation.js';
import { createSandboxEvents, type EventTransport, type SandboxEvents } from './events.js';
import { sandboxId } from './ids.js';

export type OnboardingOutcome = 'complete' | 'later';

export interface SandboxGateway extends CardGateway {
  readonly kind: 'sandbox';
  /**
   * The installation's signing secret (webhook-secret.ts), read from the database when first needed;
   * each endpoint signs with its own variant (sandboxWebhookSecrets). Never rejects for good: a failed
   * read is tried again next time.
   */
  signingSecret(): Promise<string>;
  /** The signing secret once read (createGateway reads it when the database is ready). Throws before. */
  readonly webhookSecret: string;
  readonly events: SandboxEvents;
  /** What the sandbox card field and 3-D Secure page call (see confirmation.ts). */
  readonly confirmation: ReturnType<typeof createConfirmation>;
  /** The local onboarding page's two buttons: 'Complete onboarding' and 'Finish later'. */
  finishOnboarding(accountId: string, outcome: OnboardingOutcome): Promise<ConnectedAccount>;
  findAccount(accountId: string): Promise<SandboxAccountRow | undefined>;
  /**
   * What a clinic does when it revokes the platform's access in the provider's dashboard: the platform
   * can no longer see the account (the sandbox forgets it, as Stripe then answers 'does not have access
   * to account ... (or that account does not exist)'), and account.application.deauthorized goes to the
   * Connect endpoint with the account's id. Throws GatewayError 'resource_missing' for an unknown one.
   */
  deauthorize(accountId: string): Promise<void>;
  /**
   * A refund made on the provider's side, as a clinic would in Stripe's dashboard: no idempotency key
   * or metadata from ClinicPay. Amount in pence. Throws GatewayError as createRefund does.
   */
  refundFromDashboard(paymentIntentId: string, amount: number): Promise<Refund>;
  /**
   * Makes a refund fail later, as a card issuer may (docs.stripe.com/refunds#failed-refunds): the
   * refund becomes failed, the money counts as unrefunded again, and refund.updated and refund.failed
   * are sent. Throws GatewayError for an unknown or already failed refund.
   */
  failRefund(refundId: string, failureReason?: string): Promise<Refund>;
}

type SandboxAccountRow = typeof sandboxAccounts.$inferSelect;
type SandboxIntentRow = typeof sandboxPaymentIntents.$inferSelect;
type SandboxRefundRow = typeof sandboxRefunds.$inferSelect;

/** The charge id the sandbox shows for a payment intent's one charge. */
const chargeIdOf = (paymentIntentId: string) => `ch_${paymentIntentId.slice(3)}`;

/** The refund as Stripe's API and events show it (docs.stripe.com/api/refunds/object). */
function refundObject(row: SandboxRefundRow) {
  return {
    id: row.id,
    object: 'refund',
    amount: row.amount,
    charge: chargeIdOf(row.paymentIntentId),
    created: Math.floor(row.createdAt.getTime() / 1000),
    currency: 'gbp',
    metadata: row.metadata,
    payment_intent: row.paymentIntentId,
    reason: null,
    failure_reason: row.failureReason,
    status: row.status,
  };
}

/** The charge as Stripe's charge.refunded event shows it (docs.stripe.com/api/charges/object). */
function chargeObject(intent: SandboxIntentRow) {
  return {
    id: chargeIdOf(intent.id),
    object: 'charge',
    payment_intent: intent.id,
    amount: intent.amount,
    amount_refunded: intent.refundedAmount,
    refunded: intent.refundedAmount === intent.amount,
    currency: 'gbp',
  };
}

function toRefund(row: SandboxRefundRow): Refund {
  return {
    id: row.id,
    status: row.status as Refund['status'],
    amount: row.amount,
    paymentIntentId: row.paymentIntentId,
    metadata: row.metadata,
  };
}

/** The account as Stripe's API would show it (docs.stripe.com/api/accounts/object). */
function accountObject(row: SandboxAccountRow) {
  return {
    id: row.id,
    object: 'account',
    type: 'express',
    country: 'GB',
    email: row.email,
    charges_enabled: row.chargesEnabled,
    details_submitted: row.detailsSubmitted,
    payouts_enabled: row.chargesEnabled,
    requirements: { disabled_reason: null },
    metadata: row.clinicId ? { clinic_id: row.clinicId } : {},
  };
}

function toAccount(row: SandboxAccountRow): ConnectedAccount {
  return { id: row.id, status: connectedAccountStatus(accountObject(row)) };
}

function toPaymentIntent(row: SandboxIntentRow): PaymentIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status as PaymentIntent['status'],
    amount: row.amount,
    applicationFeeAmount: row.applicationFeeAmount,
    metadata: row.metadata,
    receiptEmail: row.receiptEmail,
    cardFee: row.cardFee,
  };
}

/** The states in which an intent can still be paid, and so changed (docs.stripe.com/api/payment_intents/update). */
const CHANGEABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

/** Stripe's metadata update: keys merged, a key set to '' removed. */
function mergedMetadata(current: Record<string, string>, changes: Record<string, string>) {
  const merged = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export interface SandboxGatewayOptions {
  db: Db;
  publicUrl: string;
  /**
   * False when PUBLIC_URL is unset: the sandbox's pages (onboarding, 3-D Secure) are then shown on the
   * loopback address the browser came from, read from the return URL, so it comes back to the same
   * address and keeps its session (http/link-origin.ts). Default true: always publicUrl.
   */
  publicUrlConfigured?: boolean;
  /** The signing secret, or how to read it (from the database: webhook-secret.ts) when first needed. */
  webhookSecret: string | (() => Promise<string>);
  /** How events reach the webhook endpoints; the app hands them to itself in-process. */
  transport: () => EventTransport | undefined;
  /** The job queue that delivers the events. */
  jobs: JobQueue;
}

/** Each endpoint has its own signing secret, as with Stripe. */
export function sandboxWebhookSecrets(secret: string): Record<WebhookEndpoint, string> {
  return { platform: `${secret}_platform`, connect: `${secret}_connect` };
}

export function createSandboxGateway(options: SandboxGatewayOptions): SandboxGateway {
  const { db } = options;
  const source = options.webhookSecret;
  let loaded = typeof source === 'string' ? source : undefined;
  let loading: Promise<string> | undefined;
  /** The secret, read once; concurrent callers share one read, and a failed read is retried later. */
  function signingSecret(): Promise<string> {
    if (loaded) return Promise.resolve(loaded);
    if (typeof source === 'string') return Promise.resolve(source);
    loading ??= source()
      .then((value) => {
        loaded = value;
        return value;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  }
  const secrets = async () => sandboxWebhookSecrets(await signingSecret());
  const events = createSandboxEvents({ db, jobs: options.jobs, secrets, transport: options.transport });
  const links = { publicUrl: options.publicUrl, publicUrlConfigured: options.publicUrlConfigured ?? true };
  /** Where a sandbox page is served for a browser that will be sent back to `returnUrl`. */
  const pageOrigin = (returnUrl: string) => allowedLinkOrigin(returnUrl, links);

  async function account(accountId: string): Promise<SandboxAccountRow> {
    const [row] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
    if (!row) throw new GatewayError(`No such account: '${accountId}'`, 'resource_missing');
    return row;
  }

  async function intent(paymentIntentId: string): Promise<SandboxIntentRow> {
    const [row] = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, paymentIntentId));
    if (!row) throw new GatewayError(`No such payment_intent: '${paymentIntentId}'`, 'resource_missing');
    return row;
  }

  /**
   * Creates a refund like Stripe: one per idempotency key, never more in total than was paid (the
   * intent's row is locked while checking), with charge.refunded and refund.created stored in the same
   * transaction. Events go out on the next delivery pass, as Stripe's arrive some time later.
   */
  async function refund(input: CreateRefundInput): Promise<Refund> {
    const { paymentIntentId, amount, idempotencyKey } = input;
    const row = await db.transaction(async (tx) => {
      const [paid] = await tx
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.id, paymentIntentId))
        .for('update');
      if (!paid) throw new GatewayError(`No such payment_intent: '${paymentIntentId}'`, 'resource_missing');
      const [previous] = await tx
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
      if (previous) return previous;
      if (paid.status !== 'succeeded')
        throw new GatewayError('This PaymentIntent has no successful charge to refund.');
      if (!Number.isInteger(amount) || amount <= 0)
        throw new GatewayError('Invalid positive integer', 'parameter_invalid_integer');
      if (paid.refundedAmount + amount > paid.amount)
        throw new GatewayError('Refund amount is greater than the unrefunded amount.', 'amount_too_large');
      const [intentAfter] = await tx
        .update(sandboxPaymentIntents)
        .set({ refundedAmount: paid.refundedAmount + amount })
        .where(eq(sandboxPaymentIntents.id, paymentIntentId))
        .returning();
      const [created] = await tx
        .insert(sandboxRefunds)
        .values({
          id: sandboxId('re'),
          paymentIntentId,
          amount,
          idempotencyKey,
          metadata: input.metadata ?? {},
        })
        .returning();
      if (!created || !intentAfter) throw new GatewayError('The refund could not be created');
      await events.emit('platform', 'charge.refunded', chargeObject(intentAfter), undefined, tx);
      await events.emit('platform', 'refund.created', refundObject(created), undefined, tx);
      return created;
    });
    return toRefund(row);
  }

  /**
   * Changes an intent only while it can still be paid: the row is locked, so a confirmation that
   * moved it on first makes the update refused, as Stripe refuses a new amount then.
   */
  async function updateIntent(input: UpdatePaymentIntentInput): Promise<PaymentIntent> {
    if (input.amount !== undefined && !(Number.isInteger(input.amount) && input.amount > 0))
      throw new GatewayError('Invalid positive integer', 'parameter_invalid_integer');
    const row = await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.id, input.paymentIntentId))
        .for('update');
      if (!current)
        throw new GatewayError(`No such payment_intent: '${input.paymentIntentId}'`, 'resource_missing');
      if (!CHANGEABLE.includes(current.status)) {
        throw new GatewayError(
          `This PaymentIntent's status is ${current.status}, so it cannot be updated.`,
          'payment_intent_unexpected_state',
        );
      }
      const changes: Partial<SandboxIntentRow> = {
        ...(input.amount !== undefined ? { amount: input.amount } : {}),
        ...(input.applicationFeeAmount !== undefined
          ? { applicationFeeAmount: input.applicationFeeAmount }
          : {}),
        ...(input.metadata ? { metadata: mergedMetadata(current.metadata, input.metadata) } : {}),
        ...(input.receiptEmail !== undefined ? { receiptEmail: input.receiptEmail } : {}),
      };
      if (Object.keys(changes).length === 0) return current;
      const [updated] = await tx
        .update(sandboxPaymentIntents)
        .set(changes)
        .where(eq(sandboxPaymentIntents.id, current.id))
        .returning();
      return updated ?? current;
    });
    return toPaymentIntent(row);
  }

  return {
    kind: 'sandbox',
    signingSecret,
    get webhookSecret() {
      if (!loaded) throw new Error("The sandbox's signing secret has not been read yet");
      return loaded;
    },
    events,
    confirmation: createConfirmation({ db, events, pageOrigin }),

    async createConnectedAccount({ email, clinicId, idempotencyKey }) {
      const [created] = await db
        .insert(sandboxAccounts)
        .values({ id: sandboxId('acct'), email, clinicId, idempotencyKey })
        .onConflictDoNothing({ target: sandboxAccounts.idempotencyKey })
        .returning();
      if (created) return toAccount(created);
      const [existing] = await db
        .select()
        .from(sandboxAccounts)
        .where(eq(sandboxAccounts.idempotencyKey, idempotencyKey));
      if (!existing) throw new GatewayError('The account could not be created');
      return toAccount(existing);
    },

    retrieveConnectedAccount: async (accountId) => toAccount(await account(accountId)),

    async createOnboardingLink({ accountId, returnUrl, refreshUrl }) {
      await account(accountId);
      const query = new URLSearchParams({ return_url: returnUrl, refresh_url: refreshUrl });
      return { url: `${pageOrigin(returnUrl)}/sandbox/onboarding/${accountId}?${query}` };
    },

    async finishOnboarding(accountId, outcome) {
      await account(accountId);
      const done = outcome === 'complete';
      const [row] = await db
        .update(sandboxAccounts)
        .set({ detailsSubmitted: done, chargesEnabled: done })
        .where(eq(sandboxAccounts.id, accountId))
        .returning();
      if (!row) throw new GatewayError(`No such account: '${accountId}'`, 'resource_missing');
      await events.emit('connect', 'account.updated', accountObject(row), row.id);
      return toAccount(row);
    },

    findAccount: async (accountId) =>
      (await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId)))[0],

    // The sandbox's own state is the provider's answer: an account it still holds is reachable.
    hasAccountAccess: async (accountId) =>
      (
        await db
          .select({ id: sandboxAccounts.id })
          .from(sandboxAccounts)
          .where(eq(sandboxAccounts.id, accountId))
      ).length > 0,

    async deauthorize(accountId) {
      await db.transaction(async (tx) => {
        const [forgotten] = await tx
          .delete(sandboxAccounts)
          .where(eq(sandboxAccounts.id, accountId))
          .returning({ id: sandboxAccounts.id });
        if (!forgotten) throw new GatewayError(`No such account: '${accountId}'`, 'resource_missing');
        // docs.stripe.com/api/events/types#event_types-account.application.deauthorized
        const application = { id: 'ca_sandbox_clinicpay', object: 'application', name: 'ClinicPay' };
        await events.emit('connect', 'account.application.deauthorized', application, accountId, tx);
      });
    },

    async createPaymentIntent(input) {
      await account(input.destinationAccountId);
      const id = sandboxId('pi');
      const [created] = await db
        .insert(sandboxPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          amount: input.amount,
          applicationFeeAmount: input.applicationFeeAmount,
          destinationAccountId: input.destinationAccountId,
          metadata: input.metadata,
          receiptEmail: input.receiptEmail ?? null,
          idempotencyKey: input.idempotencyKey,
        })
        .onConflictDoNothing({ target: sandboxPaymentIntents.idempotencyKey })
        .returning();
      if (created) return toPaymentIntent(created);
      const [existing] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.idempotencyKey, input.idempotencyKey));
      if (!existing) throw new GatewayError('The payment could not be created');
      return toPaymentIntent(existing);
    },

    retrievePaymentIntent: async (paymentIntentId) => toPaymentIntent(await intent(paymentIntentId)),

    updatePaymentIntent: (input) => updateIntent(input),

    createRefund: (input) => refund(input),

    listRefunds: async (paymentIntentId) =>
      (
        await db
          .select()
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.paymentIntentId, paymentIntentId))
          .orderBy(asc(sandboxRefunds.createdAt))
      ).map(toRefund),

    refundFromDashboard: (paymentIntentId, amount) =>
      refund({ paymentIntentId, amount, idempotencyKey: `dashboard:${sandboxId('re')}` }),

    async failRefund(refundId, failureReason = 'expired_or_canceled_card') {
      const failed = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.id, refundId));
        if (!row) throw new GatewayError(`No such refund: '${refundId}'`, 'resource_missing');
        await tx
          .select({ id: sandboxPaymentIntents.id })
          .from(sandboxPaymentIntents)
          .where(eq(sandboxPaymentIntents.id, row.paymentIntentId))
          .for('update');
        const [updated] = await tx
          .update(sandboxRefunds)
          .set({ status: 'failed', failureReason })
          .where(and(eq(sandboxRefunds.id, refundId), ne(sandboxRefunds.status, 'failed')))
          .returning();
        if (!updated) throw new GatewayError('This refund has already failed.', 'refund_already_failed');
        await tx
          .update(sandboxPaymentIntents)
          .set({ refundedAmount: sql`${sandboxPaymentIntents.refundedAmount} - ${updated.amount}` })
          .where(eq(sandboxPaymentIntents.id, updated.paymentIntentId));
        const object = refundObject(updated);
        await events.emit('platform', 'refund.updated', object, undefined, tx);
        await events.emit('platform', 'refund.failed', object, undefined, tx);
        return updated;
      });
      return toRefund(failed);
    },

    verifyWebhookEvent: async ({ rawBody, signature, endpoint }) =>
      verifyStripeSignature(rawBody, signature, (await secrets())[endpoint]),

    browserConfig: () => ({ provider: 'sandbox', publishableKey: null }),
  };
}
