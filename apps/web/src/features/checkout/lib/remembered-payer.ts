/**
 * The payer's name, email and phone, kept in this tab for one payment page while a payment is tried,
 * so Try Again after a failure brings them back. Never the card. Kept in sessionStorage
 * (gone with the tab), under the page's id, and forgotten once the payment succeeds (decision 0024).
 */
import { type RememberedPayer, rememberedPayerSchema } from '@clinicpay/shared';

export type { RememberedPayer };

const key = (pageId: string) => `clinicpay:payer:${pageId}`;

/** Keeps the payer's details for payment page `pageId`; a full or blocked storage just keeps nothing. */
export function rememberPayer(pageId: string, payer: RememberedPayer) {
  try {
    sessionStorage.setItem(key(pageId), JSON.stringify(payer));
  } catch {
    // Private modes and full storage refuse; the patient then types the details again.
  }
}

/** The details kept for payment page `pageId`, or null. */
export function rememberedPayer(pageId: string): RememberedPayer | null {
  try {
    const parsed = rememberedPayerSchema.safeParse(JSON.parse(sessionStorage.getItem(key(pageId)) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Forgets the details kept for payment page `pageId` (after a successful payment). */
export function forgetPayer(pageId: string) {
  try {
    sessionStorage.removeItem(key(pageId));
  } catch {
    // Nothing was kept.
  }
}
