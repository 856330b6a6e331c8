/**
 * One rule per field (docs/decisions/0120-one-rule-per-field.md): every schema that takes an amount in
 * pence, a name or a phone reads it with the fields of fields.ts, so the forms agree with each other and
 * with the server on what they take; only their messages and bounds differ.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clinicInvitationSchema } from '../admin.js';
import { signUpRequestSchema } from '../auth.js';
import { contactRequestSchema } from '../contact.js';
import {
  BELOW_MIN_CHARGE,
  createPaymentLinkSchema,
  LINK_MESSAGES,
  MIN_CHARGE_PENCE,
} from '../payment-links.js';
import { REQUEST_MESSAGES, sendPaymentRequestSchema } from '../payment-requests.js';
import { createRefundBodySchema, REFUND_MESSAGES } from '../refunds.js';
import { chargeSavedCardSchema } from '../saved-cards.js';
import { payerDetailsSchema } from './checkout.js';
import { NAME_MAX_LENGTH, nameField, PHONE_MAX_LENGTH, penceField } from './fields.js';

const link = (amount: unknown) => createPaymentLinkSchema.safeParse({ title: 'Consultation', amount });
const request = (fields: Record<string, unknown>) =>
  sendPaymentRequestSchema.safeParse({ patientName: 'Ada', patientEmail: 'ada@example.com', ...fields });
const refund = (amount: unknown) => createRefundBodySchema.safeParse({ amount });
const charge = (amount: unknown) => chargeSavedCardSchema.safeParse({ kind: 'no_show_fee', amount });
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('the pence field', () => {
  it('takes the same whole amounts on every form that charges, from the £0.30 minimum up', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN_CHARGE_PENCE, max: 10_000_000 }), (pence) => {
        expect(link(pence).success).toBe(true);
        expect(request({ customAmount: pence }).success).toBe(true);
        expect(charge(pence).success).toBe(true);
        expect(refund(pence).success).toBe(true);
      }),
    );
  });

  it('refuses a part of a penny, zero, a negative amount or not a number everywhere, each with its form’s words', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: 0.01, max: 1e6, noInteger: true }),
          fc.integer({ max: 0 }),
          fc.constant(Number.NaN),
          fc.constant('5000'),
        ),
        (amount) => {
          expect(firstMessage(link(amount))).toBe(LINK_MESSAGES.invalidAmount);
          expect(firstMessage(request({ customAmount: amount }))).toBe(REQUEST_MESSAGES.invalidAmount);
          expect(firstMessage(refund(amount))).toBe(REFUND_MESSAGES.invalidAmount);
          expect(charge(amount).success).toBe(false);
        },
      ),
    );
  });

  it('says the minimum for a charge under £0.30, which a refund may be', () => {
    for (const pence of [1, MIN_CHARGE_PENCE - 1]) {
      expect(firstMessage(link(pence))).toBe(BELOW_MIN_CHARGE);
      expect(firstMessage(request({ customAmount: pence }))).toBe(BELOW_MIN_CHARGE);
      expect(refund(pence).success).toBe(true);
    }
  });

  it('uses its own message when the amount is missing, and its bounds as given', () => {
    expect(firstMessage(link(undefined))).toBe(LINK_MESSAGES.requiredFields);
    const field = penceField(
      { invalid: 'Bad', missing: 'Missing', belowMinimum: 'Low' },
      { min: 100, max: 200 },
    );
    expect(field.safeParse(null).error?.issues[0]?.message).toBe('Missing');
    expect(field.safeParse(99).error?.issues[0]?.message).toBe('Low');
    expect(field.safeParse(201).error?.issues[0]?.message).toBe('Bad');
    expect(field.safeParse(150).data).toBe(150);
  });
});

describe('the name field', () => {
  /** Whether each name field takes `name`: the request's patient, the payer, a sign-up's and an invitation's clinic, the contact form's. */
  const takenBy = (name: string) => ({
    patient: request({ patientName: name, customAmount: 5000 }).success,
    payer: payerDetailsSchema.safeParse({ name, email: 'ada@example.com' }).success,
    signUp: signUpRequestSchema.safeParse({
      clinicName: name,
      email: 'owner@example.com',
      password: 'a-long-password-1',
      confirmPassword: 'a-long-password-1',
      agreeTerms: true,
    }).success,
    invitation: clinicInvitationSchema.safeParse({ clinicName: name, email: 'owner@example.com' }).success,
    contact: contactRequestSchema.safeParse({
      name,
      email: 'ada@example.com',
      subject: 'Hi',
      message: 'Hello',
    }).success,
  });
  const all = (taken: boolean) => ({
    patient: taken,
    payer: taken,
    signUp: taken,
    invitation: taken,
    contact: taken,
  });

  it('takes the same names everywhere: trimmed, three characters to 200 (the payer’s floor is the highest)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 3, maxLength: NAME_MAX_LENGTH }).filter((name) => name.trim().length >= 3),
        fc.constantFrom('', ' ', '\t'),
        (name, padding) => {
          expect(takenBy(`${padding}${name}${padding}`)).toEqual(all(true));
        },
      ),
    );
  });

  it('refuses a blank name and one over 200 characters everywhere', () => {
    expect(takenBy('   ')).toEqual(all(false));
    expect(takenBy('A'.repeat(NAME_MAX_LENGTH + 1))).toEqual(all(false));
    expect(nameField({ missing: 'Missing' }).safeParse('  Ada  ').data).toBe('Ada');
  });
});

describe('the phone field', () => {
  const payerPhone = (phone: unknown) =>
    payerDetailsSchema.safeParse({ name: 'Ada', email: 'a@example.com', phone });
  const requestPhone = (phone: unknown) => request({ customAmount: 5000, patientPhone: phone });

  it('reads blank as no phone on both forms, and refuses the same over-long text', () => {
    for (const blank of [undefined, null, '', '   ']) {
      expect(payerPhone(blank).data?.phone).toBeNull();
      expect(requestPhone(blank).data?.patientPhone).toBeNull();
    }
    const long = '0'.repeat(PHONE_MAX_LENGTH + 1);
    expect(payerPhone(long).success).toBe(false);
    expect(firstMessage(requestPhone(long))).toBe(REQUEST_MESSAGES.invalidPhone);
  });

  it('keeps the payer’s phone as typed and puts the request’s in E.164, refusing only there what is no number', () => {
    expect(payerPhone(' 07700 900123 ').data?.phone).toBe('07700 900123');
    expect(requestPhone(' 07700 900123 ').data?.patientPhone).toBe('+447700900123');
    expect(payerPhone('call me').data?.phone).toBe('call me');
    expect(firstMessage(requestPhone('call me'))).toBe(REQUEST_MESSAGES.invalidPhone);
  });
});
