import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canTakeTexts,
  formatPhone,
  normaliseSendLinkPhone,
  PHONE_PATTERN,
  phoneAsDialledFromUk,
  toE164,
} from './phone.js';

describe('toE164: phone numbers as people write them (decision 0018)', () => {
  it.each([
    // The three numbers decision 0018 starts from.
    ['07700 900123', '+447700900123'],
    ['+44 7700 900123', '+447700900123'],
    ['020 7946 0000', '+442079460000'],
    // UK numbers in the other ways people write them.
    ['07700900123', '+447700900123'],
    ['07700-900-123', '+447700900123'],
    ['0044 7700 900123', '+447700900123'],
    ['+44 (0) 7911 123456', '+447911123456'],
    ['(020) 7946 0000', '+442079460000'],
    ['020 7946 0000 ', '+442079460000'],
    ['07700\u00a0900123', '+447700900123'], // pasted with a no-break space
    ['020\t7946\t0000', '+442079460000'],
    ['0161 496 0000', '+441614960000'],
    ['0800 123 4567', '+448001234567'],
    // Other countries, with + and their code.
    ['+1 202 555 0143', '+12025550143'],
    ['+33 1 23 45 67 89', '+33123456789'],
    ['+353 1 234 5678', '+35312345678'],
    // Digits without 0 or + are a UK number without its 0, when that is valid.
    ['123-456-7890', '+441234567890'],
  ])('reads %j as %s', (text, e164) => {
    expect(toE164(text)).toBe(e164);
  });

  it.each([
    ['abc'],
    ['12'],
    [''],
    ['07700 90012'], // a digit short
    ['07700 9001234'], // a digit over
    ['+44 7700 90012'],
    ['020 7946 0000 ext 12'], // E.164 has no room for an extension
    ['call 020 7946 0000'],
    ['++447700900123'],
    ['+123 456 7890'], // the spec takes it, but it is no number: see normaliseSendLinkPhone
  ])('refuses %j', (text) => {
    expect(toE164(text)).toBeNull();
  });

  it('answers only E.164, which both rules read back unchanged', () => {
    const phoneish = fc.string({ unit: fc.constantFrom(...'0123456789+ ()-.'.split('')), maxLength: 20 });
    fc.assert(
      fc.property(phoneish, (text) => {
        const e164 = toE164(text);
        if (e164 === null) return;
        expect(e164).toMatch(/^\+[1-9]\d{1,14}$/);
        expect(toE164(e164)).toBe(e164);
        expect(normaliseSendLinkPhone(e164)).toBe(e164);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('normaliseSendLinkPhone: the Send Link rule, with docs/product.md#validation as its floor', () => {
  it.each([
    ['07700 900123', '+447700900123'],
    ['+44 7700 900123', '+447700900123'],
    ['020 7946 0000', '+442079460000'],
    // The spec's own examples, kept: '+' and the digits when it began with +...
    ['+123 456 7890', '+1234567890'],
    ['+123.456.789012', '+123456789012'],
    // ...a possible UK number in E.164...
    ['077 009 0012', '+44770090012'],
    ['123-456-7890', '+441234567890'],
    // ...and otherwise the digits, as the spec stored them.
    ['555.123.456789', '555123456789'],
    ['004 380 0000', '0043800000'], // not '+43800000': 00 is not read, so the answer reads back
    [' 555 123 4567 ', '+445551234567'],
  ])('stores %j as %s', (text, stored) => {
    expect(normaliseSendLinkPhone(text)).toBe(stored);
  });

  it.each([
    ['abc'],
    ['12'],
    ['12345'],
    ['07700 90012'],
    ['555-123-456'],
    ['555-123-4567890'],
    ['++5551234567'],
  ])('refuses %j', (text) => {
    expect(normaliseSendLinkPhone(text)).toBeNull();
  });

  it('accepts whatever the spec pattern accepts, and accepts its own answer unchanged', () => {
    fc.assert(
      fc.property(fc.stringMatching(PHONE_PATTERN), (text) => {
        const stored = normaliseSendLinkPhone(text);
        expect(stored).toMatch(/^\+?\d+$/);
        expect(normaliseSendLinkPhone(stored ?? '')).toBe(stored);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatPhone', () => {
  it('spaces a number it can read and leaves other stored forms alone', () => {
    expect(formatPhone('+447700900123')).toBe('+44 7700 900123');
    expect(formatPhone('+442079460000')).toBe('+44 20 7946 0000');
    expect(formatPhone('+1234567890')).toBe('+1234567890');
    expect(formatPhone('555123456789')).toBe('555123456789');
  });
});

describe('phoneAsDialledFromUk: phones in the CSV report (decision 0097)', () => {
  it('writes UK numbers nationally and others with the international prefix, never with a leading +', () => {
    expect(phoneAsDialledFromUk('+447700900123')).toBe('07700 900123');
    expect(phoneAsDialledFromUk('07700900123')).toBe('07700 900123');
    expect(phoneAsDialledFromUk('+33612345678')).toBe('00 33 6 12 34 56 78');
    expect(phoneAsDialledFromUk('+12025550143')).toBe('00 1 202 555 0143');
    expect(phoneAsDialledFromUk('555123456789')).toBe('555123456789');
  });
});

describe("canTakeTexts: where a clinic's payment notices may be texted", () => {
  it('refuses landlines and service numbers, and takes mobiles and numbers of unknown type', () => {
    expect(canTakeTexts('+442079460000')).toBe(false);
    expect(canTakeTexts('02079460000')).toBe(false);
    expect(canTakeTexts('+447911123456')).toBe(true);
    expect(canTakeTexts('+447700900123')).toBe(true);
  });
});
