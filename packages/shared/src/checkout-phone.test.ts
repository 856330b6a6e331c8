import { describe, expect, it } from 'vitest';
import { checkoutRequestSchema, payerDetailsSchema } from './checkout.js';

// The payment form's phone is optional and unchecked by the spec (§5): it is tidied, never refused.
describe('the payment form phone (issue #11)', () => {
  const payer = (phone: string | null | undefined) =>
    payerDetailsSchema.safeParse({ name: 'Grace Patient', email: 'grace@patient.example', phone });

  it.each([
    ['07700 900123', '+447700900123'],
    ['+44 7700 900123', '+447700900123'],
    ['020 7946 0000', '+442079460000'],
    ['+1 202 555 0143', '+12025550143'],
  ])('stores %j as %s', (phone, e164) => {
    expect(payer(phone).data?.phone).toBe(e164);
  });

  it.each([
    ['  ask for reception  ', 'ask for reception'],
    ['12345', '12345'],
    ['+123 456 7890', '+123 456 7890'],
    ['020 7946 0000 ext 12', '020 7946 0000 ext 12'],
  ])('keeps %j as typed, trimmed, when it does not read as a number', (phone, kept) => {
    const result = payer(phone);
    expect(result.success).toBe(true);
    expect(result.data?.phone).toBe(kept);
  });

  it('treats a blank phone as none', () => {
    for (const blank of ['', '  ', null, undefined]) expect(payer(blank).data?.phone).toBeNull();
  });

  it('normalises the checkout request the server receives the same way', () => {
    const result = checkoutRequestSchema.safeParse({
      name: 'Grace Patient',
      email: 'grace@patient.example',
      phone: '07700 900123',
      attemptId: '11111111-1111-4111-8111-111111111111',
    });
    expect(result.data?.phone).toBe('+447700900123');
  });
});
