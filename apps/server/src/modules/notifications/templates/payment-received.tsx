/** @jsxRuntime automatic */
/** @jsxImportSource react */
/** The clinic's notice of a payment (notice payment_received): the patient, the payment and a dashboard link. */
import { phoneAsDialledFromUk } from '@clinicpay/shared';
import {
  ActionButton,
  Detail,
  EmailLayout,
  type LayoutClinic,
  Paragraph,
} from '../../../mail/templates/layout.js';

export interface PaymentReceivedEmailProps {
  clinic: LayoutClinic;
  patient: { name: string; email: string; phone: string | null };
  /** Display strings: the amount is formatted from pence, the date in Europe/London time. */
  amount: string;
  description: string;
  /** The clinic's own message on the request, shown beside what it is for; null without one. */
  message: string | null;
  /** The clinic's own reference (an invoice or patient number, docs/decisions/0108-clinic-reference.md); null without one. */
  clinicReference: string | null;
  reference: string | null;
  date: string | null;
  dashboardUrl: string | null;
}

/** The clinic's payment email; props are display strings (render.ts formats pence, dates and fallbacks). */
export function PaymentReceivedEmail(props: PaymentReceivedEmailProps) {
  const { clinic, patient, amount, reference, date, dashboardUrl } = props;
  return (
    <EmailLayout clinic={clinic} heading="Payment received" preview={`${patient.name} has paid ${amount}`}>
      <Paragraph>
        {patient.name} has paid {amount} to {clinic.name}.
      </Paragraph>
      <Detail label="Patient">{patient.name}</Detail>
      <Detail label="Email">{patient.email}</Detail>
      {patient.phone ? <Detail label="Phone">{phoneAsDialledFromUk(patient.phone)}</Detail> : null}
      <Detail label="Amount">{amount}</Detail>
      {reference ? <Detail label="Reference">{reference}</Detail> : null}
      {date ? <Detail label="Date">{date}</Detail> : null}
      <Detail label="For">{props.description}</Detail>
      {props.message ? <Detail label="Your message">{props.message}</Detail> : null}
      {props.clinicReference ? <Detail label="Your reference">{props.clinicReference}</Detail> : null}
      {dashboardUrl ? <ActionButton href={dashboardUrl}>View the payment</ActionButton> : null}
    </EmailLayout>
  );
}
