/** The account emails: verification and password reset. */

import { escapeHtml } from '../../mail/html.js';
import type { Mail } from '../../mail/mailer.js';

function linkEmail(
  to: string,
  subject: string,
  lead: string,
  action: string,
  link: string,
  note: string,
): Mail {
  return {
    to,
    subject,
    text: `${lead}\n\n${action}: ${link}\n\n${note}\n\nClinicPay`,
    html: `<p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(note)}</p><p>ClinicPay</p>`,
  };
}

export function verificationEmail(to: string, link: string): Mail {
  return linkEmail(
    to,
    'Verify your ClinicPay email address',
    'Welcome to ClinicPay. Please confirm your email address to finish setting up your clinic account.',
    'Verify email address',
    link,
    'This link expires in 24 hours and can be used once. If you did not sign up, ignore this email.',
  );
}

export function passwordResetEmail(to: string, link: string): Mail {
  return linkEmail(
    to,
    'Reset your ClinicPay password',
    'We received a request to reset the password of your ClinicPay account.',
    'Set a new password',
    link,
    'This link expires in 1 hour and can be used once. If you did not ask for this, ignore this email; your password stays the same.',
  );
}
