/**
 * The provider's refund events (docs.stripe.com/api/events/types): charge.refunded, refund.created,
 * refund.updated and refund.failed, on the platform endpoint. Whatever the event, the payment intent's
 * refunds are re-read from the provider and reconciled, so events arriving late, twice or out of order
 * leave what the provider holds now. An event about a payment ClinicPay has not recorded yet answers
 * 503, so the provider delivers it again later.
 */

import type { EventHandler } from '../../gateway/event-handler.js';
import { DeliverAgainLater, readFromProvider } from '../../gateway/provider-reads.js';
import { isOurClinic } from '../clinics/index.js';
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
  // An intent the provider does not know is not ClinicPay's payment: acknowledged, nothing to do.
  const read = await readFromProvider(
    async () => ({
      providerRefunds: await gateway.listRefunds(paymentIntentId),
      intent: await gateway.retrievePaymentIntent(paymentIntentId),
    }),
    PROVIDER_UNAVAILABLE,
  );
  if (!read) return async () => {};
  const { providerRefunds, intent } = read;
  return async (tx) => {
    const outcome = await reconcileProviderRefunds(tx, jobs, paymentIntentId, providerRefunds, event.id);
    // Only an intent that paid a clinic will become a payment: anything else is not ClinicPay's.
    if (
      outcome === 'payment_not_recorded' &&
      intent.status === 'succeeded' &&
      (await isOurClinic(tx, intent.metadata.clinic_id))
    )
      throw new DeliverAgainLater(REFUND_PAYMENT_NOT_RECORDED);
  };
};
