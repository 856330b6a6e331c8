/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The patient's email when their bank asks them to confirm a charge of their saved card (notice
 * charge_authentication, docs/decisions/0093-charging-saved-cards.md): what was charged and why, and a
 * button to the page where they confirm it.
 */
import {
  ActionButton,
  Detail,
  EmailLayout,
  type LayoutClinic,
  LinkText,
  Paragraph,
} from '../../../mail/templates/layout.js';

export interface ChargeAuthenticationEmailProps {
  clinic: LayoutClinic;
  greeting: string;
  /** Display strings: the amount is already formatted from pence. */
  amount: string;
  description: string;
  paymentUrl: string;
}

/** The confirmation email; every prop is a display string (render.ts formats pence and applies fallbacks). */
export function ChargeAuthenticationEmail({
  clinic,
  greeting,
  amount,
  description,
  paymentUrl,
}: ChargeAuthenticationEmailProps) {
  return (
    <EmailLayout
      clinic={clinic}
      heading="Please confirm your payment"
      preview={`Your bank asks you to confirm a payment of ${amount} to ${clinic.name}`}
    >
      <Paragraph>{greeting}</Paragraph>
      <Paragraph>
        {clinic.name} has charged {amount} to the card you saved with them, under the policy you agreed to.
        Your bank asks you to confirm this payment before it goes through.
      </Paragraph>
      <ActionButton href={paymentUrl}>Confirm {amount}</ActionButton>
      <LinkText href={paymentUrl} />
      <Detail label="For">{description}</Detail>
      <Detail label="Amount">{amount}</Detail>
      <Paragraph>
        If you do not recognise this charge, please contact {clinic.name} before confirming.
      </Paragraph>
    </EmailLayout>
  );
}
