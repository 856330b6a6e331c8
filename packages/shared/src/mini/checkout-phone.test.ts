import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkoutRequestSchema, payerDetailsSchema, rememberedPayerSchema } from './checkout.js';

// The payment form's phone is optional and unchecked by the payment form rules
// (docs/product.md#validation): it is tidied, never refused. The browser only trims it; the server puts
// it in E.164 (apps/server checkout routes, decision 0112).
describe('the payment form phone (decisions 0018, 0112)', () => {
  const payer = (phone: string | null | undefined) =>
    payerDetailsSchema.safeParse({ name: 'Grace Patient', email: 'grace@patient.example', phone });

  it.each([
    ['07700 900123', '07700 900123'],
    ['  +44 7700 900123 ', '+44 7700 900123'],
    ['  ask for reception  ', 'ask for reception'],
    ['12345', '12345'],
    ['020 7946 0000 ext 12', '020 7946 0000 ext 12'],
  ])('accepts %j as typed, trimmed', (phone, kept) => {
    const result = payer(phone);
    expect(result.success).toBe(true);
    expect(result.data?.phone).toBe(kept);
  });

  it('treats a blank phone as none', () => {
    for (const blank of ['', '  ', null, undefined]) expect(payer(blank).data?.phone).toBeNull();
  });

  it('refuses only a phone longer than 30 characters, with the spec message', () => {
    const result = payer('0'.repeat(31));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid phone number');
  });

  it('gives the checkout request the same rules, plus the attempt id', () => {
    const result = checkoutRequestSchema.safeParse({
      name: 'Grace Patient',
      email: 'grace@patient.example',
      phone: ' 07700 900123 ',
      attemptId: '11111111-1111-4111-8111-111111111111',
    });
    expect(result.data?.phone).toBe('07700 900123');
    expect(checkoutRequestSchema.safeParse({ ...result.data, attemptId: 'x' }).success).toBe(false);
  });
});

describe('the payer as the payment page keeps it in the tab (decision 0024)', () => {
  it('reads back every set of details the payment form takes, unchanged, and nothing of another shape', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 3, maxLength: 40 }).filter((name) => name.trim().length >= 3),
        fc.emailAddress(),
        fc.option(fc.string({ maxLength: 30 }), { nil: null }),
        (name, email, phone) => {
          const details = payerDetailsSchema.safeParse({ name, email, phone });
          if (!details.success) return;
          expect(rememberedPayerSchema.parse(details.data)).toEqual(details.data);
        },
      ),
    );
    expect(rememberedPayerSchema.safeParse({ name: 'Ada', email: 'ada@example.com' }).success).toBe(false);
  });
});
