/**
 * The emails a clinic gets about disputes and early fraud warnings (docs/decisions/0086-disputes.md):
 * the notice when a payment is disputed, the reminders as the deadline nears, and the warning that a
 * payment may be fraudulent with the offer of a full refund. Plain text with a simple HTML twin.
 */
import { CLINIC_TIME_ZONE, DISPUTE_MESSAGES, disputeReasonLabel, formatPence } from '@clinicpay/shared';
import { escapeHtml } from '../../mail/html.js';
import type { Mail } from '../../mail/mailer.js';

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

export interface DisputeMailFacts {
  to: string;
  patientName: string;
  paymentReference: string;
  /** Pence. */
  amount: number;
  reason: string;
  /** Pence. */
  fee: number;
  evidenceDueBy: Date | null;
  inquiry: boolean;
  /** The dispute's page in ClinicPay. */
  url: string;
}

function mail(to: string, subject: string, paragraphs: string[], link: { url: string; label: string }): Mail {
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${link.label}: ${link.url}\n\nClinicPay`,
    html: `${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('')}<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p><p>ClinicPay</p>`,
  };
}

function facts(dispute: DisputeMailFacts): string[] {
  const deadline = dispute.evidenceDueBy
    ? `Respond by ${formatDeadline(dispute.evidenceDueBy)}. Without a response the bank decides against you.`
    : 'Respond as soon as you can.';
  return [
    `Patient: ${dispute.patientName}. Payment ${dispute.paymentReference}, ${formatPence(dispute.amount)}.`,
    `The bank's reason: ${disputeReasonLabel(dispute.reason)}.`,
    dispute.inquiry
      ? 'This is an inquiry: no money has been taken yet, but it may become a dispute.'
      : `The bank has taken ${formatPence(dispute.amount)} back from ClinicPay, so ClinicPay takes what you received for this payment back from your balance while the bank decides. ${DISPUTE_MESSAGES.fee(dispute.fee)}`,
    deadline,
  ];
}

/** The notice sent when a payment is disputed. */
export function disputeNoticeEmail(dispute: DisputeMailFacts): Mail {
  const what = dispute.inquiry
    ? 'The patient’s bank has asked about a payment'
    : 'A payment has been disputed';
  return mail(
    dispute.to,
    `${what}: ${dispute.paymentReference}`,
    [`${what} to your clinic.`, ...facts(dispute)],
    { url: dispute.url, label: 'Respond to the dispute' },
  );
}

/** The reminder sent as the deadline nears, while no evidence was submitted. */
export function disputeReminderEmail(dispute: DisputeMailFacts): Mail {
  return mail(
    dispute.to,
    `Reminder: respond to the dispute on ${dispute.paymentReference}`,
    ['You have not yet responded to a dispute.', ...facts(dispute)],
    { url: dispute.url, label: 'Respond to the dispute' },
  );
}

/** The warning that a payment may be fraudulent, with the offer of a full refund. */
export function fraudWarningEmail(warning: {
  to: string;
  patientName: string;
  paymentReference: string;
  /** Pence. */
  amount: number;
  url: string;
}): Mail {
  return mail(
    warning.to,
    `A payment may be fraudulent: ${warning.paymentReference}`,
    [
      `The card issuer has warned that the payment ${warning.paymentReference} from ${warning.patientName} (${formatPence(warning.amount)}) may have been made with a stolen or misused card.`,
      'Refunding it in full now usually prevents a dispute and its fee. You can refund it with one click from your dashboard.',
    ],
    { url: warning.url, label: 'Open your dashboard' },
  );
}
