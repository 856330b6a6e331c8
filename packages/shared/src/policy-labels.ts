/**
 * The policy names users see, in a module of their own (no schemas), so the payment page can show them
 * without loading the policies module and zod.
 */
export const POLICY_LABELS = {
  cancellation: 'Cancellation policy',
  no_show: 'No-show fee',
} as const satisfies Record<'cancellation' | 'no_show', string>;
