import { PageSection } from '@/components/layout/page-section';
import { useDocumentTitle } from '@/lib/use-document-title';

export function AboutPage() {
  useDocumentTitle('About');
  return (
    <PageSection
      title="About ClinicPay"
      lead="ClinicPay is the payment service for UK private clinics: simple payment links, payment requests by email and SMS, and a secure branded payment page for your patients."
    >
      <p>
        Clinics lose time and money chasing payments and to appointments that patients miss. ClinicPay lets a
        clinic take a deposit when a patient books, send a request for a treatment, or share one reusable link
        for consultations, and see every payment and refund in one place.
      </p>
      <h2>How we handle money</h2>
      <p>
        Card payments are processed by Stripe, a PCI DSS Level 1 payment provider. Each clinic connects its
        own Stripe account, so payments go to the clinic and are paid out to its bank account. Card details
        are entered on the payment page straight into Stripe and never reach our servers.
      </p>
      <h2>For patients</h2>
      <p>
        Patients need no account. They open the link from their clinic, pay by card or with Apple Pay or
        Google Pay, and are given a payment reference, with an email receipt where their clinic sends one.
      </p>
    </PageSection>
  );
}
