import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { statementNameSchema } from '../clinic-profile.js';
import {
  canTakePayments,
  cardStatementText,
  defaultStatementName,
  requirementLabels,
  STATEMENT_NAME_MAX_LENGTH,
  statementSuffix,
} from './provider-account.js';

describe('statement names (decision 0082)', () => {
  it('leaves 11 characters after CLINICPAY* and a space, 22 in all', () => {
    expect(STATEMENT_NAME_MAX_LENGTH).toBe(11);
    expect(cardStatementText('SMITH DENT')).toBe('CLINICPAY* SMITH DENT');
    expect(cardStatementText('ABCDEFGHIJK').length).toBe(22);
    expect(cardStatementText(null)).toBe('CLINICPAY');
  });

  it('makes a default from the clinic name: accents off, refused characters out, cut at a word', () => {
    expect(defaultStatementName('Harley Street Dental')).toBe('HARLEY');
    expect(defaultStatementName('Zoë’s "Best" <Clinic>')).toBe('ZOE S BEST');
    expect(defaultStatementName('Skin & Co')).toBe('SKIN & CO');
    expect(defaultStatementName('12345')).toBeNull();
    expect(defaultStatementName(null)).toBeNull();
    expect(statementSuffix({ statementName: 'Smith dent', clinicName: 'Other' })).toBe('SMITH DENT');
  });

  it('gives a remembered name the same answer, also after more names than it remembers', () => {
    expect(defaultStatementName('Zoë’s Clinic')).toBe('ZOE S');
    expect(defaultStatementName('12345')).toBeNull();
    for (let index = 0; index < 2500; index += 1) {
      expect(defaultStatementName(`Clinic ${index}`)).toBe(`CLINIC ${index}`);
    }
    expect(defaultStatementName('Zoë’s Clinic')).toBe('ZOE S');
    expect(defaultStatementName('12345')).toBeNull();
    expect(defaultStatementName('Clinic 7')).toBe('CLINIC 7');
  });

  it('always makes a default Stripe accepts, whatever the clinic is called', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (name) => {
        const made = defaultStatementName(name);
        if (made !== null) expect(statementNameSchema.safeParse(made).success).toBe(true);
      }),
    );
  });

  it("refuses what Stripe refuses, each with the field's message", () => {
    const message = (value: string) => statementNameSchema.safeParse(value).error?.issues[0]?.message;
    expect(message('Smith*Dent')).toBe('These characters are not allowed: < > \\ \' " *');
    expect(message('Smith Dentál')).toBe('Use Latin letters, numbers and spaces only');
    expect(message('12345')).toBe('Include at least one letter');
    expect(message('Smith Dental Practice')).toBe('Keep it to 11 characters or fewer');
    expect(statementNameSchema.parse('  ')).toBeNull();
    expect(statementNameSchema.parse(' Smith   Dent ')).toBe('Smith Dent');
  });
});

describe('provider statuses and requirements (decision 0080)', () => {
  it('takes payments only when connected or asked for more', () => {
    expect(
      (
        [
          'connected',
          'action_needed',
          'pending',
          'verifying',
          'restricted',
          'rejected',
          'not_connected',
        ] as const
      ).filter(canTakePayments),
    ).toEqual(['connected', 'action_needed']);
  });

  it("names Stripe's requirement ids in plain English, once each", () => {
    expect(
      requirementLabels([
        'individual.dob.day',
        'individual.dob.month',
        'external_account',
        'individual.verification.additional_document',
        'person_1ABC.relationship.title',
        'something.new',
      ]),
    ).toEqual([
      'Date of birth',
      'Bank account for payouts',
      'Proof of address',
      'Details of a person at the business',
      'Other business details',
    ]);
  });
});

describe('the one card fee table (decisions 0084, 0085)', () => {
  it('quotes what the sandbox charges', async () => {
    const { CARD_FEE_TEXT } = await import('../product.js');
    const { ADMIN_MESSAGES } = await import('../admin.js');
    const { cardFeeFor } = await import('../card-fees.js');
    expect(CARD_FEE_TEXT.all).toBe(
      '1.5% + 20p for standard UK cards, 1.9% + 20p for premium UK cards, 2.5% + 20p for EEA cards and 3.25% + 20p for international cards',
    );
    expect(ADMIN_MESSAGES.feeExplanation[1]).toContain(CARD_FEE_TEXT.all);
    // Stripe's UK prices since 10 April 2023 (decision 0085).
    expect(cardFeeFor(10_000, 'GB')).toBe(170);
    expect(cardFeeFor(10_000, 'GB', true)).toBe(210);
    expect(cardFeeFor(10_000, 'IE')).toBe(270);
    expect(cardFeeFor(10_000, 'US')).toBe(345);
    // 3.25% of £45 is 146.25p → 146p; 1.5% of £45 is 67.5p → 68p.
    expect(cardFeeFor(4500, 'US')).toBe(166);
    expect(cardFeeFor(4500, 'GB')).toBe(88);
  });
});
