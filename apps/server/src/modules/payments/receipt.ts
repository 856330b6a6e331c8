/**
 * Resend receipt, from the clinic's payment page: the patient's payment confirmation queued again, on
 * the channels the clinic's patient notifications use, as the first one was. Nothing is sent inside the
 * request: the notices' jobs deliver it (with retries).
 */
import { defaultNoticeMessage, PAYMENT_MESSAGES, PAYMENT_PAGE_MESSAGES } from '@clinicpay/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/ids.js';
import type { JobQueue } from '../../jobs/index.js';
import { queuePaymentNotice } from '../notifications/index.js';
import { findClinicPaymentRow } from './queries.js';

/**
 * POST /api/payments/:id/receipt: queues the receipt again for a recorded payment of the clinic
 * (paid, partially refunded or refunded) and says how many notices were queued. Throws AppError
 * PAYMENT_NOT_FOUND for another clinic's, unknown or malformed id (an unpaid request included: it has
 * no receipt), and RECEIPT_NOT_SENT (409) when the clinic's patient notifications are all off.
 */
export async function resendReceipt(
  context: { db: Db; jobs: Pick<JobQueue, 'send'>; clinicId: string },
  paymentId: string,
): Promise<{ message: string; notices: number }> {
  if (!isUuid(paymentId)) throw new AppError('PAYMENT_NOT_FOUND', PAYMENT_MESSAGES.notFound);
  return context.db.transaction(async (tx) => {
    const payment = await findClinicPaymentRow(tx, context.clinicId, paymentId);
    if (!payment || payment.status === 'pending')
      throw new AppError('PAYMENT_NOT_FOUND', PAYMENT_MESSAGES.notFound);
    const notices = await queuePaymentNotice(tx, context.jobs, payment, {
      type: 'payment_confirmation',
      recipientType: 'patient',
      refundAmount: payment.refundAmount,
      message: defaultNoticeMessage(payment.title),
    });
    if (notices === 0) throw new AppError('RECEIPT_NOT_SENT', PAYMENT_PAGE_MESSAGES.receiptNotSent);
    return { message: PAYMENT_PAGE_MESSAGES.receiptResent, notices };
  });
}
