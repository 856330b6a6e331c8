/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The notice a clinic gets when a payout to its bank fails (docs/decisions/0087-payout-reconciliation.md):
 * how much, when, the bank's reason in plain English, how to fix the bank details, and a button to the
 * Payouts page.
 */
import { PAYOUT_MESSAGES } from '@clinicpay/shared';
import { ClinicPayLayout } from '../../../mail/templates/clinicpay-layout.js';
import { ActionButton, LinkText, Paragraph } from '../../../mail/templates/layout.js';

export interface PayoutFailedEmailProps {
  /** The payout's amount, formatted from pence ('£29.10'). */
  amount: string;
  /** The day the payout was made, in London time ('3 March 2026'). */
  created: string;
  /** The bank's reason in words, from the provider's failure code. */
  reason: string;
  /** The clinic's Payouts page, absolute. */
  url: string;
}

/** The failed payout notice: the payout, the reason, the fix and the button to the Payouts page. */
export function PayoutFailedEmail({ amount, created, reason, url }: PayoutFailedEmailProps) {
  return (
    <ClinicPayLayout heading="A payout to your bank failed" preview={PAYOUT_MESSAGES.failedNotice}>
      <Paragraph>
        {PAYOUT_MESSAGES.failedNotice} Payout of {amount}, made on {created}.
      </Paragraph>
      <Paragraph>The bank's reason: {reason}</Paragraph>
      <Paragraph>{PAYOUT_MESSAGES.fixBankDetails}</Paragraph>
      <ActionButton href={url}>Open your Payouts page</ActionButton>
      <LinkText href={url} />
    </ClinicPayLayout>
  );
}
