/**
 * The offline sandbox (design.md): a local stand-in for Stripe test mode that keeps its own accounts,
 * payment intents and refunds in the database, onboards clinics on a local page, and sends
 * Stripe-shaped events, signed like Stripe's, to the same webhook endpoints. It takes no real money.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sandboxAccounts, sandboxPaymentIntents, sandboxRefunds } from '../../db/schema/index.js';
import {
  type CardGateway,
  type ConnectedAccount,
  connectedAccountStatus,
  GatewayError,
  type PaymentIntent,
  type Refund,
  type WebhookEndpoint,
} from '../gateway.js';
import { verifyStripeSignature } from '../webhook-signature.js';
import { createConfirmation } from './confirmation.js';
import { createSandboxEvents, type EventTransport, type SandboxEvents } from './events.js';
import { sandboxId } from './ids.js';

export type OnboardingOutcome = 'complete' | 'later';

export interface SandboxGateway extends CardGateway {
  readonly kind: 'sandbox';
  readonly events: SandboxEvents;
  /** What the sandbox card field and 3-D Secure page call (see confirmation.ts). */
  readonly confirmation: ReturnType<typeof createConfirmation>;
  /** The local onboarding page's two buttons: 'Complete onboarding' and 'Finish later'. */
  finishOnboarding(accountId: string, outcome: OnboardingOutcome): Promise<ConnectedAccount>;
  findAccount(accountId: string): Promise<SandboxAccountRow | undefined>;
}

type SandboxAccountRow = typeof sandboxAccounts.$inferSelect;
type SandboxIntentRow = typeof sandboxPaymentIntents.$inferSelect;

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
    cardFee: row.cardFee,
  };
}

export interface SandboxGatewayOptions {
  db: Db;
  publicUrl: string;
  webhookSecret: string;
  /** How events reach the webhook endpoints; the app hands them to itself in-process. */
  transport: () => EventTransport | undefined;
  onError: (error: unknown) => void;
}

/** Each endpoint has its own signing secret, as with Stripe. */
export function sandboxWebhookSecrets(secret: string): Record<WebhookEndpoint, string> {
  return { platform: `${secret}_platform`, connect: `${secret}_connect` };
}

export function createSandboxGateway(options: SandboxGatewayOptions): SandboxGateway {
  const { db } = options;
  const secrets = sandboxWebhookSecrets(options.webhookSecret);
  const events = createSandboxEvents({ db, secrets, transport: options.transport, onError: options.onError });

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

  return {
    kind: 'sandbox',
    events,
    confirmation: createConfirmation({ db, events, publicUrl: options.publicUrl }),

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
      return { url: `${options.publicUrl}/sandbox/onboarding/${accountId}?${query}` };
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

    async createRefund({ paymentIntentId, amount, idempotencyKey }): Promise<Refund> {
      const [previous] = await db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
      if (previous) return { id: previous.id, status: 'succeeded', amount: previous.amount };
      const paid = await intent(paymentIntentId);
      if (paid.status !== 'succeeded')
        throw new GatewayError('This PaymentIntent has no successful charge to refund.');
      // One statement checks and records the refund, so concurrent refunds cannot exceed the amount.
      const [updated] = await db
        .update(sandboxPaymentIntents)
        .set({ refundedAmount: sql`${sandboxPaymentIntents.refundedAmount} + ${amount}` })
        .where(
          sql`${sandboxPaymentIntents.id} = ${paymentIntentId} and ${sandboxPaymentIntents.refundedAmount} + ${amount} <= ${sandboxPaymentIntents.amount}`,
        )
        .returning();
      if (!updated)
        throw new GatewayError('Refund amount is greater than the unrefunded amount.', 'amount_too_large');
      const id = sandboxId('re');
      await db.insert(sandboxRefunds).values({ id, paymentIntentId, amount, idempotencyKey });
      await events.emit('platform', 'charge.refunded', {
        id: `ch_${paymentIntentId.slice(3)}`,
        object: 'charge',
        payment_intent: paymentIntentId,
        amount: updated.amount,
        amount_refunded: updated.refundedAmount,
        refunded: updated.refundedAmount === updated.amount,
      });
      return { id, status: 'succeeded', amount };
    },

    verifyWebhookEvent: ({ rawBody, signature, endpoint }) =>
      verifyStripeSignature(rawBody, signature, secrets[endpoint]),

    browserConfig: () => ({ provider: 'sandbox', publishableKey: null }),
  };
}
