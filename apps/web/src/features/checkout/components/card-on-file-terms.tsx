import { type CardOnFileTerm, CHECKOUT_MESSAGES, CONSENT_LABELS, formatPence } from '@clinicpay/shared';

/**
 * The clinic's policies a patient agrees to when their card is saved (docs/decisions/0092-card-consent.md):
 * each policy's own words and the most it lets the clinic charge for this treatment. `securing`: the
 * card is saved with nothing paid (docs/decisions/0095-secure-your-appointment.md).
 */
export function CardOnFileTerms({ terms, securing }: { terms: CardOnFileTerm[]; securing: boolean }) {
  return (
    <section aria-labelledby="card-on-file-heading" className="rounded-md border border-gray-300 p-4">
      <h2 id="card-on-file-heading" className="text-base font-semibold">
        {CHECKOUT_MESSAGES.cardOnFileHeading}
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        {securing ? CHECKOUT_MESSAGES.securesIntro : CHECKOUT_MESSAGES.cardOnFileIntro}
      </p>
      <dl className="mt-3 flex flex-col gap-3 text-sm">
        {terms.map((term) => (
          <div key={term.kind}>
            <dt className="font-medium">
              {CONSENT_LABELS[term.kind]}: up to {formatPence(term.maximumAmount)}
              {term.noticeHours !== null ? ` (less than ${term.noticeHours} hours’ notice)` : ''}
            </dt>
            <dd className="mt-1 whitespace-pre-line text-gray-700">{term.text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
