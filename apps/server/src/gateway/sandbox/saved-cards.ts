/**
 * Saved cards in the sandbox, as Stripe keeps them (decision 0091): Customers on the platform, cards
 * saved with SetupIntents (or while paying, confirmation.ts), detached for good on request, and charged
 * later without the patient (docs.stripe.com/payments/save-and-reuse). Stripe's test cards decide what
 * happens (test-cards.ts savedCardBehaviour): 4000 0025 0000 3155 asks for 3-D Secure once when saved,
 * 4000 0027 6000 3184 every time, 4000 0000 0000 0341 is saved and then always declined.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  sandboxCustomers,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
  sandboxSetupIntents,
} from '../../db/schema/index.js';
import {
  CardDeclinedError,
  type CardError,
  type ChargeSavedCardInput,
  GatewayError,
  noSuchResource,
  type PaymentIntent,
  type SavedCard,
  type SetupIntent,
} from '../gateway.js';
import {
  attachPaymentMethod,
  type CardDetails,
  type ConfirmResult,
  type createConfirmation,
  declineError,
  paymentMethodObject,
  type SandboxIntentRow,
  sameSecret,
  typedTestCard,
} from './confirmation.js';
import type { SandboxEvents } from './events.js';
import { createOnce, forgottenKey, requestFingerprint, reuseOf } from './idempotency.js';
import { sandboxId } from './ids.js';
import { AUTHENTICATION_FAILED, findTestCard, savedCardBehaviour } from './test-cards.js';

type SetupRow = typeof sandboxSetupIntents.$inferSelect;
type MethodRow = typeof sandboxPaymentMethods.$inferSelect;

/** The answer to confirming a SetupIntent: its status, the card's refusal, or the 3-D Secure page. */
export interface SetupConfirmResult {
  setupIntent: { id: string; status: string };
  error?: { code: string; declineCode?: string; message: string };
  nextAction?: { redirectUrl: string };
}

/** The SetupIntent as Stripe's API and events show it (docs.stripe.com/api/setup_intents/object). */
function setupIntentObject(row: SetupRow) {
  return {
    id: row.id,
    object: 'setup_intent',
    customer: row.customerId,
    status: row.status,
    usage: 'off_session',
    payment_method: row.paymentMethodId,
    payment_method_types: ['card'],
    metadata: row.metadata,
    last_setup_error: row.lastSetupError,
  };
}

function toCardError(error: Record<string, string> | null): CardError | null {
  if (!error) return null;
  return {
    code: error.code ?? 'card_declined',
    declineCode: error.decline_code ?? null,
    message: error.message ?? '',
  };
}

function toSetupIntent(row: SetupRow): SetupIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status as SetupIntent['status'],
    customerId: row.customerId,
    paymentMethodId: row.paymentMethodId,
    metadata: row.metadata,
    lastSetupError: toCardError(row.lastSetupError),
  };
}

function toSavedCard(row: MethodRow): SavedCard {
  return {
    id: row.id,
    customerId: row.customerId,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    country: row.country,
  };
}

const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

/** Stripe's 409 for a request whose idempotency key another request is still using. */
const KEY_IN_USE =
  'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through).';

export function createSandboxSavedCards(options: {
  db: Db;
  events: SandboxEvents;
  confirmation: ReturnType<typeof createConfirmation>;
  /** The sandbox's own view of a payment intent, as the gateway answers it. */
  toPaymentIntent: (row: SandboxIntentRow) => PaymentIntent;
  /** Fails unless the connected account exists, as Stripe does for a destination. */
  requireAccount: (accountId: string) => Promise<unknown>;
  pageOrigin: (returnUrl: string) => string;
}) {
  const { db, events, confirmation } = options;

  async function customer(customerId: string) {
    const [row] = await db.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, customerId));
    if (!row) throw noSuchResource('customer', customerId);
    return row;
  }

  async function method(paymentMethodId: string): Promise<MethodRow> {
    const [row] = await db
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.id, paymentMethodId));
    if (!row) throw noSuchResource('PaymentMethod', paymentMethodId);
    return row;
  }

  async function loadSetup(setupIntentId: string, clientSecret?: string): Promise<SetupRow> {
    const [row] = await db
      .select()
      .from(sandboxSetupIntents)
      .where(eq(sandboxSetupIntents.id, setupIntentId));
    if (!row || (clientSecret !== undefined && !sameSecret(row.clientSecret, clientSecret)))
      throw noSuchResource('setupintent', setupIntentId);
    return row;
  }

  /**
   * Moves a SetupIntent on from a confirmable state, with its event in the same transaction; a
   * succeeded one attaches its card to the Customer (payment_method.attached). Undefined when another
   * confirmation moved it first.
   */
  async function moveSetup(row: SetupRow, from: string[], changes: Partial<SetupRow>, eventType: string) {
    return db.transaction(async (tx) => {
      const [moved] = await tx
        .update(sandboxSetupIntents)
        .set(changes)
        .where(and(eq(sandboxSetupIntents.id, row.id), inArray(sandboxSetupIntents.status, from)))
        .returning();
      if (!moved) return undefined;
      await events.emit('platform', eventType, setupIntentObject(moved), undefined, tx);
      if (moved.status === 'succeeded' && moved.paymentMethodId)
        await attachPaymentMethod(tx, events, moved.paymentMethodId, moved.customerId);
      return moved;
    });
  }

  async function setupAnswer(
    moved: SetupRow | undefined,
    row: SetupRow,
    extra: Partial<SetupConfirmResult> = {},
  ): Promise<SetupConfirmResult> {
    events.deliverSoon();
    if (moved) return { setupIntent: { id: moved.id, status: moved.status }, ...extra };
    const now = await loadSetup(row.id);
    return {
      setupIntent: { id: row.id, status: now.status },
      error: {
        code: 'setup_intent_unexpected_state',
        message: `This SetupIntent's status is ${now.status}, so it cannot be confirmed.`,
      },
    };
  }

  /** The intent made for an off-session charge under `idempotencyKey`, if any (replayed as Stripe does). */
  async function replayCharge(
    idempotencyKey: string,
    fingerprint: string,
  ): Promise<PaymentIntent | undefined> {
    const [stored] = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.idempotencyKey, idempotencyKey));
    if (!stored) return undefined;
    if (reuseOf(stored, fingerprint, idempotencyKey) === 'forgotten') {
      await db
        .update(sandboxPaymentIntents)
        .set({ idempotencyKey: forgottenKey(idempotencyKey, stored.id) })
        .where(eq(sandboxPaymentIntents.id, stored.id));
      return undefined;
    }
    const intent = options.toPaymentIntent(stored);
    if (intent.lastPaymentError) throw new CardDeclinedError(intent.lastPaymentError, intent);
    if (intent.status === 'requires_payment_method')
      throw new GatewayError(KEY_IN_USE, 'idempotency_key_in_use');
    return intent;
  }

  return {
    // docs.stripe.com/api/customers/create, with Stripe's idempotency (idempotency.ts).
    async createCustomer(input: {
      email: string;
      name: string | null;
      metadata: Record<string, string>;
      idempotencyKey: string;
    }): Promise<{ id: string }> {
      const { idempotencyKey } = input;
      const byKey = eq(sandboxCustomers.idempotencyKey, idempotencyKey);
      const fingerprint = requestFingerprint({
        email: input.email,
        name: input.name,
        metadata: input.metadata,
      });
      const row = await createOnce({
        idempotencyKey,
        fingerprint,
        find: async () => (await db.select().from(sandboxCustomers).where(byKey))[0],
        forget: async (stored) => {
          await db
            .update(sandboxCustomers)
            .set({ idempotencyKey: forgottenKey(idempotencyKey, stored.id) })
            .where(eq(sandboxCustomers.id, stored.id));
        },
        insert: async () =>
          (
            await db
              .insert(sandboxCustomers)
              .values({
                id: sandboxId('cus'),
                email: input.email,
                name: input.name,
                metadata: input.metadata,
                idempotencyKey,
                requestFingerprint: fingerprint,
              })
              .onConflictDoNothing({ target: sandboxCustomers.idempotencyKey })
              .returning()
          )[0],
      });
      return { id: row.id };
    },

    // docs.stripe.com/api/setup_intents/create: usage off_session, cards only.
    async createSetupIntent(input: {
      customerId: string;
      metadata: Record<string, string>;
      idempotencyKey: string;
    }): Promise<SetupIntent> {
      await customer(input.customerId);
      const { idempotencyKey } = input;
      const byKey = eq(sandboxSetupIntents.idempotencyKey, idempotencyKey);
      const fingerprint = requestFingerprint({ customerId: input.customerId, metadata: input.metadata });
      const id = sandboxId('seti');
      const row = await createOnce({
        idempotencyKey,
        fingerprint,
        find: async () => (await db.select().from(sandboxSetupIntents).where(byKey))[0],
        forget: async (stored) => {
          await db
            .update(sandboxSetupIntents)
            .set({ idempotencyKey: forgottenKey(idempotencyKey, stored.id) })
            .where(eq(sandboxSetupIntents.id, stored.id));
        },
        insert: async () =>
          (
            await db
              .insert(sandboxSetupIntents)
              .values({
                id,
                clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
                customerId: input.customerId,
                metadata: input.metadata,
                idempotencyKey,
                requestFingerprint: fingerprint,
              })
              .onConflictDoNothing({ target: sandboxSetupIntents.idempotencyKey })
              .returning()
          )[0],
      });
      return toSetupIntent(row);
    },

    retrieveSetupIntent: async (setupIntentId: string) => toSetupIntent(await loadSetup(setupIntentId)),

    retrievePaymentMethod: async (paymentMethodId: string) => toSavedCard(await method(paymentMethodId)),

    // docs.stripe.com/api/payment_methods/detach: for good; a card not attached is refused.
    async detachPaymentMethod(paymentMethodId: string): Promise<SavedCard> {
      const detached = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(sandboxPaymentMethods)
          .set({ customerId: null, detachedAt: new Date() })
          .where(
            and(
              eq(sandboxPaymentMethods.id, paymentMethodId),
              isNotNull(sandboxPaymentMethods.customerId),
              isNull(sandboxPaymentMethods.detachedAt),
            ),
          )
          .returning();
        if (row)
          await events.emit('platform', 'payment_method.detached', paymentMethodObject(row), undefined, tx);
        return row;
      });
      if (!detached) {
        await method(paymentMethodId);
        throw new GatewayError(
          'The payment method you provided is not attached to a customer so detachment is impossible.',
          'payment_method_unexpected_state',
        );
      }
      events.deliverSoon();
      return toSavedCard(detached);
    },

    /**
     * Saves a typed test card on the SetupIntent, as Stripe.js's confirmCardSetup does
     * (docs.stripe.com/js/setup_intents/confirm_card_setup): it attaches, goes to the 3-D Secure page,
     * or is declined (a card that declines payments cannot be saved).
     */
    async confirmCardSetup(input: {
      setupIntentId: string;
      clientSecret: string;
      card: CardDetails;
      returnUrl: string;
    }): Promise<SetupConfirmResult> {
      const row = await loadSetup(input.setupIntentId, input.clientSecret);
      if (!CONFIRMABLE.includes(row.status)) return setupAnswer(undefined, row);
      const typed = typedTestCard(input.card);
      if ('refusal' in typed)
        return { setupIntent: { id: row.id, status: row.status }, error: typed.refusal };
      const { card, number } = typed;
      const setup = savedCardBehaviour(card).setup;
      if (typeof setup === 'object') {
        const error = declineError(setup.declines);
        const moved = await moveSetup(
          row,
          CONFIRMABLE,
          { status: 'requires_payment_method', lastSetupError: error },
          'setup_intent.setup_failed',
        );
        return setupAnswer(moved, row, {
          error: {
            code: error.code,
            ...(error.decline_code ? { declineCode: error.decline_code } : {}),
            message: error.message,
          },
        });
      }
      const paymentMethodId = await confirmation.createPaymentMethod(
        number,
        card,
        input.card.expMonth,
        input.card.expYear,
      );
      if (setup === 'attaches') {
        const moved = await moveSetup(
          row,
          CONFIRMABLE,
          { status: 'succeeded', paymentMethodId, lastSetupError: null },
          'setup_intent.succeeded',
        );
        return setupAnswer(moved, row);
      }
      const moved = await moveSetup(
        row,
        CONFIRMABLE,
        { status: 'requires_action', paymentMethodId, lastSetupError: null },
        'setup_intent.requires_action',
      );
      const query = new URLSearchParams({ client_secret: row.clientSecret, return_url: input.returnUrl });
      return setupAnswer(moved, row, {
        nextAction: { redirectUrl: `${options.pageOrigin(input.returnUrl)}/sandbox/3ds/${row.id}?${query}` },
      });
    },

    /** The 3-D Secure page's answer for a SetupIntent: approve saves the card; fail refuses it. */
    async finishSetupAuthentication(input: {
      setupIntentId: string;
      clientSecret: string;
      approve: boolean;
    }): Promise<SetupConfirmResult> {
      const row = await loadSetup(input.setupIntentId, input.clientSecret);
      if (row.status !== 'requires_action') return setupAnswer(undefined, row);
      if (input.approve)
        return setupAnswer(
          await moveSetup(row, ['requires_action'], { status: 'succeeded' }, 'setup_intent.succeeded'),
          row,
        );
      const moved = await moveSetup(
        row,
        ['requires_action'],
        {
          status: 'requires_payment_method',
          paymentMethodId: null,
          lastSetupError: { ...AUTHENTICATION_FAILED },
        },
        'setup_intent.setup_failed',
      );
      return setupAnswer(moved, row, { error: { ...AUTHENTICATION_FAILED } });
    },

    loadSetup,

    /**
     * An off-session destination charge of a saved card (docs.stripe.com/payments/save-and-reuse):
     * the intent is created and confirmed at once, and succeeds or is refused as the saved test card
     * does. One intent per idempotency key; the key replays the first answer, the refusal included.
     */
    async chargeSavedCard(input: ChargeSavedCardInput): Promise<PaymentIntent> {
      if (!Number.isInteger(input.amount) || input.amount <= 0)
        throw new GatewayError('Invalid positive integer', 'parameter_invalid_integer');
      await options.requireAccount(input.destinationAccountId);
      const fingerprint = requestFingerprint({
        amount: input.amount,
        applicationFeeAmount: input.applicationFeeAmount,
        destinationAccountId: input.destinationAccountId,
        customerId: input.customerId,
        paymentMethodId: input.paymentMethodId,
        metadata: input.metadata,
        statementDescriptorSuffix: input.statementDescriptorSuffix,
        offSession: true,
      });
      const replayed = await replayCharge(input.idempotencyKey, fingerprint);
      if (replayed) return replayed;
      const saved = await method(input.paymentMethodId);
      const card = findTestCard(saved.testCardNumber);
      if (!card || saved.customerId === null || saved.customerId !== input.customerId)
        throw new GatewayError(
          `The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.`,
          'payment_method_unexpected_state',
        );
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
          statementDescriptorSuffix: input.statementDescriptorSuffix,
          customerId: input.customerId,
          paymentMethodId: saved.id,
          cardLast4: saved.last4,
          cardBrand: saved.brand,
          cardCountry: saved.country,
          idempotencyKey: input.idempotencyKey,
          requestFingerprint: fingerprint,
        })
        .onConflictDoNothing({ target: sandboxPaymentIntents.idempotencyKey })
        .returning();
      if (!created) {
        const again = await replayCharge(input.idempotencyKey, fingerprint);
        if (again) return again;
        throw new GatewayError(KEY_IN_USE, 'idempotency_key_in_use');
      }
      const result: ConfirmResult = await confirmation.confirmOffSession(created, card, saved.last4);
      const [after] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.id, created.id));
      const intent = options.toPaymentIntent(after ?? created);
      if (result.error)
        throw new CardDeclinedError(
          {
            code: result.error.code,
            declineCode: result.error.declineCode ?? null,
            message: result.error.message,
          },
          intent,
        );
      return intent;
    },
  };
}

export type SandboxSavedCards = ReturnType<typeof createSandboxSavedCards>;
