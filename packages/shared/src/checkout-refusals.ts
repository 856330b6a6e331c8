/**
 * What the server alone says about a payment page: its refusals, and the balance term it adds to a
 * deposit's card-on-file terms. A module of its own, so the payment pages' bundle (which never shows
 * these) stays within its JS budget.
 */
export const CHECKOUT_REFUSALS = {
  notFound: 'Payment link not found',
  notConnected: 'This clinic does not have payment processing set up',
  // A link that secures an appointment takes no payment, and one that takes payments saves no card
  // alone (docs/decisions/0095-secure-your-appointment.md).
  savesCardOnly: 'This link saves a card for an appointment; nothing is paid on it.',
  takesPayment: 'This link takes a payment; pay on its payment page.',
} as const;

/** The balance term of a deposit's card-on-file terms (docs/decisions/0094-deposits-and-balances.md). */
export function balanceTermText(balance: string): string {
  return `The balance of your treatment, ${balance}, may be charged to your saved card after your appointment.`;
}
