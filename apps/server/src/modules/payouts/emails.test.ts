import { describe, expect, it } from 'vitest';
import { payoutFailedEmail } from './emails.js';

const PUBLIC_URL = 'https://pay.example.com';
const firstUrl = (text: string) => /https?:\/\/[^\s<>"']+/.exec(text)?.[0];

describe('the failed payout email', () => {
  it('is a full en-GB document with the amount, the London date, the reason, the fix and the link', async () => {
    const mail = await payoutFailedEmail({
      to: 'desk@clinic.example',
      amount: 2910,
      // 00:30 on 1 April in London (summer time), still 31 March in UTC.
      created: new Date('2026-03-31T23:30:00Z'),
      failureCode: 'account_closed',
      publicUrl: PUBLIC_URL,
    });
    expect(mail).toMatchObject({
      to: 'desk@clinic.example',
      subject: 'A payout to your bank failed: £29.10',
    });
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain('<html dir="ltr" lang="en-GB">');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/dashboard/payouts"`);
    expect(firstUrl(mail.text)).toBe(`${PUBLIC_URL}/dashboard/payouts`);
    for (const line of [
      'Stripe could not pay this payout into your bank account. Payout of £29.10, made on 1 April 2026.',
      "The bank's reason: The bank account has been closed.",
      'Check or update your bank details in your Stripe dashboard (Open Stripe dashboard on the Payouts page).',
      `Open your Payouts page ${PUBLIC_URL}/dashboard/payouts`,
    ])
      expect(mail.text).toContain(line);
  });

  it('shows a failure code it does not know as the general reason, never as the provider sent it', async () => {
    const mail = await payoutFailedEmail({
      to: 'desk@clinic.example',
      amount: 100000,
      created: new Date('2026-01-15T12:00:00Z'),
      failureCode: '<b>odd_code</b>',
      publicUrl: PUBLIC_URL,
    });
    expect(mail.subject).toBe('A payout to your bank failed: £1,000.00');
    expect(mail.html).not.toContain('odd_code');
    expect(mail.text).not.toContain('odd_code');
    expect(mail.text).toContain("The bank's reason: The bank returned the payout.");
    expect(mail.text).toContain('Payout of £1,000.00, made on 15 January 2026.');
  });

  it('escapes the address the link is built on, in the attribute and the copy-this-address line', async () => {
    const mail = await payoutFailedEmail({
      to: 'desk@clinic.example',
      amount: 2910,
      created: new Date('2026-01-15T12:00:00Z'),
      failureCode: null,
      publicUrl: 'https://pay.example.com/"><b>x</b>',
    });
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).toContain(
      'href="https://pay.example.com/&quot;&gt;&lt;b&gt;x&lt;/b&gt;/dashboard/payouts"',
    );
    expect(mail.text).toContain('https://pay.example.com/"><b>x</b>/dashboard/payouts');
  });
});
