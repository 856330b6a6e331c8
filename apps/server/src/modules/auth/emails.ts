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

/** The email after too many failed sign-ins, with the single-use `link` to continue (decision 0124). */
export async function signInLinkEmail(to: string, link: string): Promise<Mail> {
  return {
    to,
    subject: 'Continue signing in to ClinicPay',
    ...(await renderTemplate(
      async () => (await import('../../mail/templates/sign-in-link-email.js')).SignInLinkEmail,
      { link },
    )),
  };
}

/** The notice of a sign-in from a new device (decision 0124). */
export async function newDeviceEmail(
  to: string,
  props: { device: string; ipAddress: string; when: string; securityLink: string },
): Promise<Mail> {
  return {
    to,
    subject: 'New sign-in to your ClinicPay account',
    ...(await renderTemplate(
      async () => (await import('../../mail/templates/new-device-email.js')).NewDeviceEmail,
      props,
    )),
  };
}
