import { parsePoundsToPence, REFUND_MESSAGES } from '@clinicpay/shared';
import { z } from 'zod';

/**
 * Spec §5 refund rules: a pounds amount above 0 and not above what may still be refunded; parsed to
 * integer pence.
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
