/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The reminder a clinic gets as a dispute's deadline nears while it has sent no evidence
 * (docs/decisions/0086-disputes.md), with a button to respond.
 */
import { ClinicPayLayout } from '../../../mail/templates/clinicpay-layout.js';
import { ActionButton, LinkText, Paragraph } from '../../../mail/templates/layout.js';
import { DisputeFacts, type DisputeFactsProps } from './dispute-facts.js';

/** The reminder: no response yet, the facts, and the button to the dispute's page. */
export function DisputeReminderEmail(props: DisputeFactsProps) {
  return (
    <ClinicPayLayout
      heading="Respond to the dispute"
      preview={`Reminder: respond to the dispute on ${props.paymentReference}.`}
    >
      <Paragraph>You have not yet responded to a dispute.</Paragraph>
      <DisputeFacts {...props} />
      <ActionButton href={props.url}>Respond to the dispute</ActionButton>
      <LinkText href={props.url} />
    </ClinicPayLayout>
  );
}
