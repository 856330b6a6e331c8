import { describe, expect, it } from 'vitest';
import {
  CUSTOM_REQUEST_TITLE,
  defaultNoticeMessage,
  REQUEST_MESSAGES,
  requestTerms,
  sendPaymentRequestSchema,
} from './payment-requests.js';
import { PHONE_PATTERN } from './phone.js';

describe('the send-link phone pattern (docs/product.md#validation)', () => {
  it('takes an optional +, two 3-digit groups and a 4 to 6 digit group, with optional separators', () => {
    for (const phone of ['07700900123', '+447700900123', '555-123-4567', '555.123.456789', '555 123 4567']) {
      expect(PHONE_PATTERN.test(phone)).toBe(true);
    }
    for (const phone of ['12345', '555-123-456', '555-123-4567890', '++5551234567', 'phone']) {
      expect(PHONE_PATTERN.test(phone)).toBe(false);
    }
  });
});

describe('the Send Link phone (docs/product.md#validation, decision 0018)', () => {
  const request = (patientPhone: string | null | undefined) =>
    sendPaymentRequestSchema.safeParse({
      patientName: 'Grace Patient',
      patientEmail: 'grace@patient.example',
      patientPhone,
      customAmount: 500,
    });
  const stored = (patientPhone: string) => request(patientPhone).data?.patientPhone;

  it('stores UK numbers as people write them in E.164', () => {
    expect(stored('07700 900123')).toBe('+447700900123');
    expect(stored('+44 7700 900123')).toBe('+447700900123');
    expect(stored('020 7946 0000')).toBe('+442079460000');
    expect(stored(' (020) 7946-0000 ')).toBe('+442079460000');
  });

  it('still accepts everything the spec pattern accepts, in its best form', () => {
    expect(stored('07700900123')).toBe('+447700900123');
    expect(stored('+123 456 7890')).toBe('+1234567890');
    expect(stored('555.123.456789')).toBe('555123456789');
  });

  it('accepts its own answer unchanged, as the server re-checks what the form sends', () => {
    expect(stored('+447700900123')).toBe('+447700900123');
  });

  it('treats a blank phone as none', () => {
    for (const blank of ['', '   ', null, undefined]) expect(request(blank).data?.patientPhone).toBeNull();
  });

  it.each([['12345'], ['07700 90012'], ['abc'], ['020 7946 0000 ext 12'], ['0'.repeat(31)]])(
    'refuses %j with the spec message on the phone',
    (phone) => {
      const result = request(phone);
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: ['patientPhone'], message: REQUEST_MESSAGES.invalidPhone }),
      ]);
    },
  );
});

describe("a request's terms (docs/product.md#states-payment-request)", () => {
  const link = { amount: 4500, title: 'Initial Consultation', type: 'consultation' as const };

  it("takes the link's amount, title and type", () => {
    expect(requestTerms({ customAmount: null }, link)).toEqual({
      amount: 4500,
      title: 'Initial Consultation',
      type: 'consultation',
    });
  });

  it("takes a custom amount as a 'Custom Payment Request' of type other", () => {
    expect(requestTerms({ customAmount: 1999 }, null)).toEqual({
      amount: 1999,
      title: 'Custom Payment Request',
      type: 'other',
    });
  });

  it('has no amount when neither gives one, so it cannot be paid', () => {
    expect(requestTerms({ customAmount: null }, null).amount).toBeNull();
  });
});

describe("a notice's default message (docs/product.md#constants, decision 0096)", () => {
  it("names the title, and never a custom request's placeholder", () => {
    expect(defaultNoticeMessage('Hygiene appointment')).toBe('Payment for Hygiene appointment');
    expect(defaultNoticeMessage(CUSTOM_REQUEST_TITLE)).toBe('Payment request');
    expect(defaultNoticeMessage('Hygiene appointment', 'refund')).toBe('Refund for Hygiene appointment');
    expect(defaultNoticeMessage(CUSTOM_REQUEST_TITLE, 'refund')).toBe('Refund');
  });
});
