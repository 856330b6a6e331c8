/**
 * The email a clinic gets when a payout to its bank fails (docs/decisions/0087-payout-reconciliation.md):
 * how much, when, why in plain English from the provider's failure code, and how to fix its bank
 * details. Plain text with a simple HTML twin.
 */
import {
  CLINIC_TIME_ZONE,
  formatPence,
  PAYOUT_MESSAGES,
  PAYOUTS_PAGE_PATH,
  payoutFailureReason,
} from '@clinicpay/shared';
import { escapeHtml } from '../../mail/html.js';
import type { Mail } from '../../mail/mailer.js';

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: CLINIC_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** What the failed payout email says, and to whom. */
export interface FailedPayoutFacts {
  to: string;
  /** Pence. */
  amount: number;
  /** When the payout was made. */
  created: Date;
  /** The provider's failure code, e.g. 'account_closed'. */
  failureCode: string | null;
  /** ClinicPay's address, for the link to the Payouts page. */
  publicUrl: string;
}

/** The notice that a payout failed, with the reason and the fix. */
export function payoutFailedEmail(facts: FailedPayoutFacts): Mail {
  const amount = formatPence(facts.amount);
  const url = `${facts.publicUrl}${PAYOUTS_PAGE_PATH}`;
  const paragraphs = [
    `${PAYOUT_MESSAGES.failedNotice} Payout of ${amount}, made on ${dayFormat.format(facts.created)}.`,
    `The bank's reason: ${payoutFailureReason(facts.failureCode ?? '') ?? ''}`,
    PAYOUT_MESSAGES.fixBankDetails,
  ];
  const label = 'Open your Payouts page';
  return {
    to: facts.to,
    subject: `A payout to your bank failed: ${amount}`,
    text: `${paragraphs.join('\n\n')}\n\n${label}: ${url}\n\nClinicPay`,
    html: `${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('')}<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p><p>ClinicPay</p>`,
  };
}
