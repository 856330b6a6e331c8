/**
 * The checkout request as the server takes it (decision 0112): the payment form's own schema, with the
 * payer's phone, which docs/product.md#validation never refuses, kept in E.164 when it reads as a number
 * ('07700 900123' → '+447700900123'), else as typed, trimmed (decision 0018). Only the server parses
 * this, so libphonenumber-js (about 29 kB gzipped) stays off the payment page; the browser checks the
 * phone's length alone, as this does.
 */
import { z } from 'zod/mini';
import { toE164 } from '../phone.js';
import { checkoutRequestSchema } from './checkout.js';

export const checkoutBodySchema = z.extend(checkoutRequestSchema, {
  phone: z.pipe(
    checkoutRequestSchema.shape.phone,
    z.transform((value) => (value ? (toE164(value) ?? value) : null)),
  ),
});
/** A parsed checkout body: the payment form's fields, the phone in E.164 where it reads as a number. */
export type CheckoutBody = z.output<typeof checkoutBodySchema>;
