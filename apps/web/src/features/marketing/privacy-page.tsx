import { PageSection } from '@/components/layout/page-section';
import { useDocumentTitle } from '@/lib/use-document-title';

/** What patient and clinic data is kept, why, for how long, and who processes it, under UK GDPR. */
export function PrivacyPage() {
  useDocumentTitle('Privacy Policy');
  return (
    <PageSection
      title="Privacy Policy"
      lead="How ClinicPay collects, uses and protects personal data under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018."
    >
      <h2>Who is responsible</h2>
      <p>
        For patient data, the clinic you pay is the data controller and ClinicPay processes the data on the
        clinic's behalf. For clinic accounts, ClinicPay is the data controller.
      </p>
      <h2>Patient data we keep</h2>
      <ul>
        <li>Name, email address and, if given, phone number entered on the payment page or by the clinic.</li>
        <li>The payment: amount, what it was for, date, reference, status and any refunds.</li>
        <li>
          We never see or store full card numbers: card details go directly to Stripe, our payment processor.
        </li>
      </ul>
      <h2>Clinic data we keep</h2>
      <ul>
        <li>Account email address and a securely hashed password.</li>
        <li>The clinic profile: name, logo, contact email, phone and address.</li>
        <li>The connected Stripe account identifier and its status, and your notification preferences.</li>
        <li>Messages you send us through the contact form.</li>
      </ul>
      <h2>Why we use it</h2>
      <ul>
        <li>
          To take payments, issue refunds and send payment requests and confirmations (performance of a
          contract).
        </li>
        <li>
          To keep accounting and tax records and prevent fraud (legal obligation and legitimate interests).
        </li>
        <li>To answer your questions and keep the service secure (legitimate interests).</li>
      </ul>
      <h2>How long we keep it</h2>
      <ul>
        <li>Payment and refund records: 6 years after the payment, as UK tax and accounting law requires.</li>
        <li>Clinic account data: while the account is open, then 6 years for financial records.</li>
        <li>Contact messages: 2 years.</li>
        <li>Sign-in sessions expire; verification and reset links expire and are single-use.</li>
      </ul>
      <h2>Who processes it</h2>
      <ul>
        <li>Stripe Payments Europe, Ltd. and Stripe Payments UK, Ltd.: card processing and payouts.</li>
        <li>Our email and SMS delivery providers: sending payment requests, receipts and account emails.</li>
        <li>Our hosting provider: running the service, in the UK or the European Economic Area.</li>
      </ul>
      <p>We do not sell personal data or use it for advertising.</p>
      <h2>Your rights</h2>
      <p>
        You may ask for access to, correction or erasure of your data, object to or restrict its use, and ask
        for a copy to move elsewhere. Patients should contact their clinic first; you can also contact us
        through the contact page. You have the right to complain to the Information Commissioner's Office
        (ico.org.uk).
      </p>
    </PageSection>
  );
}
