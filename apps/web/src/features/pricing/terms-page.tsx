import { DISPUTE_FEE, formatPence } from '@clinicpay/shared';
import { PageSection } from '@/components/layout/page-section';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePlatformFee } from './api/get-platform-fee';

/**
 * The terms of service, with the fee percent as currently set (3.0 by default), and how a dispute's
 * amount and the card provider's dispute fee are taken from the clinic (the fee from `DISPUTE_FEE`).
 */
export function TermsPage() {
  useDocumentTitle('Terms of Service');
  const { percent } = usePlatformFee();
  const shownPercent = percent.endsWith('.0') ? percent.slice(0, -2) : percent;
  return (
    <PageSection
      title="Terms of Service"
      lead="These terms apply to clinics that use ClinicPay to collect payments."
    >
      <h2>1. The service</h2>
      <p>
        ClinicPay provides payment links, payment requests and a hosted payment page so that clinics can
        collect card payments from their patients. Payments are processed by Stripe through the Stripe account
        that your clinic connects; you must accept Stripe's terms to use card payments.
      </p>
      <h2>2. Fees</h2>
      <ul>
        <li>
          A {shownPercent}% transaction fee applies to every successful payment. It is non-refundable, even
          when a payment is refunded.
        </li>
        <li>There are no monthly fees.</li>
        <li>There is no charge on failed payments or refunds.</li>
        <li>Card processing fees are paid out of the transaction fee, not from your payment.</li>
      </ul>
      <h2>3. Refunds and disputes</h2>
      <p>
        Your clinic decides refunds for its patients and may refund a payment in full or in part, up to the
        amount paid. You remain responsible for disputes and chargebacks on your payments.
      </p>
      <h2>4. Disputes (chargebacks)</h2>
      <p>
        If a patient disputes a payment with their card issuer, Stripe takes the disputed amount and its
        dispute fee (currently {formatPence(DISPUTE_FEE.pence)}) from ClinicPay. ClinicPay then takes the
        disputed amount back from your clinic by reversing your clinic's transfer for that payment, and
        records the dispute fee Stripe keeps against your clinic, on its statement. If your clinic wins the
        dispute, the amount is paid back to your clinic.
      </p>
      <p>
        ClinicPay tells your clinic at once and shows what it already knows as evidence; your clinic decides
        what to send, before the deadline shown.
      </p>
      <h2>5. Your responsibilities</h2>
      <p>
        You keep your account credentials secure, charge patients only for services you provide, and use
        patient details only to collect and account for payments, in line with UK data protection law.
      </p>
      <h2>6. Suspension</h2>
      <p>
        We may disconnect card processing for a clinic that breaches these terms or the card provider's rules,
        or where we are required to by law.
      </p>
      <h2>7. Changes to these terms</h2>
      <p>We give clinics 30 days' notice by email of any material change to these terms or our fees.</p>
    </PageSection>
  );
}
