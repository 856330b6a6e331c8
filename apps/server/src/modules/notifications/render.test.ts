import { describe, expect, it } from 'vitest';
import { formatLondonDateTime } from './notice-view.js';
import { countSmsSegments, type NoticeContent, renderNoticeEmail, renderNoticeSms } from './render.js';

const PAYMENT_URL = 'http://localhost:3000/payment/3f1c9a52-7d4e-4b8a-9c1e-2a6b5d8e0f13?from=request&x=1';
const DASHBOARD_URL = 'http://localhost:3000/dashboard';

function notice(overrides: Partial<NoticeContent> = {}): NoticeContent {
  return {
    type: 'payment_request',
    recipient: 'patient',
    clinic: {
      name: 'Harley Street Skin',
      email: 'hello@harley.test',
      phone: '020 7946 0000',
      address: '1 Harley Street, London, W1G 9QD',
      logoUrl: null,
    },
    patient: { name: 'Jane Patient', email: 'jane@example.test', phone: '+447700900123' },
    amount: 12550,
    refundAmount: null,
    reference: null,
    description: 'Payment for Botox',
    paymentUrl: PAYMENT_URL,
    date: null,
    dashboardUrl: null,
    ...overrides,
  };
}

const paid = { reference: 'CP-7K2M9QX4', date: new Date('2026-11-23T17:05:00Z'), paymentUrl: null };
const receipt = notice({ type: 'payment_confirmation', ...paid, statementText: 'CLINICPAY* HARLEY SKIN' });
const clinicNotice = notice({
  type: 'payment_received',
  recipient: 'clinic',
  ...paid,
  dashboardUrl: DASHBOARD_URL,
});
const refund = notice({ type: 'refund_confirmation', ...paid, refundAmount: 5025 });

const firstUrl = (text: string) => /https?:\/\/[^\s<>"']+/.exec(text)?.[0];

describe('renderNoticeEmail', () => {
  it('asks for payment with a pay button, the full link first in the text, and the amount', async () => {
    const email = await renderNoticeEmail(notice());
    expect(email.subject).toBe('Payment request from Harley Street Skin');
    expect(firstUrl(email.text)).toBe(PAYMENT_URL);
    expect(email.text).toContain('£125.50');
    expect(email.text).toContain('Payment for Botox');
    expect(email.html).toContain(`href="${PAYMENT_URL.replace('&', '&amp;')}"`);
    expect(email.html).toContain('Pay <!-- -->£125.50<!-- --> securely');
    expect(email.html).toContain('<html dir="ltr" lang="en-GB">');
    expect(email.html).toContain('Sent by ClinicPay on behalf of <!-- -->Harley Street Skin');
  });

  it('gives the patient a receipt with clinic, amount, reference, London date and purpose', async () => {
    const email = await renderNoticeEmail(receipt);
    expect(email.subject).toBe('Payment receipt from Harley Street Skin');
    for (const line of [
      'Paid to: Harley Street Skin',
      'Amount: £125.50',
      'Reference: CP-7K2M9QX4',
      'Date: 23 November 2026, 17:05',
      'For: Payment for Botox',
      'On your card statement: CLINICPAY* HARLEY SKIN',
    ]) {
      expect(email.text).toContain(line);
    }
    expect(firstUrl(email.text)).toBeUndefined();
  });

  it('tells the clinic who paid, how much, the reference and links the dashboard', async () => {
    const email = await renderNoticeEmail(clinicNotice);
    expect(email.subject).toBe('Payment received: £125.50 from Jane Patient');
    for (const line of [
      'Patient: Jane Patient',
      'Email: jane@example.test',
      // As the CSV writes it: dialled from the UK.
      'Phone: 07700 900123',
      'Amount: £125.50',
      'Reference: CP-7K2M9QX4',
      'Date: 23 November 2026, 17:05',
    ]) {
      expect(email.text).toContain(line);
    }
    expect(firstUrl(email.text)).toBe(DASHBOARD_URL);
    expect(email.html).toContain(`href="${DASHBOARD_URL}"`);
  });

  it('tells the patient the amount refunded, the original amount and the reference', async () => {
    const email = await renderNoticeEmail(refund);
    expect(email.subject).toBe('Refund from Harley Street Skin');
    expect(email.text).toContain('Amount refunded: £50.25');
    expect(email.text).toContain('Original payment: £125.50');
    expect(email.text).toContain('Reference: CP-7K2M9QX4');
    expect(email.text).toContain('Refunded on: 23 November 2026, 17:05');
  });

  it('escapes user text in the html and never lets it add markup', async () => {
    const hostile = '<script>alert("x")</script>';
    for (const content of [notice(), receipt, clinicNotice, refund]) {
      const email = await renderNoticeEmail({
        ...content,
        patient: { ...content.patient, name: hostile },
        clinic: { ...content.clinic, name: '<b>Clinic</b>' },
        description: '<img src=x onerror=alert(1)>',
      });
      expect(email.html).not.toContain('<script>');
      expect(email.html).not.toContain('<b>Clinic');
      expect(email.html).not.toContain('<img src=x');
      expect(email.html).toContain('&lt;b&gt;Clinic&lt;/b&gt;');
      expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    }
    const clinicEmail = await renderNoticeEmail({
      ...clinicNotice,
      patient: { ...clinicNotice.patient, name: hostile },
    });
    expect(clinicEmail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });

  it('shows the logo with alt text only when the clinic has a logo URL', async () => {
    const logoUrl = 'https://cdn.clinicpay.test/logos/harley.png';
    const withLogo = await renderNoticeEmail(notice({ clinic: { ...notice().clinic, logoUrl } }));
    expect(withLogo.html).toContain(`<img alt="Harley Street Skin logo" height="56" src="${logoUrl}"`);
    expect(withLogo.text).not.toContain(logoUrl);
    for (const content of [notice(), receipt, clinicNotice, refund]) {
      expect((await renderNoticeEmail(content)).html).not.toContain('<img');
    }
  });

  it('uses the fallback clinic name (docs/product.md#constants); subjects stay on one line', async () => {
    const email = await renderNoticeEmail(
      notice({
        clinic: { ...notice().clinic, name: null },
        patient: { ...notice().patient, name: 'Jane\r\nBcc: x' },
      }),
    );
    expect(email.subject).toBe('Payment request from Your healthcare provider');
    expect(email.text).toContain('Your healthcare provider has asked you to pay £125.50');
    const clinicEmail = await renderNoticeEmail({
      ...clinicNotice,
      patient: { ...clinicNotice.patient, name: 'Jane\r\nBcc: x' },
    });
    expect(clinicEmail.subject).toBe('Payment received: £125.50 from Jane Bcc: x');
  });

  it('refuses a request without a payment link and a refund notice without its amount', async () => {
    await expect(renderNoticeEmail(notice({ paymentUrl: null }))).rejects.toThrow(
      'A payment_request notice needs a paymentUrl',
    );
    await expect(renderNoticeEmail({ ...refund, refundAmount: null })).rejects.toThrow(
      'A refund_confirmation notice needs a refundAmount',
    );
  });
});

describe('formatLondonDateTime', () => {
  it('shows Europe/London wall-clock time in winter and in summer', () => {
    expect(formatLondonDateTime(new Date('2026-11-23T17:05:00Z'))).toBe('23 November 2026, 17:05');
    expect(formatLondonDateTime(new Date('2026-07-01T23:30:00Z'))).toBe('2 July 2026, 00:30');
  });
});

describe('countSmsSegments', () => {
  it('counts GSM-7, its two-unit extension characters, and UCS-2', () => {
    expect(countSmsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(countSmsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(countSmsSegments('£'.repeat(306)).segments).toBe(2);
    expect(countSmsSegments('a'.repeat(307)).segments).toBe(3);
    expect(countSmsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    // An extension character does not straddle segments: 152 units, then '€' starts the second.
    expect(countSmsSegments(`${'a'.repeat(152)}€${'a'.repeat(152)}`)).toMatchObject({
      units: 306,
      segments: 3,
    });
    expect(countSmsSegments('ë'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(countSmsSegments('ë'.repeat(134)).segments).toBe(2);
    expect(countSmsSegments('ë'.repeat(135)).segments).toBe(3);
    expect(countSmsSegments('😀'.repeat(35))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
  });
});

describe('renderNoticeSms', () => {
  const longName =
    'The Very Long Named Private Dermatology and Aesthetic Medicine Clinic of Harley Street '.repeat(4);
  const longDescription = 'Deposit for a course of six treatment sessions, including aftercare. '.repeat(8);

  it('names the clinic, the amount and the link for a request', () => {
    expect(renderNoticeSms(notice())).toBe(
      `Harley Street Skin: please pay £125.50 (Payment for Botox). Pay securely at ${PAYMENT_URL}`,
    );
  });

  it('names the clinic, the amount and the reference for the other notices', () => {
    expect(renderNoticeSms(receipt)).toBe(
      'Harley Street Skin: thank you, your payment of £125.50 (Payment for Botox) has been received. Ref: CP-7K2M9QX4',
    );
    expect(renderNoticeSms(clinicNotice)).toBe(
      'ClinicPay: Harley Street Skin received £125.50 from Jane Patient (Payment for Botox). Ref: CP-7K2M9QX4',
    );
    expect(renderNoticeSms(refund)).toBe(
      'Harley Street Skin: £50.25 of your £125.50 payment has been refunded. Ref: CP-7K2M9QX4',
    );
  });

  it('tells a patient their card is saved with nothing charged, in two segments at most', () => {
    const saved = notice({
      type: 'card_saved',
      amount: 0,
      paymentUrl: null,
      description: 'Laser treatment',
      cardOnFile: {
        brand: 'visa',
        last4: '0341',
        consents: [
          {
            kind: 'no_show',
            text: 'A missed appointment costs £40.',
            maximumAmount: 4000,
            consentedAt: new Date(),
          },
        ],
      },
    });
    expect(renderNoticeSms(saved)).toBe(
      'Harley Street Skin: your Visa card ending 0341 is saved to secure your appointment (Laser treatment). Nothing has been charged.',
    );
    const long = renderNoticeSms({
      ...saved,
      clinic: { ...saved.clinic, name: longName },
      description: longDescription,
    });
    expect(countSmsSegments(long).segments).toBeLessThanOrEqual(2);
    expect(long).toMatch(/card ending 0341 is saved .* Nothing has been charged\.$/);
  });

  it('fits two GSM-7 segments with very long names and descriptions, keeping link, amount and reference', () => {
    for (const content of [notice(), receipt, clinicNotice, refund]) {
      const sms = renderNoticeSms({
        ...content,
        clinic: { ...content.clinic, name: longName },
        patient: { ...content.patient, name: longName },
        description: longDescription,
      });
      expect(countSmsSegments(sms)).toMatchObject({ encoding: 'GSM-7', segments: 2 });
      expect(sms.length).toBeLessThanOrEqual(306);
      expect(sms).toContain('The Very Long Named');
      expect(sms).toContain('...');
      expect(sms).toContain('£125.50');
      if (content.type === 'payment_request') expect(sms.endsWith(` ${PAYMENT_URL}`)).toBe(true);
      else expect(sms.endsWith('Ref: CP-7K2M9QX4')).toBe(true);
    }
  });

  it('keeps accents and emoji in UCS-2 when they fit in 134 units', () => {
    const sms = renderNoticeSms(
      notice({ clinic: { ...notice().clinic, name: 'Zoë’s Clinic 😀' }, paymentUrl: 'https://cp.test/p/1' }),
    );
    expect(sms).toBe(
      "Zoë's Clinic 😀: please pay £125.50 (Payment for Botox). Pay securely at https://cp.test/p/1",
    );
    expect(countSmsSegments(sms)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
  });

  it('drops accents GSM-7 lacks rather than cut a long text to 134 UCS-2 units', () => {
    const sms = renderNoticeSms(notice({ clinic: { ...notice().clinic, name: `Zoë ${longName}` } }));
    expect(sms).toMatch(/^Zoe The Very Long Named/);
    expect(countSmsSegments(sms)).toMatchObject({ encoding: 'GSM-7', segments: 2 });
    expect(sms.endsWith(PAYMENT_URL)).toBe(true);
  });

  it('fits 134 UCS-2 units when a name has no GSM-7 form, cutting by whole characters', () => {
    const sms = renderNoticeSms(
      notice({
        clinic: { ...notice().clinic, name: `Łódź 😀😀😀😀😀😀😀😀😀😀 ${longName}` },
        description: longDescription,
        paymentUrl: 'https://cp.test/p/1',
      }),
    );
    expect(countSmsSegments(sms)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
    expect(sms.length).toBeLessThanOrEqual(134);
    expect(sms).toMatch(/^Łódź 😀/);
    expect(sms).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    expect(sms.endsWith('https://cp.test/p/1')).toBe(true);
  });

  it('keeps GSM-7 by replacing typographic quotes, dashes and ellipses, and keeps one line', () => {
    const sms = renderNoticeSms(
      notice({
        clinic: { ...notice().clinic, name: 'St John’s – “Skin”…' },
        description: 'Line one\nline two',
      }),
    );
    expect(sms).toBe(
      `St John's - "Skin"...: please pay £125.50 (Line one line two). Pay securely at ${PAYMENT_URL}`,
    );
    expect(countSmsSegments(sms).encoding).toBe('GSM-7');
  });

  it('uses the fallback clinic name of docs/product.md#constants', () => {
    expect(renderNoticeSms(notice({ clinic: { ...notice().clinic, name: null } }))).toMatch(
      /^Your healthcare provider: please pay £125\.50/,
    );
    expect(renderNoticeSms({ ...refund, clinic: { ...refund.clinic, name: '  ' } })).toMatch(
      /^Your healthcare provider: £50\.25/,
    );
  });

  it('never shortens the link: cuts the names to make room, and overflows only for an absurd link', () => {
    const longUrl = `http://localhost:3000/payment/${'a'.repeat(200)}`;
    const sms = renderNoticeSms(
      notice({ clinic: { ...notice().clinic, name: longName }, paymentUrl: longUrl }),
    );
    expect(sms.endsWith(` ${longUrl}`)).toBe(true);
    expect(countSmsSegments(sms).segments).toBe(2);
    const absurdUrl = `http://localhost:3000/payment/${'a'.repeat(300)}`;
    expect(renderNoticeSms(notice({ paymentUrl: absurdUrl })).endsWith(` ${absurdUrl}`)).toBe(true);
  });
});
