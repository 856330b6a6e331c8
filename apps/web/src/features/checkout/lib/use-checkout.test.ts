import { describe, expect, it } from 'vitest';
import { failureMessage } from './use-checkout';

describe("the failure wording, first in the form's alert (decision 0059)", () => {
  it.each([
    [{ message: 'Your card was declined.' }, undefined, 'Payment failed: Your card was declined.'],
    [{ intentStatus: 'requires_payment_method' }, undefined, 'Payment failed: requires_payment_method'],
    [{ intentStatus: 'canceled' }, undefined, 'Payment failed: canceled'],
    [{ intentStatus: 'processing' }, undefined, 'Payment status: processing'],
    [{}, undefined, 'Payment failed'],
    [
      { message: 'Your card was declined.' },
      'Apple Pay',
      'Apple Pay payment failed: Your card was declined.',
    ],
    [{}, 'Apple Pay', 'Apple Pay payment failed'],
  ])('%j with wallet %s reads %s', (failure, wallet, text) => {
    expect(failureMessage(failure, wallet)).toBe(text);
  });
});
