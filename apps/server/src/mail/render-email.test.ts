import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderEmail } from './render-email.js';
import { PasswordResetEmail } from './templates/password-reset-email.js';
import { VerificationEmail } from './templates/verification-email.js';

const LINK = 'https://pay.example.com/verify-email?token=abc&userId=u-1';

describe('renderEmail', () => {
  it('renders an element to a full document and a plain text that keeps a heading in its own case', async () => {
    const hostile = '<b>Soho</b> Physio & "Co"';
    const { html, text } = await renderEmail(
      createElement(
        'html',
        { lang: 'en-GB' },
        createElement('body', null, createElement('h1', null, hostile), createElement('p', null, hostile)),
      ),
    );
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain('<html lang="en-GB">');
    expect(html).not.toContain('<b>Soho</b>');
    expect(html).toContain('<h1>&lt;b&gt;Soho&lt;/b&gt; Physio &amp; &quot;Co&quot;</h1>');
    expect(text).toBe(`${hostile}\n\n${hostile}`);
  });
});

describe('the ClinicPay layout', () => {
  it('is a full en-GB document with ClinicPay at the top and the foot, and the heading', async () => {
    const { html } = await renderEmail(createElement(VerificationEmail, { link: LINK }));
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain('<html dir="ltr" lang="en-GB">');
    expect(html).toContain('<meta name="color-scheme" content="light"/>');
    expect(html).toContain('<title>Verify your email address</title>');
    expect(html).toContain('Verify your email address</h1>');
    expect(html.match(/>ClinicPay<\/p>/g)).toHaveLength(2);
    // WCAG AA colours on white, as layout.tsx: brand teal, slate ink and muted slate.
    expect(html).toContain('color:#0f766e');
    expect(html).toContain('color:#0f172a');
    expect(html).toContain('color:#475569');
    expect(html).toContain(`href="${LINK.replace('&', '&amp;')}"`);
    expect(html).toContain(`copy this address into your browser: <!-- -->${LINK.replace('&', '&amp;')}`);
  });

  it('gives a plain text with ClinicPay first and last and each link once, in full, after its words', async () => {
    for (const element of [
      createElement(VerificationEmail, { link: LINK }),
      createElement(PasswordResetEmail, { link: LINK }),
    ]) {
      const { text } = await renderEmail(element);
      expect(text.startsWith('ClinicPay\n')).toBe(true);
      expect(text.endsWith('\nClinicPay')).toBe(true);
      expect(text).not.toMatch(/VERIFY|RESET/);
      // The preview line and the copy-this-address line are for the HTML only.
      expect(text).not.toContain('If the button does not work');
      expect(text).not.toContain('for your ClinicPay account.');
      expect(text.split(LINK)).toHaveLength(2);
    }
    const { text } = await renderEmail(createElement(PasswordResetEmail, { link: LINK }));
    expect(text).toContain('Reset your password');
    expect(text).toContain(`Set a new password ${LINK}`);
  });
});
