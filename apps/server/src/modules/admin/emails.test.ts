import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, signedInAdmin } from '../../../test/accounts.js';
import { connectedClinic } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { clinics } from '../../db/schema/index.js';
import { adminInvitationEmail, invitationEmail } from './invitations.js';
import { paymentsTurnedOffEmail, signInReactivatedEmail, signInSuspendedEmail } from './service.js';

const HOSTILE_NAME = '<b>Soho</b> Physio & Co';
const ESCAPED_NAME = '&lt;b&gt;Soho&lt;/b&gt; Physio &amp; Co';
const firstUrl = (text: string) => /https?:\/\/[^\s<>"']+/.exec(text)?.[0];

describe('the admin emails', () => {
  it('invitation: a full en-GB document, the clinic name escaped, the link in full in the text', async () => {
    const link = 'https://pay.example.com/reset-password?token=abc&userId=u-1';
    const mail = await invitationEmail('desk@soho.example', HOSTILE_NAME, link);
    expect(mail).toMatchObject({ to: 'desk@soho.example', subject: 'You are invited to ClinicPay' });
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain('<html dir="ltr" lang="en-GB">');
    expect(mail.html).not.toContain('<b>Soho</b>');
    expect(mail.html).toContain(ESCAPED_NAME);
    expect(mail.html).toContain('href="https://pay.example.com/reset-password?token=abc&amp;userId=u-1"');
    expect(firstUrl(mail.text)).toBe(link);
    expect(mail.text).toContain(`Set your password ${link}`);
    expect(mail.text).toContain(
      `${HOSTILE_NAME} has been set up on ClinicPay. Choose a password to sign in and start taking payments.`,
    );
    expect(mail.text).toContain('This link expires in 7 days and can be used once.');
  });

  it('payments turned off: a full en-GB document, the clinic name escaped, the contact link in the text', async () => {
    const contactUrl = 'https://pay.example.com/contact';
    const mail = await paymentsTurnedOffEmail('desk@soho.example', HOSTILE_NAME, contactUrl);
    expect(mail).toMatchObject({
      to: 'desk@soho.example',
      subject: 'Card payments were turned off by ClinicPay',
    });
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain('<html dir="ltr" lang="en-GB">');
    expect(mail.html).not.toContain('<b>Soho</b>');
    expect(mail.html).toContain(ESCAPED_NAME);
    expect(mail.html).toContain(`href="${contactUrl}"`);
    expect(firstUrl(mail.text)).toBe(contactUrl);
    expect(mail.text).toContain(`Contact ClinicPay ${contactUrl}`);
    expect(mail.text).toContain(
      `ClinicPay has turned off card payments for ${HOSTILE_NAME}. Patients cannot pay you by card through ClinicPay until we turn them back on, and you cannot reconnect your Stripe account meanwhile.`,
    );
    expect(mail.text).toContain('Please contact us to find out why and what to do next.');
  });
});

describe('the emails of decision 0125', () => {
  it("admin invitation: a full en-GB document, the link in full in the text, and two-factor's next step", async () => {
    const link = 'https://pay.example.com/reset-password?token=abc&userId=u-2';
    const mail = await adminInvitationEmail('ops@clinicpay.example', link);
    expect(mail).toMatchObject({
      to: 'ops@clinicpay.example',
      subject: 'You are invited to administer ClinicPay',
    });
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain('<html dir="ltr" lang="en-GB">');
    expect(mail.html).toContain('href="https://pay.example.com/reset-password?token=abc&amp;userId=u-2"');
    expect(firstUrl(mail.text)).toBe(link);
    expect(mail.text).toContain(`Set your password ${link}`);
    expect(mail.text).toContain('This link expires in 7 days and can be used once.');
    expect(mail.text).toContain('set up two-factor sign-in');
  });

  it('sign-in suspended: the clinic name and the reason escaped, the contact link in the text', async () => {
    const contactUrl = 'https://pay.example.com/contact';
    const reason = '<script>alert(1)</script> & unpaid fees';
    const mail = await signInSuspendedEmail('desk@soho.example', HOSTILE_NAME, reason, contactUrl);
    expect(mail).toMatchObject({ to: 'desk@soho.example', subject: 'Your ClinicPay sign-in is suspended' });
    expect(mail.html).toContain('<html dir="ltr" lang="en-GB">');
    expect(mail.html).not.toContain('<b>Soho</b>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain(ESCAPED_NAME);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; unpaid fees');
    expect(firstUrl(mail.text)).toBe(contactUrl);
    expect(mail.text).toContain(`Reason: ${reason}`);
    expect(mail.text).toContain(`ClinicPay has suspended sign-in for ${HOSTILE_NAME}.`);
  });

  it('sign-in reactivated: the clinic name escaped, the sign-in link in the text', async () => {
    const signInUrl = 'https://pay.example.com/sign-in';
    const mail = await signInReactivatedEmail('desk@soho.example', HOSTILE_NAME, signInUrl);
    expect(mail).toMatchObject({ to: 'desk@soho.example', subject: 'Your ClinicPay sign-in is back' });
    expect(mail.html).toContain('<html dir="ltr" lang="en-GB">');
    expect(mail.html).toContain(ESCAPED_NAME);
    expect(mail.html).toContain(`href="${signInUrl}"`);
    expect(firstUrl(mail.text)).toBe(signInUrl);
    expect(mail.text).toContain(`ClinicPay has reactivated sign-in for ${HOSTILE_NAME}.`);
  });
});

describe('the admin emails as sent', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    app = await createTestApp();
    admin = await signedInAdmin(app);
  });
  afterAll(() => app.close());

  it('Add New Clinic emails the invitation as HTML and text, the name as typed escaped', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/clinics',
      cookies: admin.cookies,
      payload: { clinicName: HOSTILE_NAME, email: 'desk@hostile-physio.example' },
    });
    expect(response.statusCode).toBe(201);
    const mail = await lastMailTo(app, 'desk@hostile-physio.example');
    expect(mail?.subject).toBe('You are invited to ClinicPay');
    const link = new URL(String(firstUrl(String(mail?.textBody))));
    expect(link.pathname).toBe('/reset-password');
    expect(mail?.htmlBody).toContain('<html dir="ltr" lang="en-GB">');
    expect(mail?.htmlBody).toContain(ESCAPED_NAME);
    expect(mail?.htmlBody).not.toContain('<b>Soho</b>');
    expect(mail?.htmlBody).toContain(`href="${link.href.replace('&', '&amp;')}"`);
  });

  it('a force-disconnect emails the clinic once, as HTML and text with the contact link', async () => {
    const clinic = await connectedClinic(app);
    const clinicId = String(clinic.user.clinicId);
    await app.database.db.update(clinics).set({ clinicName: HOSTILE_NAME }).where(eq(clinics.id, clinicId));
    const disconnect = () =>
      app.inject({
        method: 'POST',
        url: `/api/admin/clinics/${clinicId}/disconnect`,
        cookies: admin.cookies,
      });
    expect((await disconnect()).statusCode).toBe(200);
    const mail = await lastMailTo(app, clinic.email);
    expect(mail?.subject).toBe('Card payments were turned off by ClinicPay');
    expect(firstUrl(String(mail?.textBody))).toBe(`${app.config.publicUrl}/contact`);
    expect(mail?.htmlBody).toContain('<html dir="ltr" lang="en-GB">');
    expect(mail?.htmlBody).toContain(ESCAPED_NAME);
    expect(mail?.htmlBody).not.toContain('<b>Soho</b>');

    // Already turned off: no second email.
    expect((await disconnect()).statusCode).toBe(200);
    expect((await lastMailTo(app, clinic.email))?.id).toBe(mail?.id);
  });
});
