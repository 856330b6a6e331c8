import { parsePoundsToPence, REFUND_MESSAGES, REFUND_REASONS } from '@clinicpay/shared';
import { z } from 'zod';

/**
 * The refund rules (docs/product.md#validation): a pounds amount above 0 and not above what may still
 * be refunded; parsed to integer pence.
 */
export function refundFormSchema(refundablePence: number) {
  return z.object({
    amount: z.string().transform((value, context) => {
      const pence = parsePoundsToPence(value);
      if (pence === null || pence <= 0) {
        context.addIssue({ code: 'custom', message: REFUND_MESSAGES.invalidAmount });
        return z.NEVER;
      }
      if (pence > refundablePence) {
        context.addIssue({ code: 'custom', message: REFUND_MESSAGES.exceedsPayment(refundablePence) });
        return z.NEVER;
      }
      return pence;
    }),
  });
}
export type RefundForm = z.input<ReturnType<typeof refundFormSchema>>;
export type RefundFormValues = z.output<ReturnType<typeof refundFormSchema>>;

/** The payment page's inline refund: the amount as above, and a reason or none (''). */
export function inlineRefundFormSchema(refundablePence: number) {
  return refundFormSchema(refundablePence).extend({
    reason: z.union([z.enum(REFUND_REASONS), z.literal('')]),
  });
}
export type InlineRefundForm = z.input<ReturnType<typeof inlineRefundFormSchema>>;
export type InlineRefundFormValues = z.output<ReturnType<typeof inlineRefundFormSchema>>;
