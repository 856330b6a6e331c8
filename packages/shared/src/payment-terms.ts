/**
 * A clinic's payment terms (docs/decisions/0107-payment-terms.md): what it writes in Settings → Terms
 * about fees, deposits, refunds and cancellations, versioned. When terms are in force the payment page
 * shows them with a required "I have read and accept" box, and the payment keeps the version accepted,
 * the time and the payer's IP address. Without terms nothing changes. What the payment pages read of
 * them (zod/mini, no zod in their bundle) is in checkout.ts.
 */
import { z } from 'zod';

export const TERMS_LIMITS = { minTextLength: 20, maxTextLength: 5_000 } as const;

export const TERMS_MESSAGES = {
  tab: 'Terms',
  title: 'Payment terms',
  description:
    'Your fees, deposits, refunds and cancellations, as patients read them before paying. In England, CQC Regulation 19 asks for a written statement of fees before treatment.',
  textLabel: 'Terms text',
  textHint: `Patients must tick that they have read and accept them before paying. Each change is kept as a new version. ${TERMS_LIMITS.minTextLength} to ${TERMS_LIMITS.maxTextLength.toLocaleString('en-GB')} characters.`,
  textRequired: `Please write the terms as your patients will read them (at least ${TERMS_LIMITS.minTextLength} characters)`,
  textTooLong: `Please keep the terms under ${TERMS_LIMITS.maxTextLength.toLocaleString('en-GB')} characters`,
  noControlCharacters: 'Remove the special characters from the terms',
  saved: (version: number) => `Payment terms saved as version ${version}`,
  unchanged: 'Payment terms are unchanged',
  turnedOff: 'Payment terms turned off: patients pay without them',
  turnOff: 'Turn off',
  save: 'Save terms',
  saveFailed: 'Failed to save the payment terms',
  inForce: (version: number) => `In force: version ${version}`,
  notSet: 'Not set: patients pay without accepting terms.',
  // The payment details.
  accepted: (version: number, at: string) => `Version ${version}, accepted on ${at}`,
  acceptedLabel: 'Payment terms',
  fromIp: (ip: string) => `from IP address ${ip}`,
  view: 'View the terms (opens in a new tab)',
  notFound: 'Payment terms not found',
  // Said by the server on the payment page's box; the page shows what the server says.
  changed: 'The clinic’s payment terms have just changed. Please read them again before paying.',
} as const;

/** True when `text` holds a control character other than a line break (a clinic's own paragraphs). */
export function hasControlCharacters(text: string): boolean {
  return [...text].some((char) => {
    const code = char.charCodeAt(0);
    return (code < 32 && code !== 10 && code !== 13) || code === 127;
  });
}

/** PUT /api/clinic/terms: the terms as patients will read them. */
export const termsInputSchema = z.object({
  text: z
    .string({ error: TERMS_MESSAGES.textRequired })
    .trim()
    .min(TERMS_LIMITS.minTextLength, TERMS_MESSAGES.textRequired)
    .max(TERMS_LIMITS.maxTextLength, TERMS_MESSAGES.textTooLong)
    .refine((text) => !hasControlCharacters(text), TERMS_MESSAGES.noControlCharacters),
});
export type TermsInput = z.input<typeof termsInputSchema>;

/** One version of a clinic's terms; createdAt is ISO 8601. */
export const clinicTermsSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
});
export type ClinicTerms = z.infer<typeof clinicTermsSchema>;

/** GET/PUT/DELETE /api/clinic/terms: the terms in force (null when none), and whether a save changed them. */
export const termsResponseSchema = z.object({ terms: clinicTermsSchema.nullable(), changed: z.boolean() });

/** What a payment keeps of the terms its payer accepted; acceptedAt is ISO 8601, ip as the server saw it. */
export const acceptedTermsSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  acceptedAt: z.string(),
  ip: z.string().nullable(),
});
export type AcceptedTerms = z.infer<typeof acceptedTermsSchema>;

/**
 * GET /api/public/clinic-terms/:termsId: one version of a clinic's terms, as a receipt links to it
 * (the page is the site's, termsPath in checkout.ts); createdAt is ISO 8601.
 */
export const publicTermsSchema = clinicTermsSchema.extend({ clinicName: z.string() });
export type PublicTerms = z.infer<typeof publicTermsSchema>;
