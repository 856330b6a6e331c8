/**
 * Stripe's documented test cards (docs.stripe.com/testing) and what each does in the sandbox. Any
 * other number is refused: the sandbox never sees a real card.
 */
import type { AfterPayment } from './disputes.js';

export type CardOutcome =
  /**
   * refundsFailLater: Stripe's 4000 0000 0000 5126, whose refunds succeed, then fail some time later.
   * afterPayment: a dispute, an inquiry or an early fraud warning follows (docs.stripe.com/testing#disputes).
   * availableAtOnce: Stripe's 4000 0000 0000 0077, whose funds skip the pending balance
   * (docs.stripe.com/testing#available-balance).
   */
  | { kind: 'succeeds'; refundsFailLater?: boolean; afterPayment?: AfterPayment; availableAtOnce?: boolean }
  | { kind: 'declines'; code: string; declineCode?: string; message: string }
  | { kind: 'requires_authentication' };

export interface TestCard {
  brand: 'visa';
  /** ISO country of the issuing bank; UK and EEA cards cost less to process. */
  country: string;
  /** What paying with it on the payment page does. */
  outcome: CardOutcome;
  /**
   * What saving it and charging it later without the patient do, where that differs from the default
   * of savedCardBehaviour (docs.stripe.com/testing#authentication-and-setup).
   */
  saved?: SavedCardBehaviour;
}

/**
 * A saved test card: whether saving it (a SetupIntent) asks for 3-D Secure, and what an off-session
 * charge of it does once saved.
 */
export interface SavedCardBehaviour {
  setup: 'attaches' | 'requires_authentication' | { declines: DeclineOutcome };
  offSession: 'succeeds' | { declines: DeclineOutcome };
}

type DeclineOutcome = Extract<CardOutcome, { kind: 'declines' }>;

/** Stripe's answer to an off-session charge the bank wants the patient to authenticate. */
export const AUTHENTICATION_REQUIRED: DeclineOutcome = {
  kind: 'declines',
  code: 'authentication_required',
  declineCode: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

const GENERIC_DECLINE: DeclineOutcome = {
  kind: 'declines',
  code: 'card_declined',
  declineCode: 'generic_decline',
  message: 'Your card was declined.',
};

/**
 * How a test card behaves once saved (docs.stripe.com/testing#authentication-and-setup): a card that
 * pays at once attaches and is charged off-session alike; 4000 0025 0000 3155 asks for authentication
 * when it is saved and not afterwards; a card that declines cannot be saved; and the cards with their
 * own `saved` (4000 0027 6000 3184 always asks, 4000 0000 0000 0341 attaches and is always declined).
 */
export function savedCardBehaviour(card: TestCard): SavedCardBehaviour {
  if (card.saved) return card.saved;
  if (card.outcome.kind === 'declines') return { setup: { declines: card.outcome }, offSession: 'succeeds' };
  if (card.outcome.kind === 'requires_authentication')
    return { setup: 'requires_authentication', offSession: 'succeeds' };
  return { setup: 'attaches', offSession: 'succeeds' };
}

// A Map, not an object literal: a typed number such as '__proto__' or 'constructor' must find no card,
// where an object would hand back its prototype's properties.
export const TEST_CARDS: ReadonlyMap<string, TestCard> = new Map<string, TestCard>([
  ['4242424242424242', { brand: 'visa', country: 'US', outcome: { kind: 'succeeds' } }],
  ['4000008260000000', { brand: 'visa', country: 'GB', outcome: { kind: 'succeeds' } }],
  ['4000002500003155', { brand: 'visa', country: 'US', outcome: { kind: 'requires_authentication' } }],
  // Asks for authentication every time, off-session charges included.
  [
    '4000002760003184',
    {
      brand: 'visa',
      country: 'US',
      outcome: { kind: 'requires_authentication' },
      saved: { setup: 'requires_authentication', offSession: { declines: AUTHENTICATION_REQUIRED } },
    },
  ],
  // Attaching it to a Customer succeeds; every charge of it is declined.
  [
    '4000000000000341',
    {
      brand: 'visa',
      country: 'US',
      outcome: GENERIC_DECLINE,
      saved: { setup: 'attaches', offSession: { declines: GENERIC_DECLINE } },
    },
  ],
  // Its funds go straight to the available balance (docs.stripe.com/testing#available-balance).
  [
    '4000000000000077',
    { brand: 'visa', country: 'US', outcome: { kind: 'succeeds', availableAtOnce: true } },
  ],
  [
    '4000000000005126',
    { brand: 'visa', country: 'US', outcome: { kind: 'succeeds', refundsFailLater: true } },
  ],
  // docs.stripe.com/testing#disputes: the charge succeeds, then is disputed, or warned about.
  [
    '4000000000000259',
    { brand: 'visa', country: 'US', outcome: { kind: 'succeeds', afterPayment: 'dispute_fraudulent' } },
  ],
  [
    '4000000000002685',
    { brand: 'visa', country: 'US', outcome: { kind: 'succeeds', afterPayment: 'dispute_not_received' } },
  ],
  [
    '4000000000001976',
    { brand: 'visa', country: 'US', outcome: { kind: 'succeeds', afterPayment: 'inquiry' } },
  ],
  [
    '4000000000005423',
    { brand: 'visa', country: 'US', outcome: { kind: 'succeeds', afterPayment: 'early_fraud_warning' } },
  ],
  [
    '4000000000000119',
    {
      brand: 'visa',
      country: 'US',
      outcome: {
        kind: 'declines',
        code: 'processing_error',
        message: 'An error occurred while processing your card. Try again in a little bit.',
      },
    },
  ],
  // Radar blocks it as highest risk (docs.stripe.com/testing#fraud-prevention).
  [
    '4100000000000019',
    {
      brand: 'visa',
      country: 'US',
      outcome: {
        kind: 'declines',
        code: 'card_declined',
        declineCode: 'fraudulent',
        message: 'Your card was declined.',
      },
    },
  ],
  [
    '4000000000000002',
    {
      brand: 'visa',
      country: 'US',
      outcome: {
        kind: 'declines',
        code: 'card_declined',
        declineCode: 'generic_decline',
        message: 'Your card was declined.',
      },
    },
  ],
  [
    '4000000000009995',
    {
      brand: 'visa',
      country: 'US',
      outcome: {
        kind: 'declines',
        code: 'card_declined',
        declineCode: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    },
  ],
  [
    '4000000000000069',
    {
      brand: 'visa',
      country: 'US',
      outcome: { kind: 'declines', code: 'expired_card', message: 'Your card has expired.' },
    },
  ],
  [
    '4000000000000127',
    {
      brand: 'visa',
      country: 'US',
      outcome: {
        kind: 'declines',
        code: 'incorrect_cvc',
        message: "Your card's security code is incorrect.",
      },
    },
  ],
]);

export const TEST_CARDS_ONLY_MESSAGE = 'Sandbox mode accepts test cards only';

export const AUTHENTICATION_FAILED = {
  code: 'payment_intent_authentication_failure',
  message:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

/** The test card a typed number stands for (spaces and dashes ignored), or undefined for any other. */
export function findTestCard(number: string): TestCard | undefined {
  return TEST_CARDS.get(number.replace(/[\s-]/g, ''));
}
