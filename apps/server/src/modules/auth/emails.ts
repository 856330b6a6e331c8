/**
 * The account emails (docs/product.md#states-account): email verification and password reset, sent in
 * ClinicPay's name, built with React Email from mail/templates/. React, React Email and the templates are
 * loaded with the first email, not at start (decision 0077).
 */
import type { Mail } from '../../mail/mailer.js';
import { renderTemplate } from '../../mail/render-email.js';

/**
 * The email with `link` (absolute) to verify the address `to` of a new account; the plain text holds
 * the link in full. Rejects only when rendering fails.
 */
export async function verificationEmail(to: string, link: string): Promise<Mail> {
  return {
    to,
    subject: 'Verify your ClinicPay email address',
    ...(await renderTemplate(
      async () => (await import('../../mail/templates/verification-email.js')).VerificationEmail,
      { link },
    )),
  };
}

/**
 * The email with `link` (absolute) to set a new password for the account of `to`; the plain text holds
 * the link in full. Rejects only when rendering fails.
 */
export async function passwordResetEmail(to: string, link: string): Promise<Mail> {
  return {
    to,
    subject: 'Reset your ClinicPay password',
    ...(await renderTemplate(
      async () => (await import('../../mail/templates/password-reset-email.js')).PasswordResetEmail,
      { link },
    )),
  };
}
