import { parsePoundsToPence, REFUND_MESSAGES } from '@clinicpay/shared';
import { z } from 'zod';

/** 4550 → '45.50', the refund input's value in pounds, without floating-point arithmetic. */
export function penceToPoundsInput(pence: number): string {
  return `${Math.trunc(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
}

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
