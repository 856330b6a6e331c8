import { describe, expect, it } from 'vitest';
import {
  type DisputeMailFacts,
  disputeNoticeEmail,
  disputeReminderEmail,
  formatDeadline,
  fraudWarningEmail,
} from './emails.js';

const URL = 'https://pay.example.com/dashboard/disputes/5b0f3c1e-6a2d-4f8e-9b7c-1d3e5f7a9c2b?from=email&x=1';
const HOSTILE_PATIENT = '<b>Ada</b> "Patient"';
const ESCAPED_PATIENT = '&lt;b&gt;Ada&lt;/b&gt; &quot;Patient&quot;';
const firstUrl = (text: string) => /https?:\/\/[^\s<>"']+/.exec(text)?.[0];

function facts(overrides: Partial<DisputeMailFacts> = {}): DisputeMailFacts {
  return {
    to: 'desk@clinic.example',
    patientName: HOSTILE_PATIENT,
    paymentReference: 'CP-7K2M9QX4',
    amount: 4500,
    reason: 'fraudulent',
    fee: 2000,
    evidenceDueBy: new Date('2026-12-11T23:59:00Z'),
    inquiry: false,
    url: URL,
    ...overrides,
  };
}

/** What every converted dispute email holds: a full en-GB document, the patient escaped, the link. */
function expectDocument(mail: { html?: string; text: string }) {
  expect(mail.html).toMatch(/^<!DOCTYPE html/);
  expect(mail.html).toContain('<html dir="ltr" lang="en-GB">');
  expect(mail.html).not.toContain('<b>Ada</b>');
  expect(mail.html).toContain(ESCAPED_PATIENT);
  expect(mail.html).toContain(`href="${URL.replaceAll('&', '&amp;')}"`);
  expect(firstUrl(mail.text)).toBe(URL);
}

describe('the dispute emails', () => {
  it('notice: the facts, the money taken and the fee, the London deadline, the link in full', async () => {
    const mail = await disputeNoticeEmail(facts());
    expect(mail).toMatchObject({
      to: 'desk@clinic.example',
      subject: 'A payment has been disputed: CP-7K2M9QX4',
    });
    expectDocument(mail);
    for (const line of [
      'A payment has been disputed to your clinic.',
      `Patient: ${HOSTILE_PATIENT}. Payment CP-7K2M9QX4, £45.00.`,
      "The bank's reason: The cardholder says they did not make this payment (fraud).",
      'The bank has taken £45.00 back from ClinicPay, so ClinicPay takes what you received for this payment back from your balance while the bank decides. The card provider charges a £20.00 dispute fee.',
      'Respond by Friday 11 December 2026 at 23:59. Without a response the bank decides against you.',
      `Respond to the dispute ${URL}`,
    ])
      expect(mail.text).toContain(line);
  });

  it('notice of an inquiry: no money taken yet, no deadline, an unknown reason as Other', async () => {
    const mail = await disputeNoticeEmail(
      facts({ inquiry: true, evidenceDueBy: null, reason: '<b>new_reason</b>' }),
    );
    expect(mail.subject).toBe('The patient’s bank has asked about a payment: CP-7K2M9QX4');
    expectDocument(mail);
    expect(mail.text).toContain('The patient’s bank has asked about a payment to your clinic.');
    expect(mail.text).toContain(
      'This is an inquiry: no money has been taken yet, but it may become a dispute.',
    );
    expect(mail.text).toContain('Respond as soon as you can.');
    // A reason code ClinicPay does not know is shown as 'Other', never as the provider sent it.
    expect(mail.text).toContain("The bank's reason: Other.");
    expect(mail.html).not.toContain('new_reason');
    expect(mail.text).not.toContain('dispute fee');
  });

  it('reminder: not yet answered, the same facts and link', async () => {
    const mail = await disputeReminderEmail(facts());
    expect(mail.subject).toBe('Reminder: respond to the dispute on CP-7K2M9QX4');
    expectDocument(mail);
    expect(mail.text).toContain('You have not yet responded to a dispute.');
    expect(mail.text).toContain(`Patient: ${HOSTILE_PATIENT}. Payment CP-7K2M9QX4, £45.00.`);
    expect(mail.text).toContain(`Respond to the dispute ${URL}`);
  });

  it('fraud warning: the payment, the amount left to refund, the offer and the link', async () => {
    const mail = await fraudWarningEmail({
      to: 'desk@clinic.example',
      patientName: HOSTILE_PATIENT,
      paymentReference: 'CP-7K2M9QX4',
      amount: 3250,
      url: URL,
    });
    expect(mail).toMatchObject({
      to: 'desk@clinic.example',
      subject: 'A payment may be fraudulent: CP-7K2M9QX4',
    });
    expectDocument(mail);
    expect(mail.text).toContain(
      `The card issuer has warned that the payment CP-7K2M9QX4 from ${HOSTILE_PATIENT} (£32.50) may have been made with a stolen or misused card.`,
    );
    expect(mail.text).toContain(
      'Refunding it in full now usually prevents a dispute and its fee. You can refund it with one click from your dashboard.',
    );
    expect(mail.text).toContain(`Open your dashboard ${URL}`);
  });

  it('writes a deadline in London time, summer time included', () => {
    expect(formatDeadline(new Date('2026-12-11T23:59:00Z'))).toBe('Friday 11 December 2026 at 23:59');
    expect(formatDeadline(new Date('2026-07-01T22:30:00Z'))).toBe('Wednesday 1 July 2026 at 23:30');
  });
});
