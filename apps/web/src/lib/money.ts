import { formatPence } from '@clinicpay/shared';

/**
 * Integer pence as pounds, a negative amount with a true minus sign (U+2212) as money is printed:
 * -320 → '−£3.20', 4500 → '£45.00'.
 */
export function formatSignedPence(pence: number): string {
  return pence < 0 ? `\u2212${formatPence(-pence)}` : formatPence(pence);
}
