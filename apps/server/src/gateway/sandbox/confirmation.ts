/**
 * Confirming a sandbox payment intent with a test card, as Stripe.js's confirmCardPayment does
 * (docs.stripe.com/js/payment_intents/confirm_card_payment): success, a decline with Stripe's code and
 * message, or 3-D Secure on the local challenge page. Only one confirmation of an intent can win.
 */
import { timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { sandboxPaymentIntents, sandboxPaymentMethods } from '../../db/schema/index.js';
import { noSuchResource } from '../gateway.js';
import type { SandboxBalance } from './balance.js';
import { cardFeeFor } from './card-fees.js';
import type { AfterPayment, SandboxDisputes } from './disputes.js';
import type { SandboxEvents } from './events.js';
import { sandboxId } from './ids.js';
import {
  AUTHENTICATION_FAILED,
  findTestCard,
  savedCardBehaviour,
  TEST_CARDS_ONLY_MESSAGE,
  type TestCard,
} from './test-cards.js';

export type SandboxIntentRow = typeof sandboxPaymentIntents.$inferSelect;

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface ConfirmResult {
  paymentIntent: { id: string; status: string };
  error?: { code: string; declineCode?: string; message: string };
  /** For 3-D Secure: where the browser goes to authenticate. */
  nextAction?: { redirectUrl: string };
}

const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

/**
 * The payment intent as Stripe's events show it (docs.stripe.com/api/payment_intents/object): related
 * objects as ids, never expanded, as Stripe never expands them in event payloads; what ClinicPay needs
 * beyond that it reads back through the API (retrievePaymentIntent), as it must with Stripe.
 */
export function paymentIntentObject(row: SandboxIntentRow) {
  return {
    id: row.id,
    object: 'payment_intent',
    amount: row.amount,
    currency: 'gbp',
    status: row.status,
    application_fee_amount: row.applicationFeeAmount,
    transfer_data: { destination: row.destinationAccountId },
    statement_descriptor_suffix: row.statementDescriptorSuffix,
    metadata: row.metadata,
    customer: row.customerId,
    payment_method: row.paymentMethodId,
    setup_future_usage: row.savesCard ? 'off_session' : null,
    last_payment_error: row.lastPaymentError,
    latest_charge: row.status === 'succeeded' ? `ch_${row.id.slice(3)}` : null,
  };
}

/**
 * The payment's charge as Stripe's charge.succeeded and charge.updated show it
 * (docs.stripe.com/api/charges/object): the balance transaction named by its id, never expanded.
 */
export function chargeEventObject(row: SandboxIntentRow, balanceTransaction: boolean) {
  return {
    id: `ch_${row.id.slice(3)}`,
    object: 'charge',
    amount: row.amount,
    currency: 'gbp',
    paid: true,
    status: 'succeeded',
    payment_intent: row.id,
    application_fee_amount: row.applicationFeeAmount,
    transfer_data: { destination: row.destinationAccountId },
    statement_descriptor_suffix: row.statementDescriptorSuffix,
    balance_transaction: balanceTransaction ? `txn_${row.id.slice(3)}` : null,
    payment_method_details: {
      type: 'card',
      card: {
        brand: row.cardBrand ?? 'visa',
        country: row.cardCountry,
        last4: row.cardLast4,
        three_d_secure: row.threeDSecure ? { result: row.threeDSecure } : null,
      },
    },
  };
}

/** Whether two client secrets are the same, compared in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The payment method as Stripe's API and events show it (docs.stripe.com/api/payment_methods/object). */
export function paymentMethodObject(row: typeof sandboxPaymentMethods.$inferSelect) {
  return {
    id: row.id,
    object: 'payment_method',
    type: 'card',
    customer: row.customerId,
    card: {
      brand: row.brand,
      last4: row.last4,
      exp_month: row.expMonth,
      exp_year: row.expYear,
      country: row.country,
    },
    created: Math.floor(row.createdAt.getTime() / 1000),
  };
}

/** Stripe's last_payment_error (and last_setup_error) for a declining card. */
export function declineError(outcome: { code: string; declineCode?: string; message: string }) {
  return {
    code: outcome.code,
    ...(outcome.declineCode ? { decline_code: outcome.declineCode } : {}),
    message: outcome.message,
  };
}

/**
 * The test card typed, or why it cannot be used: not one of Stripe's test cards, or details Stripe.js
 * itself refuses (an incomplete security code, a bad or past expiry).
 */
export function typedTestCard(
  details: CardDetails,
): { card: TestCard; number: string } | { refusal: { code: string; message: string } } {
  const card = findTestCard(details.number);
  if (!card) return { refusal: { code: 'card_declined', message: TEST_CARDS_ONLY_MESSAGE } };
  const invalid = cardError(details);
  if (invalid) return { refusal: { code: 'invalid_card', message: invalid } };
  return { card, number: details.number.replace(/\D/g, '') };
}

/**
 * Attaches a payment method to a Customer in `tx`, unless it was detached, with payment_method.attached
 * (docs.stripe.com/api/payment_methods/attach).
 */
export async function attachPaymentMethod(
  tx: Tx,
  events: SandboxEvents,
  paymentMethodId: string,
  customerId: string,
): Promise<void> {
  const [attached] = await tx
    .update(sandboxPaymentMethods)
    .set({ customerId })
    .where(and(eq(sandboxPaymentMethods.id, paymentMethodId), isNull(sandboxPaymentMethods.detachedAt)))
    .returning();
  if (attached)
    await events.emit('platform', 'payment_method.attached', paymentMethodObject(attached), undefined, tx);
}

/** Why typed card details cannot be used (Stripe.js's own checks), or null when they can. */
function cardError(details: CardDetails): string | null {
  const now = new Date();
  if (!/^\d{3,4}$/.test(details.cvc)) return "Your card's security code is incomplete.";
  if (!(details.expMonth >= 1 && details.expMonth <= 12)) return "Your card's expiration date is invalid.";
  const year = details.expYear < 100 ? 2000 + details.expYear : details.expYear;
  if (year < now.getFullYear() || (year === now.getFullYear() && details.expMonth < now.getMonth() + 1)) {
    return "Your card's expiration year is in the past.";
  }
  return null;
}

export function createConfirmation(options: {
  db: Db;
  events: SandboxEvents;
  /** The origin the sandbox's pages are shown on for a return URL (sandbox-gateway.ts pageOrigin). */
  pageOrigin: (returnUrl: string) => string;
  /** Makes what a dispute or fraud-warning test card does after it paid (disputes.ts). */
  disputes: Pick<SandboxDisputes, 'afterPayment'>;
  /** Records the charge's transfer on the connected account's balance (balance.ts). */
  balance: Pick<SandboxBalance, 'recordCharge'>;
}) {
  const { db, events, pageOrigin, disputes, balance } = options;

  async function load(paymentIntentId: string, clientSecret: string): Promise<SandboxIntentRow> {
    const [row] = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, paymentIntentId));
    if (!row || !sameSecret(row.clientSecret, clientSecret)) {
      throw noSuchResource('payment_intent', paymentIntentId);
    }
    return row;
  }

  /**
   * Moves the intent on only from a confirmable state, so one of two racing confirmations wins, and
   * stores the event that reports it in the same transaction: a succeeded intent always has its
   * payment_intent.succeeded event, so its payment is never lost, and its transfer's balance
   * transaction on the connected account. Undefined when another confirmation won.
   */
  async function transition(
    row: SandboxIntentRow,
    from: string[],
    changes: Partial<SandboxIntentRow>,
    eventType: string,
    afterPayment?: AfterPayment,
  ) {
    const updated = await db.transaction(async (tx) => {
      const [moved] = await tx
        .update(sandboxPaymentIntents)
        .set(changes)
        .where(and(eq(sandboxPaymentIntents.id, row.id), inArray(sandboxPaymentIntents.status, from)))
        .returning();
      if (moved) await events.emit('platform', eventType, paymentIntentObject(moved), undefined, tx);
      // Stripe also reports the charge: charge.succeeded, then charge.updated once its balance
      // transaction (with the card fee) exists; in the sandbox that is at once.
      if (moved?.status === 'succeeded') {
        await events.emit('platform', 'charge.succeeded', chargeEventObject(moved, false), undefined, tx);
        await events.emit('platform', 'charge.updated', chargeEventObject(moved, true), undefined, tx);
        await balance.recordCharge(tx, moved);
        if (afterPayment) await disputes.afterPayment(tx, moved, afterPayment);
        // setup_future_usage: the card is attached to the Customer once the payment succeeds.
        if (moved.savesCard && moved.customerId && moved.paymentMethodId)
          await attachPaymentMethod(tx, events, moved.paymentMethodId, moved.customerId);
      }
      return moved;
    });
    if (updated) events.deliverSoon();
    return updated;
  }

  async function succeed(
    row: SandboxIntentRow,
    from: string[],
    card: {
      country: string;
      last4?: string;
      brand?: string;
      /** three_d_secure.result when the patient passed 3-D Secure. */
      threeDSecure?: string;
      refundsFailLater?: boolean;
      availableAtOnce?: boolean;
      afterPayment?: AfterPayment;
      paymentMethodId?: string;
    },
  ): Promise<ConfirmResult> {
    const updated = await transition(
      row,
      from,
      {
        status: 'succeeded',
        cardCountry: card.country,
        cardFee: cardFeeFor(row.amount, card.country),
        lastPaymentError: null,
        refundsFailLater: card.refundsFailLater ?? row.refundsFailLater,
        fundsAvailableAtOnce: card.availableAtOnce ?? row.fundsAvailableAtOnce,
        ...(card.last4 ? { cardLast4: card.last4 } : {}),
        ...(card.brand ? { cardBrand: card.brand } : {}),
        threeDSecure: card.threeDSecure ?? null,
        ...(card.paymentMethodId ? { paymentMethodId: card.paymentMethodId } : {}),
      },
      'payment_intent.succeeded',
      card.afterPayment,
    );
    if (!updated) return unexpectedState(row.id);
    return { paymentIntent: { id: updated.id, status: updated.status } };
  }

  async function fail(
    row: SandboxIntentRow,
    from: string[],
    error: Record<string, string>,
  ): Promise<ConfirmResult> {
    const updated = await transition(
      row,
      from,
      { status: 'requires_payment_method', lastPaymentError: error },
      'payment_intent.payment_failed',
    );
    if (!updated) return unexpectedState(row.id);
    return {
      paymentIntent: { id: updated.id, status: updated.status },
      error: {
        code: error.code ?? 'card_declined',
        declineCode: error.decline_code,
        message: error.message ?? '',
      },
    };
  }

  async function unexpectedState(paymentIntentId: string): Promise<ConfirmResult> {
    const [now] = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, paymentIntentId));
    return {
      paymentIntent: { id: paymentIntentId, status: now?.status ?? 'canceled' },
      error: {
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent's status is ${now?.status}, so it cannot be confirmed.`,
      },
    };
  }

  /** A payment method for a typed test card, not attached to any Customer yet. */
  async function createPaymentMethod(number: string, card: TestCard, expMonth: number, expYear: number) {
    const id = sandboxId('pm');
    await db.insert(sandboxPaymentMethods).values({
      id,
      testCardNumber: number,
      brand: card.brand,
      last4: number.slice(-4),
      expMonth,
      expYear: expYear < 100 ? 2000 + expYear : expYear,
      country: card.country,
    });
    return id;
  }

  /**
   * Confirms the intent with a test card on the patient's side: it pays, is declined, or goes to the
   * 3-D Secure page, as the card's on-session outcome says.
   */
  async function confirmWith(
    row: SandboxIntentRow,
    card: TestCard,
    last4: string,
    paymentMethodId: string | null,
    returnUrl: string,
  ): Promise<ConfirmResult> {
    const outcome = card.outcome;
    const method = paymentMethodId ? { paymentMethodId } : {};
    if (outcome.kind === 'succeeds')
      return succeed(row, CONFIRMABLE, {
        country: card.country,
        brand: card.brand,
        last4,
        refundsFailLater: outcome.refundsFailLater ?? false,
        availableAtOnce: outcome.availableAtOnce ?? false,
        ...(outcome.afterPayment ? { afterPayment: outcome.afterPayment } : {}),
        ...method,
      });
    if (outcome.kind === 'declines') return fail(row, CONFIRMABLE, declineError(outcome));
    const updated = await transition(
      row,
      CONFIRMABLE,
      {
        status: 'requires_action',
        cardCountry: card.country,
        cardBrand: card.brand,
        cardLast4: last4,
        lastPaymentError: null,
        refundsFailLater: false,
        fundsAvailableAtOnce: false,
        ...method,
      },
      'payment_intent.requires_action',
    );
    if (!updated) return unexpectedState(row.id);
    const query = new URLSearchParams({ client_secret: row.clientSecret, return_url: returnUrl });
    return {
      paymentIntent: { id: row.id, status: 'requires_action' },
      nextAction: { redirectUrl: `${pageOrigin(returnUrl)}/sandbox/3ds/${row.id}?${query}` },
    };
  }

  return {
    async confirmCardPayment(input: {
      paymentIntentId: string;
      clientSecret: string;
      card: CardDetails;
      returnUrl: string;
    }): Promise<ConfirmResult> {
      const row = await load(input.paymentIntentId, input.clientSecret);
      if (!CONFIRMABLE.includes(row.status)) return unexpectedState(row.id);
      const typed = typedTestCard(input.card);
      if ('refusal' in typed)
        return { paymentIntent: { id: row.id, status: row.status }, error: typed.refusal };
      const { card, number } = typed;
      const last4 = number.slice(-4);
      // A card to be saved becomes a payment method now, attached to the Customer once it pays.
      const paymentMethodId = row.savesCard
        ? await createPaymentMethod(number, card, input.card.expMonth, input.card.expYear)
        : null;
      return confirmWith(row, card, last4, paymentMethodId, input.returnUrl);
    },

    /**
     * The patient confirms, on their own side, an intent made for their saved card, as Stripe.js's
     * confirmCardPayment with payment_method does (docs.stripe.com/payments/save-and-reuse): how an
     * off-session charge the bank refused with authentication_required is completed. The card must
     * still be attached to the intent's Customer.
     */
    async confirmWithSavedCard(input: {
      paymentIntentId: string;
      clientSecret: string;
      paymentMethodId: string;
      returnUrl: string;
    }): Promise<ConfirmResult> {
      const row = await load(input.paymentIntentId, input.clientSecret);
      if (!CONFIRMABLE.includes(row.status)) return unexpectedState(row.id);
      const [method] = await db
        .select()
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.id, input.paymentMethodId));
      const card = method ? findTestCard(method.testCardNumber) : undefined;
      if (!method || !card || method.customerId === null || method.customerId !== row.customerId)
        return {
          paymentIntent: { id: row.id, status: row.status },
          error: {
            code: 'payment_method_unexpected_state',
            message: 'This card is no longer saved; pay with another card.',
          },
        };
      return confirmWith(row, card, method.last4, method.id, input.returnUrl);
    },

    /**
     * Confirms an intent just made for a saved card without the patient (off_session): the charge
     * succeeds, or is refused as the card does once saved (savedCardBehaviour). Resolves to the result
     * with the refusal's error, as Stripe's 402 carries the intent.
     */
    async confirmOffSession(row: SandboxIntentRow, card: TestCard, last4: string): Promise<ConfirmResult> {
      const behaviour = savedCardBehaviour(card).offSession;
      if (behaviour !== 'succeeds')
        return fail(row, ['requires_payment_method'], declineError(behaviour.declines));
      const outcome = card.outcome.kind === 'succeeds' ? card.outcome : { kind: 'succeeds' as const };
      return succeed(row, ['requires_payment_method'], {
        country: card.country,
        brand: card.brand,
        last4,
        refundsFailLater: outcome.refundsFailLater ?? false,
        availableAtOnce: outcome.availableAtOnce ?? false,
        ...(outcome.afterPayment ? { afterPayment: outcome.afterPayment } : {}),
      });
    },

    /** The 3-D Secure page's answer: approve pays with the card being confirmed; fail declines. */
    async finishAuthentication(input: { paymentIntentId: string; clientSecret: string; approve: boolean }) {
      const row = await load(input.paymentIntentId, input.clientSecret);
      if (row.status !== 'requires_action') return unexpectedState(row.id);
      if (input.approve)
        return succeed(row, ['requires_action'], {
          country: row.cardCountry ?? 'US',
          threeDSecure: 'authenticated',
        });
      return fail(row, ['requires_action'], { ...AUTHENTICATION_FAILED });
    },

    load,
    createPaymentMethod,
  };
}
