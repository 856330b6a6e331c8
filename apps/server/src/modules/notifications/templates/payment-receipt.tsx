/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The patient's receipt (notice payment_confirmation): who was paid, how much, the reference, when, and
 * what the card statement shows (decision 0082), and the clinic's payment terms the patient accepted
 * (docs/decisions/0107-payment-terms.md) with the page that shows them.
 */
import { Link, Section } from '@react-email/components';
import { Detail, EmailLayout, type LayoutClinic, Paragraph } from '../../../mail/templates/layout.js';

export interface PaymentReceiptEmailProps {
  clinic: LayoutClinic;
  greeting: string;
  /** Display strings: the amount is formatted from pence, the date in Europe/London time. */
  amount: string;
  description: string;
  /** The clinic's own message on the request, shown beside what it is for; null without one. */
  message: string | null;
  reference: string | null;
  /** The clinic's own reference (an invoice or patient number, docs/decisions/0108-clinic-reference.md); null without one. */
  clinicReference: string | null;
  date: string | null;
  /** What the card statement shows for this payment (decision 0082), when known. */
  statementText: string | null;
  /** What is left to pay after this deposit, e.g. '£150.00'; null when the payment is the whole price. */
  balanceDue: string | null;
  /** The clinic's payment terms the patient accepted: 'Version 2, accepted on …' and their page; null when none. */
  termsAccepted: { text: string; url: string } | null;
  /** The card this payment saved and each policy the patient agreed to, as display strings; null when none. */
  cardOnFile: {
    /** e.g. 'Visa card ending 4242' */
    card: string;
    consents: Array<{ label: string; maximum: string; text: string; agreedAt: string }>;
  } | null;
}

/** The receipt email; every prop is a display string (render.ts formats pence, dates and fallbacks). */
export function PaymentReceiptEmail(props: PaymentReceiptEmailProps) {
  const { clinic, amount, reference, date } = props;
  return (
    <EmailLayout
      clinic={clinic}
      heading="Payment receipt"
      preview={`Your payment of ${amount} to ${clinic.name}`}
    >
      <Paragraph>{props.greeting}</Paragraph>
      <Paragraph>
        Thank you. {clinic.name} has received your payment of {amount}. Please keep this email as your
        receipt.
      </Paragraph>
      <Detail label="Paid to">{clinic.name}</Detail>
      <Detail label="Amount">{amount}</Detail>
      {reference ? <Detail label="Reference">{reference}</Detail> : null}
      {props.clinicReference ? <Detail label="Clinic reference">{props.clinicReference}</Detail> : null}
      {date ? <Detail label="Date">{date}</Detail> : null}
      <Detail label="For">{props.description}</Detail>
      {props.message ? <Detail label={`Message from ${clinic.name}`}>{props.message}</Detail> : null}
      {props.balanceDue ? <Detail label="Balance still to pay">{props.balanceDue}</Detail> : null}
      {props.statementText ? <Detail label="On your card statement">{props.statementText}</Detail> : null}
      {props.termsAccepted ? (
        <Detail label="Payment terms you accepted">
          {props.termsAccepted.text}: <Link href={props.termsAccepted.url}>{props.termsAccepted.url}</Link>
        </Detail>
      ) : null}
      {props.cardOnFile ? <CardOnFile clinicName={clinic.name} cardOnFile={props.cardOnFile} /> : null}
      <Paragraph>
        If you have a question about this payment, contact {clinic.name} and quote the reference.
      </Paragraph>
    </EmailLayout>
  );
}

/**
 * The policies the patient agreed to when their card was saved, in the words they read, so the receipt
 * (or the card saved notice) is their own record of the agreement (docs/decisions/0092-card-consent.md).
 */
export function CardOnFile({
  clinicName,
  cardOnFile,
}: {
  clinicName: string;
  cardOnFile: NonNullable<PaymentReceiptEmailProps['cardOnFile']>;
}) {
  return (
    <Section style={{ margin: '24px 0 0' }}>
      <Paragraph>
        <strong>Your saved card.</strong> {clinicName} has saved your {cardOnFile.card}. You agreed that it
        may be charged under these policies:
      </Paragraph>
      {cardOnFile.consents.map((consent) => (
        <Section key={consent.label} style={{ margin: '0 0 16px' }}>
          <Detail label={consent.label}>up to {consent.maximum}</Detail>
          <Paragraph keepLines>{consent.text}</Paragraph>
          <Detail label="Agreed">{consent.agreedAt}</Detail>
        </Section>
      ))}
      <Paragraph>You can ask {clinicName} to remove your card at any time.</Paragraph>
    </Section>
  );
}
