/**
 * One email rule (docs/decisions/0118-one-email-rule.md): every schema that takes an email address
 * takes the same ones, so a request can always be paid by the address it was sent to.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clinicInvitationSchema } from '../admin.js';
import { emailRequestSchema } from '../auth.js';
import { clinicProfileUpdateSchema } from '../clinic-profile.js';
import { contactRequestSchema } from '../contact.js';
import { sendPaymentRequestSchema } from '../payment-requests.js';
import { payerDetailsSchema } from './checkout.js';
import { EMAIL_MAX_LENGTH } from './email-field.js';

/** Whether each email field takes `email`: the request's, the payer's, an account's, the contact form's, a clinic's and an invitation's. */
function takenBy(email: string) {
  return {
    request: sendPaymentRequestSchema.safeParse({
      patientName: 'Ada',
      patientEmail: email,
      customAmount: 5000,
    }).success,
    payer: payerDetailsSchema.safeParse({ name: 'Ada Patient', email }).success,
    account: emailRequestSchema.safeParse({ email }).success,
    contact: contactRequestSchema.safeParse({ name: 'Ada', email, subject: 'Hello', message: 'Hello there' })
      .success,
    clinic: clinicProfileUpdateSchema.safeParse({ email }).success,
    invitation: clinicInvitationSchema.safeParse({ clinicName: 'Harley', email }).success,
  };
}

const allTake = (taken: boolean) => ({
  request: taken,
  payer: taken,
  account: taken,
  contact: taken,
  clinic: taken,
  invitation: taken,
});

describe('the one email rule', () => {
  it('is the same everywhere for addresses people type', () => {
    for (const email of ['ada@patient.example', ' Ada.Lovelace+clinic@Example.co.uk ', "o'neil@clinic.org"])
      expect(takenBy(email), email).toEqual(allTake(true));
    // What the request form's old pattern took but the payment form refused: now refused by both.
    for (const email of [
      'ada@patient.c',
      'ada@@patient.example',
      'ada@patient..example',
      'ada patient@x.com',
    ])
      expect(takenBy(email), email).toEqual(allTake(false));
    const longest = `${'a'.repeat(EMAIL_MAX_LENGTH - '@clinic.org'.length)}@clinic.org`;
    expect(takenBy(longest).payer).toBe(takenBy(longest).request);
    expect(takenBy(`a${longest}`)).toEqual(allTake(false));
  });

  it('never lets a request go to an address the payment form refuses, whatever is typed', () => {
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string({ maxLength: 60 })), (email) => {
        const taken = takenBy(email);
        expect(taken.request).toBe(taken.payer);
        expect(taken.account).toBe(taken.payer);
        expect(taken.contact).toBe(taken.payer);
      }),
      { numRuns: 300 },
    );
  });
});
