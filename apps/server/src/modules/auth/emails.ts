/**
 * The account emails (docs/product.md#states-account): email verification and password reset, sent in
 * ClinicPay's name, built with React Email from mail/templates/. React, React Email and the templates are
 * loaded with the first email, not at start (decision 0077).
 */
import type { Mail } from '../../mail/mailer.js';
import { renderEmail } from '../../mail/render-email.js';

/**
 * The email with `link` (absolute) to verify the address `to` of a new account; the plain text holds
 * the link in full. Rejects only when rendering fails.
 */
export async function verificationEmail(to: string, link: string): Promise<Mail> {
  const [{ createElement }, { VerificationEmail }] = await Promise.all([
    import('react'),
    import('../../mail/templates/verification-email.js'),
  ]);
  return {
    to,
    subject: 'Verify your ClinicPay email address',
    ...(await renderEmail(createElement(VerificationEmail, { link }))),
  };
}

/**
 * The email with `link` (absolute) to set a new password for the account of `to`; the plain text holds
 * the link in full. Rejects only when rendering fails.
 */
export async function passwordResetEmail(to: string, link: string): Promise<Mail> {
  const [{ createElement }, { PasswordResetEmail }] = await Promise.all([
    import('react'),
    import('../../mail/templates/password-reset-email.js'),
  ]);
  return {
    to,
    subject: 'Reset your ClinicPay password',
    ...(await renderEmail(createElement(PasswordResetEmail, { link }))),
  };
}
