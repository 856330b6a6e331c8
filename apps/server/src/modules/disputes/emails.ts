/**
 * The emails a clinic gets about disputes and early fraud warnings (docs/decisions/0086-disputes.md):
 * the notice when a payment is disputed, the reminders as the deadline nears, and the warning that a
 * payment may be fraudulent with the offer of a full refund. Built with React Email from the templates in
 * templates/, which are loaded with the first email, not at start (decision 0077).
 */
import { CLINIC_TIME_ZONE, DISPUTE_MESSAGES, disputeReasonLabel, formatPence } from '@clinicpay/shared';
import type { Mail } from '../../mail/mailer.js';
import { renderTemplate } from '../../mail/render-email.js';
import type { DisputeFactsProps } from './templates/dispute-facts.js';

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: CLINIC_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: CLINIC_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A deadline as the clinic reads it, in London time: 'Friday 11 December 2026 at 23:59'. */
export function formatDeadline(date: Date): string {
  return `${dayFormat.format(date).replace(',', '')} at ${timeFormat.format(date)}`;
}

/** What a dispute's notice or reminder says, and to whom. */
export interface DisputeMailFacts {
  to: string;
  patientName: string;
  paymentReference: string;
  /** Pence. */
  amount: number;
  /** The provider's reason code, e.g. 'fraudulent'; shown in words. */
  reason: string;
  /** Pence. */
  fee: number;
  evidenceDueBy: Date | null;
  inquiry: boolean;
  /** The dispute's page in ClinicPay. */
  url: string;
}

/** The display strings the templates show: pence formatted, the reason in words, the deadline in London time. */
function factsOf(dispute: DisputeMailFacts): DisputeFactsProps {
  return {
    patientName: dispute.patientName,
    paymentReference: dispute.paymentReference,
    amount: formatPence(dispute.amount),
    reason: disputeReasonLabel(dispute.reason),
    inquiry: dispute.inquiry,
    feeNote: DISPUTE_MESSAGES.fee(dispute.fee),
    deadline: dispute.evidenceDueBy ? formatDeadline(dispute.evidenceDueBy) : null,
    url: dispute.url,
  };
}

/**
 * The notice sent when a payment is disputed (or, for an inquiry, asked about); the plain text holds the
 * amount and the dispute's link in full. Rejects only when rendering fails.
 */
export async function disputeNoticeEmail(dispute: DisputeMailFacts): Promise<Mail> {
  const notice = await import('./templates/dispute-notice.js');
  return {
    to: dispute.to,
    subject: `${notice.disputeHeadline(dispute.inquiry)}: ${dispute.paymentReference}`,
    ...(await renderTemplate(async () => notice.DisputeNoticeEmail, factsOf(dispute))),
  };
}

/**
 * The reminder sent as the deadline nears, while no evidence was submitted; the plain text holds the
 * amount and the dispute's link in full. Rejects only when rendering fails.
 */
export async function disputeReminderEmail(dispute: DisputeMailFacts): Promise<Mail> {
  return {
    to: dispute.to,
    subject: `Reminder: respond to the dispute on ${dispute.paymentReference}`,
    ...(await renderTemplate(
      async () => (await import('./templates/dispute-reminder.js')).DisputeReminderEmail,
      factsOf(dispute),
    )),
  };
}

/**
 * The warning that a payment may be fraudulent, with the offer of a full refund; `amount` is what is
 * left to refund, in pence. The plain text holds the amount and the dashboard's link in full. Rejects
 * only when rendering fails.
 */
export async function fraudWarningEmail(warning: {
  to: string;
  patientName: string;
  paymentReference: string;
  /** Pence. */
  amount: number;
  /** The clinic's dashboard, absolute. */
  url: string;
}): Promise<Mail> {
  const props = {
    patientName: warning.patientName,
    paymentReference: warning.paymentReference,
    amount: formatPence(warning.amount),
    url: warning.url,
  };
  return {
    to: warning.to,
    subject: `A payment may be fraudulent: ${warning.paymentReference}`,
    ...(await renderTemplate(
      async () => (await import('./templates/fraud-warning.js')).FraudWarningEmail,
      props,
    )),
  };
}
