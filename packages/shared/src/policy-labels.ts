/**
 * The policy names users see, in a module of their own (no schemas), so the payment page can show them
 * without loading the policies module and zod.
 */
export const POLICY_LABELS = {
  cancellation: 'Cancellation policy',
  no_show: 'No-show fee',
} as const satisfies Record<'cancellation' | 'no_show', string>;

/**
 * What a patient can agree to when their card is saved: the clinic's two policies, and the balance of a
 * treatment whose deposit they pay now (docs/decisions/0094-deposits-and-balances.md).
 */
export const CONSENT_KINDS = ['cancellation', 'no_show', 'balance'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export const CONSENT_LABELS = {
  ...POLICY_LABELS,
  balance: 'Balance of your treatment',
} as const satisfies Record<ConsentKind, string>;
