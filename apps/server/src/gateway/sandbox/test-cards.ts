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
  outcome: CardOutcome;
}

// A Map, not an object literal: a typed number such as '__proto__' or 'constructor' must find no card
// (issue #13), where an object would hand back its prototype's properties.
export const TEST_CARDS: ReadonlyMap<string, TestCard> = new Map<string, TestCard>([
  ['4242424242424242', { brand: 'visa', country: 'US', outcome: { kind: 'succeeds' } }],
  ['4000008260000000', { brand: 'visa', country: 'GB', outcome: { kind: 'succeeds' } }],
  ['4000002500003155', { brand: 'visa', country: 'US', outcome: { kind: 'requires_authentication' } }],
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
