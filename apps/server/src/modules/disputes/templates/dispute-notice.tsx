/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The notice a clinic gets when one of its payments is disputed, or the patient's bank asks about it
 * (an inquiry), with a button to respond (docs/decisions/0086-disputes.md).
 */
import { ClinicPayLayout } from '../../../mail/templates/clinicpay-layout.js';
import { ActionButton, LinkText, Paragraph } from '../../../mail/templates/layout.js';
import { DisputeFacts, type DisputeFactsProps } from './dispute-facts.js';

/** What happened, as the heading and first line say it: an inquiry or a dispute. */
export function disputeHeadline(inquiry: boolean): string {
  return inquiry ? 'The patient’s bank has asked about a payment' : 'A payment has been disputed';
}

/** The dispute notice: what happened, the facts, and the button to the dispute's page. */
export function DisputeNoticeEmail(props: DisputeFactsProps) {
  const what = disputeHeadline(props.inquiry);
  return (
    <ClinicPayLayout heading={what} preview={`${what}: ${props.paymentReference}, ${props.amount}.`}>
      <Paragraph>{what} to your clinic.</Paragraph>
      <DisputeFacts {...props} />
      <ActionButton href={props.url}>Respond to the dispute</ActionButton>
      <LinkText href={props.url} />
    </ClinicPayLayout>
  );
}
