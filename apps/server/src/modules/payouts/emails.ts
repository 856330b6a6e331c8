/**
 * The email a clinic gets when a payout to its bank fails (docs/decisions/0087-payout-reconciliation.md):
 * how much, when, why in plain English from the provider's failure code, and how to fix its bank
 * details. Built with React Email from templates/payout-failed.tsx, which is loaded with the first email,
 * not at start (decision 0077).
 */
import { CLINIC_TIME_ZONE, formatPence, PAYOUTS_PAGE_PATH, payoutFailureReason } from '@clinicpay/shared';
import type { Mail } from '../../mail/mailer.js';
import { renderTemplate } from '../../mail/render-email.js';

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

/**
 * The notice that a payout failed, with the reason and the fix; the subject and the plain text hold the
 * amount, and the text the Payouts page's link in full. Rejects only when rendering fails.
 */
export async function payoutFailedEmail(facts: FailedPayoutFacts): Promise<Mail> {
  const amount = formatPence(facts.amount);
  const props = {
    amount,
    created: dayFormat.format(facts.created),
    reason: payoutFailureReason(facts.failureCode ?? '') ?? '',
    url: `${facts.publicUrl}${PAYOUTS_PAGE_PATH}`,
  };
  return {
    to: facts.to,
    subject: `A payout to your bank failed: ${amount}`,
    ...(await renderTemplate(
      async () => (await import('./templates/payout-failed.js')).PayoutFailedEmail,
      props,
    )),
  };
}
