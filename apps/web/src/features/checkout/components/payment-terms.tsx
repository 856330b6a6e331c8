import { CHECKOUT_MESSAGES, type PublicPaymentData } from '@clinicpay/shared';

/**
 * The clinic's payment terms on the payment page (docs/decisions/0107-payment-terms.md): their words,
 * with their version, in a region that scrolls when long and so takes keyboard focus (WCAG 2.1.1); the
 * box under them is the form's (RequiredBox).
 */
export function PaymentTerms({
  terms,
  clinicName,
}: {
  terms: NonNullable<PublicPaymentData['terms']>;
  clinicName: string;
}) {
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1)
      tabIndex={0}
      aria-label={`${CHECKOUT_MESSAGES.termsHeading(clinicName)}, version ${terms.version}`}
      className="max-h-48 overflow-y-auto whitespace-pre-line text-sm"
    >
      {terms.text}
    </section>
  );
}
