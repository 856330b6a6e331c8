/**
 * The card processing fee the sandbox charges: the shared card fee table's (packages/shared
 * card-fees.ts, decision 0084), so the sandbox, the fees page and the admin settings agree.
 */
export { cardFeeFor } from '@clinicpay/shared';
