/**
 * The offline sandbox's card confirmation (decision 0039): what the sandbox card
 * field sends to POST /api/sandbox/payment-intents/:id/confirm in place of Stripe.js's
 * confirmCardPayment, and what it answers, in Stripe's shape. Written in zod/mini, as everything the
 * payment pages parse (decision 0116).
 */
import { z } from 'zod/mini';

/**
 * The client secret authorises the confirmation; the card is a test card (expiry month 1-12, 4-digit year).
 * Saving a card without a payment (POST /api/sandbox/setup-intents/:id/confirm, in place of Stripe.js's
 * confirmCardSetup) sends the same body.
 */
export const sandboxConfirmBodySchema = z.object({
  clientSecret: z.string().check(z.minLength(1), z.maxLength(200)),
  card: z.object({
    number: z.string().check(z.maxLength(30)),
    expMonth: z.int(),
    expYear: z.int(),
    cvc: z.string().check(z.maxLength(4)),
  }),
  /** Where the sandbox's 3-D Secure page returns, as Stripe's return_url. */
  returnUrl: z.string().check(z.maxLength(2000)),
});
export type SandboxConfirmBody = z.infer<typeof sandboxConfirmBodySchema>;

/** The payment intent after the attempt, the card's refusal if any, or the 3-D Secure page to visit. */
export const sandboxConfirmResultSchema = z.object({
  paymentIntent: z.object({ id: z.string(), status: z.string() }),
  error: z.optional(z.object({ code: z.string(), declineCode: z.optional(z.string()), message: z.string() })),
  nextAction: z.optional(z.object({ redirectUrl: z.string() })),
});
export type SandboxConfirmResult = z.infer<typeof sandboxConfirmResultSchema>;

/** The SetupIntent after the attempt, the card's refusal if any, or the 3-D Secure page to visit. */
export const sandboxConfirmSetupResultSchema = z.object({
  setupIntent: z.object({ id: z.string(), status: z.string() }),
  error: z.optional(z.object({ code: z.string(), declineCode: z.optional(z.string()), message: z.string() })),
  nextAction: z.optional(z.object({ redirectUrl: z.string() })),
});
export type SandboxConfirmSetupResult = z.infer<typeof sandboxConfirmSetupResultSchema>;

/**
 * The patient confirms an intent made for their saved card (after the bank asked for authentication):
 * POST /api/sandbox/payment-intents/:id/confirm-saved-card, in place of Stripe.js's confirmCardPayment
 * with payment_method.
 */
export const sandboxConfirmSavedCardBodySchema = z.object({
  clientSecret: z.string().check(z.minLength(1), z.maxLength(200)),
  paymentMethodId: z.string().check(z.minLength(1), z.maxLength(100)),
  returnUrl: z.string().check(z.maxLength(2000)),
});
export type SandboxConfirmSavedCardBody = z.infer<typeof sandboxConfirmSavedCardBodySchema>;
