import { describe, expect, it } from 'vitest';
import { PHONE_PATTERN } from './payment-requests.js';

describe('the send-link phone pattern (spec §5)', () => {
  it('takes an optional +, two 3-digit groups and a 4 to 6 digit group, with optional separators', () => {
    for (const phone of ['07700900123', '+447700900123', '555-123-4567', '555.123.456789', '555 123 4567']) {
      expect(PHONE_PATTERN.test(phone)).toBe(true);
    }
    for (const phone of ['12345', '555-123-456', '555-123-4567890', '++5551234567', 'phone']) {
      expect(PHONE_PATTERN.test(phone)).toBe(false);
    }
  });
});
