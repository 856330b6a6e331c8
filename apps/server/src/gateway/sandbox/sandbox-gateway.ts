/**
 * The offline sandbox (docs/sandbox.md): a local stand-in for Stripe test mode that keeps its own
 * accounts, payment intents, refunds, and connected accounts' balances and payouts in the database,
 * onboards clinics on a local page, and sends Stripe-shaped events, signed like Stripe's, to the same
 * webhook endpoints. It takes no real money.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Db, runPlainStatement } from '../../db/client.js';
import {
  sandboxAccounts,
  sandboxCustomers,
  sandboxPaymentIntents,
  sandboxRefunds,
} from '../../db/schema/index.js';
import { allowedLinkOrigin } from '../../http/link-origin.js';
import type { JobQueue } from '../../jobs/index.js';
import {
  type CardGateway,
  type ConnectedAccount,
  type CreateRefundInput,
  GatewayError,
  noSuchResource,
  type PaymentIntent,
  type Refund,
  toConnectedAccount,
  type UpdatePaymentIntentInput,
  type WebhookEndpoint,
} from '../gateway.js';
import { verifyStripeSignature } from '../webhook-signature.js';
import { type AccountControl, accountObject, createSandboxAccounts, ONBOARDING_FIELDS } from './accounts.js';
import { createSandboxBalance, type SandboxBalance } from './balance.js';
import { createConfirmation, paymentIntentObject } from './confirmation.js';
import { createSandboxDisputes, refuseRefundOfDisputed, type SandboxDisputes } from './disputes.js';
import { createSandboxEvents, type EventTransport, type SandboxEvents } from './events.js';
import { forgottenKey, requestFingerprint, reuseOf } from './idempotency.js';
import { sandboxId } from './ids.js';
import {
  insertIntentStatement,
  type NewIntentValues,
  readAccountRow,
  readIntentRow,
  sandboxAccountStatement,
} from './intent-statements.js';
import { failSandboxRefund, REFUND_FAILS_AFTER_SECONDS } from './refund-failures.js';
import { createSandboxSavedCards, type SandboxSavedCards } from './saved-cards.js';

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
  /**
   * The local onboarding page's two buttons: 'Complete onboarding' (details submitted; verification
   * ends a few seconds later, or at once with the account page's 'Verify now') and 'Finish later'.
   */
  finishOnboarding(accountId: string, outcome: OnboardingOutcome): Promise<ConnectedAccount>;
  /**
   * The sandbox account page's controls (accounts.ts): verify now, require more information by a
   * deadline, restrict, reject, or clear. Throws GatewayError for an unknown account.
   */
  controlAccount(accountId: string, control: AccountControl): Promise<ConnectedAccount>;
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
  /** Disputes and transfers as the sandbox keeps them (disputes.ts): its dispute page wins or loses them. */
  readonly disputes: SandboxDisputes;
  /**
   * Connected accounts' balance transactions and payouts (balance.ts): the payouts page makes pending
   * funds available, pays out now, fails the next payout and settles payouts in transit.
   */
  readonly balance: SandboxBalance;
  /**
   * Customers, SetupIntents and saved cards (saved-cards.ts): what the sandbox card field calls to save
   * a card, and the 3-D Secure page's answer for a SetupIntent.
   */
  readonly savedCards: SandboxSavedCards;
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
    reason: row.reason,
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

function toAccount(row: SandboxAccountRow): ConnectedAccount {
  return toConnectedAccount(accountObject(row));
}

function toPaymentIntent(row: SandboxIntentRow): PaymentIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status as PaymentIntent['status'],
    amount: row.amount,
    applicationFeeAmount: row.applicationFeeAmount,
    metadata: row.metadata,
    destinationAccountId: row.destinationAccountId,
    statementDescriptorSuffix: row.statementDescriptorSuffix,
    cardFee: row.cardFee,
    customerId: row.customerId,
    paymentMethodId: row.paymentMethodId,
    savesCard: row.savesCard,
    lastPaymentError: row.lastPaymentError
      ? {
          code: row.lastPaymentError.code ?? 'card_declined',
          declineCode: row.lastPaymentError.decline_code ?? null,
          message: row.lastPaymentError.message ?? '',
        }
      : null,
    card:
      row.status === 'succeeded' && row.cardLast4
        ? { brand: row.cardBrand ?? 'visa', last4: row.cardLast4, threeDSecure: row.threeDSecure }
        : null,
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
  /** Seconds verification of submitted onboarding details takes; default SANDBOX_VERIFICATION_SECONDS. */
  verificationSeconds?: number;
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
  const accounts = createSandboxAccounts({
    db,
    events,
    jobs: options.jobs,
    verificationSeconds: options.verificationSeconds,
  });
  const balance = createSandboxBalance({ db, events, jobs: options.jobs });
  const disputes = createSandboxDisputes({ db, events, balance, jobs: options.jobs });
  const links = { publicUrl: options.publicUrl, publicUrlConfigured: options.publicUrlConfigured ?? true };
  /** Where a sandbox page is served for a browser that will be sent back to `returnUrl`. */
  const pageOrigin = (returnUrl: string) => allowedLinkOrigin(returnUrl, links);

  /**
   * The stored row of a connected account, unread, by the plain prepared statement (intent-statements.ts,
   * decision 0132). Throws Stripe's resource_missing refusal for an unknown id.
   */
  async function storedAccount(accountId: string) {
    const [row] = (await runPlainStatement(db, sandboxAccountStatement(accountId))).rows;
    if (!row) throw noSuchResource('account', accountId);
    return row;
  }

  async function account(accountId: string): Promise<SandboxAccountRow> {
    return readAccountRow(await storedAccount(accountId));
  }

  async function intent(paymentIntentId: string): Promise<SandboxIntentRow> {
    const [row] = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, paymentIntentId));
    if (!row) throw noSuchResource('payment_intent', paymentIntentId);
    return row;
  }

  /**
   * Creates a refund like Stripe: one per idempotency key, never more in total than was paid (the
   * intent's row is locked while checking), with charge.refunded and refund.created, and the transfer
   * reversed on the connected account in proportion (a payment_refund), stored in the same
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
      if (!paid) throw noSuchResource('payment_intent', paymentIntentId);
      const [previous] = await tx
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
      if (previous) return previous;
      if (paid.status !== 'succeeded')
        throw new GatewayError('This PaymentIntent has no successful charge to refund.');
      await refuseRefundOfDisputed(tx, paymentIntentId);
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
          reason: input.reason ?? null,
        })
        .returning();
      if (!created || !intentAfter) throw new GatewayError('The refund could not be created');
      await balance.recordRefund(tx, paid, paid.refundedAmount, intentAfter.refundedAmount);
      await events.emit('platform', 'charge.refunded', chargeObject(intentAfter), undefined, tx);
      await events.emit('platform', 'refund.created', refundObject(created), undefined, tx);
      // docs.stripe.com/testing#refunds: 4000 0000 0000 5126's refunds succeed, then fail a little later.
      if (paid.refundsFailLater)
        await options.jobs.send(
          failSandboxRefund,
          { refundId: created.id },
          { tx, startAfter: new Date(Date.now() + REFUND_FAILS_AFTER_SECONDS * 1000) },
        );
      return created;
    });
    return toRefund(row);
  }

  /**
   * Stripe's update (docs.stripe.com/api/payment_intents/update): the amount and the application fee
   * change only while the intent can still be paid, and the row is locked, so a confirmation that moved
   * it on first makes such an update refused, as Stripe refuses a new amount then; metadata alone is
   * taken in any status but canceled, as Stripe takes it on a paid intent.
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
      if (!current) throw noSuchResource('payment_intent', input.paymentIntentId);
      if (current.status === 'canceled') {
        throw new GatewayError(
          `This PaymentIntent's status is ${current.status}, so it cannot be updated.`,
          'payment_intent_unexpected_state',
        );
      }
      const changesMoney = input.amount !== undefined || input.applicationFeeAmount !== undefined;
      if (changesMoney && !CHANGEABLE.includes(current.status)) {
        throw new GatewayError(
          `This PaymentIntent's amount could not be updated because it has a status of ${current.status}. You may only update the amount of a PaymentIntent with one of the following statuses: ${CHANGEABLE.join(', ')}.`,
          'payment_intent_unexpected_state',
        );
      }
      const changes: Partial<SandboxIntentRow> = {
        ...(input.amount !== undefined ? { amount: input.amount } : {}),
        ...(input.applicationFeeAmount !== undefined
          ? { applicationFeeAmount: input.applicationFeeAmount }
          : {}),
        ...(input.metadata ? { metadata: mergedMetadata(current.metadata, input.metadata) } : {}),
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

  /**
   * Stripe's cancel (docs.stripe.com/api/payment_intents/cancel): only from a status that can still be
   * paid, with payment_intent.canceled stored in the same transaction.
   */
  async function cancelIntent(paymentIntentId: string): Promise<PaymentIntent> {
    const row = await db.transaction(async (tx) => {
      const [moved] = await tx
        .update(sandboxPaymentIntents)
        .set({ status: 'canceled' })
        .where(
          and(
            eq(sandboxPaymentIntents.id, paymentIntentId),
            inArray(sandboxPaymentIntents.status, [...CHANGEABLE, 'requires_capture']),
          ),
        )
        .returning();
      if (moved) {
        await events.emit('platform', 'payment_intent.canceled', paymentIntentObject(moved), undefined, tx);
        return moved;
      }
      const [current] = await tx
        .select({ status: sandboxPaymentIntents.status })
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.id, paymentIntentId));
      if (!current) throw noSuchResource('payment_intent', paymentIntentId);
      throw new GatewayError(
        `You cannot cancel this PaymentIntent because it has a status of ${current.status}.`,
        'payment_intent_unexpected_state',
      );
    });
    events.deliverSoon();
    return toPaymentIntent(row);
  }

  const confirmation = createConfirmation({ db, events, pageOrigin, disputes, balance });
  const savedCards = createSandboxSavedCards({
    db,
    events,
    confirmation,
    toPaymentIntent,
    requireAccount: account,
    pageOrigin,
  });

  const gateway: SandboxGateway = {
    kind: 'sandbox',
    livemode: false,
    signingSecret,
    get webhookSecret() {
      if (!loaded) throw new Error("The sandbox's signing secret has not been read yet");
      return loaded;
    },
    events,
    confirmation,
    disputes,
    savedCards,
    balance,

    // docs.stripe.com/api/accounts/create: the onboarding fields are due until the clinic submits them.
    async createConnectedAccount({ email, clinicId, idempotencyKey }) {
      const fingerprint = requestFingerprint({ email, clinicId });
      const row = await db.transaction(async (tx) => {
        const [stored] = await tx
          .select()
          .from(sandboxAccounts)
          .where(eq(sandboxAccounts.idempotencyKey, idempotencyKey))
          .for('update');
        if (stored) {
          if (reuseOf(stored, fingerprint, idempotencyKey) === 'replay') return stored;
          await tx
            .update(sandboxAccounts)
            .set({ idempotencyKey: forgottenKey(idempotencyKey, stored.id) })
            .where(eq(sandboxAccounts.id, stored.id));
        }
        const [created] = await tx
          .insert(sandboxAccounts)
          .values({
            id: sandboxId('acct'),
            email,
            clinicId,
            idempotencyKey,
            requestFingerprint: fingerprint,
            currentlyDue: ONBOARDING_FIELDS,
            disabledReason: 'requirements.past_due',
          })
          .onConflictDoNothing({ target: sandboxAccounts.idempotencyKey })
          .returning();
        return created;
      });
      if (row) return toAccount(row);
      // A concurrent request with the same key created it first: answer with that one, as Stripe does.
      const [existing] = await db
        .select()
        .from(sandboxAccounts)
        .where(eq(sandboxAccounts.idempotencyKey, idempotencyKey));
      if (!existing) throw new GatewayError('The account could not be created');
      reuseOf(existing, fingerprint, idempotencyKey);
      return toAccount(existing);
    },

    retrieveConnectedAccount: async (accountId) => toAccount(await account(accountId)),

    async createOnboardingLink({ accountId, returnUrl, refreshUrl, purpose }) {
      await account(accountId);
      const query = new URLSearchParams({
        return_url: returnUrl,
        refresh_url: refreshUrl,
        ...(purpose === 'update' ? { collect: 'currently_due' } : {}),
      });
      return { url: `${pageOrigin(returnUrl)}/sandbox/onboarding/${accountId}?${query}` };
    },

    finishOnboarding: async (accountId, outcome) =>
      toAccount(await accounts.finishOnboarding(accountId, outcome)),

    controlAccount: async (accountId, control) => toAccount(await accounts.control(accountId, control)),

    // As Stripe: an account can be closed only once its balance, available and pending, is zero.
    async closeConnectedAccount(accountId) {
      await account(accountId);
      if ((await balance.total(accountId)) !== 0)
        throw new GatewayError(
          'This account still holds a balance; it can be closed once its balance is zero.',
          'balance_not_zero',
        );
      await db.delete(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
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
        if (!forgotten) throw noSuchResource('account', accountId);
        // docs.stripe.com/api/events/types#event_types-account.application.deauthorized
        const application = { id: 'ca_sandbox_clinicpay', object: 'application', name: 'ClinicPay' };
        await events.emit('connect', 'account.application.deauthorized', application, accountId, tx);
      });
    },

    // docs.stripe.com/api/payment_intents/create, with Stripe's idempotency (idempotency.ts).
    async createPaymentIntent(input) {
      // Only whether the account exists matters here, so its row is not read (decision 0132).
      await storedAccount(input.destinationAccountId);
      const customerId = input.saveCardForCustomerId ?? null;
      if (customerId !== null) {
        const [known] = await db
          .select({ id: sandboxCustomers.id })
          .from(sandboxCustomers)
          .where(eq(sandboxCustomers.id, customerId));
        if (!known) throw noSuchResource('customer', customerId);
      }
      const fingerprint = requestFingerprint({
        amount: input.amount,
        applicationFeeAmount: input.applicationFeeAmount,
        destinationAccountId: input.destinationAccountId,
        metadata: input.metadata,
        statementDescriptorSuffix: input.statementDescriptorSuffix,
        // Only when set, so intents made before cards could be saved keep their fingerprints.
        ...(customerId !== null ? { saveCardForCustomerId: customerId } : {}),
      });
      // A new intent's row, under a new id each time it is made.
      const newIntent = (): NewIntentValues => {
        const id = sandboxId('pi');
        return {
          id,
          clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          amount: input.amount,
          applicationFeeAmount: input.applicationFeeAmount,
          destinationAccountId: input.destinationAccountId,
          metadata: input.metadata,
          statementDescriptorSuffix: input.statementDescriptorSuffix,
          customerId,
          savesCard: customerId !== null,
          idempotencyKey: input.idempotencyKey,
          requestFingerprint: fingerprint,
        };
      };
      // The usual case, a key not used before: one prepared insert, no transaction.
      const [fresh] = (await runPlainStatement(db, insertIntentStatement(newIntent()))).rows;
      if (fresh) return toPaymentIntent(readIntentRow(fresh));
      // The key was used before: replay it, or run anew once it is forgotten (idempotency.ts).
      const row = await db.transaction(async (tx) => {
        const [stored] = await tx
          .select()
          .from(sandboxPaymentIntents)
          .where(eq(sandboxPaymentIntents.idempotencyKey, input.idempotencyKey))
          .for('update');
        if (stored) {
          if (reuseOf(stored, fingerprint, input.idempotencyKey) === 'replay') return stored;
          await tx
            .update(sandboxPaymentIntents)
            .set({ idempotencyKey: forgottenKey(input.idempotencyKey, stored.id) })
            .where(eq(sandboxPaymentIntents.id, stored.id));
        }
        const [created] = await tx
          .insert(sandboxPaymentIntents)
          .values(newIntent())
          .onConflictDoNothing({ target: sandboxPaymentIntents.idempotencyKey })
          .returning();
        return created;
      });
      if (row) return toPaymentIntent(row);
      const [existing] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.idempotencyKey, input.idempotencyKey));
      if (!existing) throw new GatewayError('The payment could not be created');
      reuseOf(existing, fingerprint, input.idempotencyKey);
      return toPaymentIntent(existing);
    },

    retrievePaymentIntent: async (paymentIntentId) => toPaymentIntent(await intent(paymentIntentId)),

    createCustomer: (input) => savedCards.createCustomer(input),
    createSetupIntent: (input) => savedCards.createSetupIntent(input),
    retrieveSetupIntent: (setupIntentId) => savedCards.retrieveSetupIntent(setupIntentId),
    retrievePaymentMethod: (paymentMethodId) => savedCards.retrievePaymentMethod(paymentMethodId),
    detachPaymentMethod: (paymentMethodId) => savedCards.detachPaymentMethod(paymentMethodId),
    chargeSavedCard: (input) => savedCards.chargeSavedCard(input),

    updatePaymentIntent: (input) => updateIntent(input),
    cancelPaymentIntent: (paymentIntentId) => cancelIntent(paymentIntentId),

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
        if (!row) throw noSuchResource('refund', refundId);
        const [paid] = await tx
          .select()
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
        // The reversal the refund made is given back to the connected account.
        if (paid)
          await balance.recordRefund(tx, paid, paid.refundedAmount, paid.refundedAmount - updated.amount);
        const object = refundObject(updated);
        await events.emit('platform', 'refund.updated', object, undefined, tx);
        await events.emit('platform', 'refund.failed', object, undefined, tx);
        return updated;
      });
      return toRefund(failed);
    },

    retrieveDispute: (disputeId) => disputes.retrieve(disputeId),

    uploadDisputeEvidenceFile: ({ content, filename, contentType }) =>
      disputes.uploadFile({ filename, contentType, size: content.length }),

    updateDispute: (input) => disputes.update(input),

    reverseTransfer: (input) => disputes.move({ kind: 'reversal', ...input }),

    createTransfer: async (input) => {
      const transfer = await disputes.move({ kind: 'transfer', ...input });
      if (!transfer) throw new GatewayError('The transfer could not be made');
      return transfer;
    },

    retrieveEarlyFraudWarning: (warningId) => disputes.retrieveWarning(warningId),

    async retrieveBalance(accountId) {
      await account(accountId);
      return balance.retrieve(accountId);
    },

    async listPayouts(accountId, { limit }) {
      await account(accountId);
      return balance.listPayouts(accountId, Math.min(Math.max(limit, 1), 100));
    },

    retrievePayout: (accountId, payoutId) => balance.retrievePayout(accountId, payoutId),

    listPayoutBalanceTransactions: (accountId, payoutId) =>
      balance.listPayoutTransactions(accountId, payoutId),

    // The sandbox's stand-in for the Express dashboard is its payouts page for the account.
    async createLoginLink(accountId) {
      await account(accountId);
      return { url: `${options.publicUrl}/sandbox/accounts/${accountId}/payouts` };
    },

    verifyWebhookEvent: async ({ rawBody, signature, endpoint }) =>
      verifyStripeSignature(rawBody, signature, (await secrets())[endpoint]),

    browserConfig: () => ({ provider: 'sandbox', publishableKey: null }),
  };
  options.jobs.register(failSandboxRefund, async ({ refundId }) => {
    try {
      await gateway.failRefund(refundId);
    } catch (error) {
      // Already failed (or gone): nothing left to do.
      if (!(error instanceof GatewayError)) throw error;
    }
    events.deliverSoon();
  });
  return gateway;
}
