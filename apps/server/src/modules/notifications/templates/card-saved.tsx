/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The patient's email when they saved a card with nothing paid, on a link that secures an appointment
 * (notice card_saved, docs/decisions/0095-secure-your-appointment.md): nothing was charged, and the
 * card with each policy they agreed to, in the words they read, as their own record of the agreement.
 */
import { Detail, EmailLayout, type LayoutClinic, Paragraph } from '../../../mail/templates/layout.js';
import { CardOnFile, type PaymentReceiptEmailProps } from './payment-receipt.js';

export interface CardSavedEmailProps {
  clinic: LayoutClinic;
  greeting: string;
  /** What the appointment is for: the link's title. */
  description: string;
  cardOnFile: PaymentReceiptEmailProps['cardOnFile'];
}

/** The card saved email; every prop is a display string (render.ts formats pence, dates and fallbacks). */
export function CardSavedEmail({ clinic, greeting, description, cardOnFile }: CardSavedEmailProps) {
  return (
    <EmailLayout
      clinic={clinic}
      heading="Your appointment is secured"
      preview={`Your card is saved with ${clinic.name}. Nothing has been charged.`}
    >
      <Paragraph>{greeting}</Paragraph>
      <Paragraph>
        Thank you. Your card is saved with {clinic.name} to secure your appointment. Nothing has been charged.
      </Paragraph>
      <Detail label="For">{description}</Detail>
      {cardOnFile ? <CardOnFile clinicName={clinic.name} cardOnFile={cardOnFile} /> : null}
    </EmailLayout>
  );
}
