/**
 * The provider's refund events (docs.stripe.com/api/events/types): charge.refunded, refund.created,
 * refund.updated and refund.failed, on the platform endpoint. Whatever the event, the payment intent's
 * refunds are re-read from the provider and reconciled, so events arriving late, twice or out of order
 * leave what the provider holds now. An event about a payment ClinicPay has not recorded yet answers
 * 503, so the provider delivers it again later.
 */
import { GatewayError, type PaymentIntent, type Refund as ProviderRefund } from '../../gateway/gateway.js';
import { AppError } from '../../http/app-error.js';
import type { EventHandler } from '../webhooks/index.js';
import { reconcileProviderRefunds } from './service.js';

export const PROVIDER_UNAVAILABLE =
  "The card provider's refunds could not be read; deliver this event again later";

export const REFUND_PAYMENT_NOT_RECORDED =
  'The refunded payment is not recorded yet; deliver this event again later';

/** The payment intent an event's charge or refund object names, if any. */
function paymentIntentOf(object: Record<string, unknown>): string | null {
  const intent = object.payment_intent;
  if (typeof intent === 'string') return intent;
  if (intent && typeof intent === 'object' && typeof (intent as { id?: unknown }).id === 'string')
    return (intent as { id: string }).id;
  return null;
}

export const onRefundEvent: EventHandler = async ({ gateway, jobs }, event) => {
  const paymentIntentId = paymentIntentOf(event.data.object);
  if (!paymentIntentId) return async () => {};
  let providerRefunds: ProviderRefund[];
  let intent: PaymentIntent;
  try {
    providerRefunds = await gateway.listRefunds(paymentIntentId);
    intent = await gateway.retrievePaymentIntent(paymentIntentId);
  } catch (error) {
    // An intent the provider does not know is not ClinicPay's payment: acknowledged, nothing to do.
    if (error instanceof GatewayError && error.code === 'resource_missing') return async () => {};
    // The provider could not answer now: refused, so the event is delivered again later.
    throw new AppError('SERVICE_UNAVAILABLE', PROVIDER_UNAVAILABLE);
  }
  return async (tx) => {
    const outcome = await reconcileProviderRefunds(tx, jobs, paymentIntentId, providerRefunds, event.id);
    // Only an intent that paid a clinic will become a payment: anything else is not ClinicPay's.
    if (outcome === 'payment_not_recorded' && intent.status === 'succeeded' && intent.metadata.clinic_id)
      throw new AppError('SERVICE_UNAVAILABLE', REFUND_PAYMENT_NOT_RECORDED);
  };
};
