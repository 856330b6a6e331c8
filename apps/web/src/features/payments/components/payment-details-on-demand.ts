import { onDemand } from '@/lib/on-demand';

/**
 * A payment's details with refund (payment-details-dialog.tsx), loaded when a payment is first opened
 * (decision 0127): its forms and the request actions are no part of a list's first load.
 */
export const PaymentDetailsDialog = onDemand(
  async () => (await import('./payment-details-dialog')).PaymentDetailsDialog,
  (props) => props.paymentId !== null,
);
