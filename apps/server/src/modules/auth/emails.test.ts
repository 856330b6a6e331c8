import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, signUp, uniqueEmail } from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { passwordResetEmail, verificationEmail } from './emails.js';

const RESET_SUBJECT = 'Reset your ClinicPay password';

const LINK = 'https://pay.example.com/verify-email?token=t0k3n&userId=4a6c1e2f-0b7d-4e59-9c3a-8f2d1b0e6a75';
const firstUrl = (text: string) => /https?:\/\/[^\s<>"']+/.exec(text)?.[0];

describe('the account emails', () => {
  it('verification: a full en-GB document with a button to the link, the link in full in the text', async () => {
    const mail = await verificationEmail('desk@clinic.example', LINK);
    expect(mail.to).toBe('desk@clinic.example');
    expect(mail.subject).toBe('Verify your ClinicPay email address');
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain('<html dir="ltr" lang="en-GB">');
    expect(mail.html).toContain(`href="${LINK.replace('&', '&amp;')}"`);
    expect(mail.html).toContain('>Verify email address</span>');
    expect(firstUrl(mail.text)).toBe(LINK);
    expect(mail.text).toContain(`Verify email address ${LINK}`);
    expect(mail.text).toContain(
      'Welcome to ClinicPay. Please confirm your email address to finish setting up your clinic account.',
    );
    expect(mail.text).toContain(
      'This link expires in 24 hours and can be used once. If you did not sign up, ignore this email.',
    );
  });

  it('password reset: a full en-GB document with a button to the link, the link in full in the text', async () => {
    const link = LINK.replace('verify-email', 'reset-password');
    const mail = await passwordResetEmail('desk@clinic.example', link);
    expect(mail.subject).toBe('Reset your ClinicPay password');
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain('<html dir="ltr" lang="en-GB">');
    expect(mail.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(firstUrl(mail.text)).toBe(link);
    expect(mail.text).toContain(`Set a new password ${link}`);
    expect(mail.text).toContain('We received a request to reset the password of your ClinicPay account.');
    expect(mail.text).toContain(
      'This link expires in 1 hour and can be used once. If you did not ask for this, ignore this email; your password stays the same.',
    );
  });

  it('escapes a link that carries markup, in the attribute and the copy-this-address line', async () => {
    const hostile = 'https://pay.example.com/verify-email?token="><b>x</b>&userId=1';
    for (const mail of [
      await verificationEmail('desk@clinic.example', hostile),
      await passwordResetEmail('desk@clinic.example', hostile),
    ]) {
      expect(mail.html).not.toContain('<b>x</b>');
      expect(mail.html).not.toContain('"><b>');
      expect(mail.html).toContain('href="https://pay.example.com/verify-email?token=&quot;&gt;&lt;b&gt;x');
      expect(mail.text).toContain(hostile);
    }
  });
});

describe('the account emails as sent', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('sign-up sends the verification email as HTML and text, both with the link', async () => {
    const email = uniqueEmail();
    const { verificationUrl } = (await signUp(app, email)).json();
    const mail = await lastMailTo(app, email);
    expect(mail?.subject).toBe('Verify your ClinicPay email address');
    expect(firstUrl(String(mail?.textBody))).toBe(verificationUrl);
    expect(mail?.htmlBody).toContain('<html dir="ltr" lang="en-GB">');
    expect(mail?.htmlBody).toContain(`href="${verificationUrl.replace('&', '&amp;')}"`);
  });

  it('forgot password sends the reset email, queued after the answer, as HTML and text', async () => {
    const email = uniqueEmail();
    await signUp(app, email);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
    });
    expect(response.statusCode).toBe(200);
    await expect
      // Built and queued after the answer, beside the sign-up's check: found by its subject.
      .poll(() => lastMailTo(app, email, RESET_SUBJECT).then((mail) => mail?.subject), { timeout: 15_000 })
      .toBe(RESET_SUBJECT);
    const mail = await lastMailTo(app, email, RESET_SUBJECT);
    const link = new URL(String(firstUrl(String(mail?.textBody))));
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('token')).toBeTruthy();
    expect(mail?.htmlBody).toContain('<html dir="ltr" lang="en-GB">');
    expect(mail?.htmlBody).toContain(`href="${link.href.replace('&', '&amp;')}"`);
  });
});
