import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CARD_MESSAGES,
  checkCardNumber,
  checkCvc,
  checkExpiry,
  formatCardNumber,
  formatCvc,
  formatExpiry,
} from './card-entry';

describe('formatting as the patient types or pastes (decision 0024)', () => {
  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242 4242 4242 4242', '4242 4242 4242 4242'],
    ['4242-4242-4242-4242', '4242 4242 4242 4242'],
    ['42424', '4242 4'],
    ['378282246310005', '3782 822463 10005'],
    ['3782822463100059999', '3782 822463 10005'],
  ])('the card number %s shows as %s', (typed, shown) => {
    expect(formatCardNumber(typed)).toBe(shown);
  });

  it.each([
    ['1', '1'],
    ['12', '12'],
    ['123', '12 / 3'],
    ['1234', '12 / 34'],
    ['12345', '12 / 34'],
    ['4', '04'],
    ['12/34', '12 / 34'],
    ['1/34', '01 / 34'],
    ['12/2034', '12 / 34'],
    ['12 / ', '12'],
    ['12 / 3', '12 / 3'],
  ])('the expiry %s shows as %s', (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });

  it('caps the CVC at the brand’s length: 3 for Visa, 4 for American Express', () => {
    expect(formatCvc('12345', '4242 4242 4242 4242')).toBe('123');
    expect(formatCvc('12345', '3782 822463 10005')).toBe('1234');
  });
});

describe('checking each part before any request (decision 0024)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('takes a test card with a right Luhn digit', () => {
    expect(checkCardNumber('4242 4242 4242 4242')).toMatchObject({ complete: true, message: null });
    expect(checkCardNumber('4000 0000 0000 0002').complete).toBe(true);
  });

  it('refuses a wrong Luhn digit at once, and a short number as incomplete', () => {
    expect(checkCardNumber('4242 4242 4242 4241')).toEqual({
      complete: false,
      message: CARD_MESSAGES.numberInvalid,
      definite: true,
    });
    expect(checkCardNumber('4242 4242')).toEqual({
      complete: false,
      message: CARD_MESSAGES.numberIncomplete,
      definite: false,
    });
    expect(checkCardNumber('9999')).toMatchObject({ message: CARD_MESSAGES.numberInvalid, definite: true });
    expect(checkCardNumber('')).toMatchObject({ message: CARD_MESSAGES.numberEmpty, definite: false });
  });

  it.each([
    ['00 / 30', CARD_MESSAGES.expiryMonth],
    ['13', CARD_MESSAGES.expiryMonth],
    ['10 / 26', CARD_MESSAGES.expiryPast],
    ['01 / 25', CARD_MESSAGES.expiryPast],
    ['12 / 99', CARD_MESSAGES.expiryYear],
  ])('refuses the expiry %s at once: %s', (expiry, message) => {
    expect(checkExpiry(expiry)).toEqual({ complete: false, message, definite: true });
  });

  it('takes this month and later; an unfinished expiry is incomplete', () => {
    expect(checkExpiry('11 / 26').complete).toBe(true);
    expect(checkExpiry('12 / 34').complete).toBe(true);
    expect(checkExpiry('12 / 3')).toMatchObject({ message: CARD_MESSAGES.expiryIncomplete, definite: false });
    expect(checkExpiry('')).toMatchObject({ message: CARD_MESSAGES.expiryEmpty });
  });

  it('wants as many CVC digits as the brand has', () => {
    expect(checkCvc('123', '4242 4242 4242 4242').complete).toBe(true);
    expect(checkCvc('123', '3782 822463 10005')).toMatchObject({ message: CARD_MESSAGES.cvcIncomplete });
    expect(checkCvc('1234', '3782 822463 10005').complete).toBe(true);
    expect(checkCvc('', '4242')).toMatchObject({ message: CARD_MESSAGES.cvcEmpty });
  });
});
