/**
 * The provider's dispute and early fraud warning events, on the platform endpoint
 * (docs.stripe.com/api/events/types): charge.dispute.created, .updated, .closed, .funds_withdrawn,
 * .funds_reinstated and radar.early_fraud_warning.created. Whatever the event, the object is re-read
 * from the provider, so events arriving late, twice or out of order leave what the provider holds now.
 * An event about a payment of ClinicPay's not recorded yet answers 503 (delivered again later); one
 * about a charge ClinicPay does not know is acknowledged and logged, and changes nothing.
 */

import type { EventDeps, EventHandler } from '../../gateway/event-handler.js';
import { DeliverAgainLater, readFromProvider } from '../../gateway/provider-reads.js';
import { isOurClinic } from '../clinics/index.js';
import { findPaymentByIntent, type PaymentRow } from '../payments/index.js';
import { recordFraudWarning, recordProviderDispute } from './service.js';

const UNREACHABLE = 'The card provider could not be read; deliver this event again later';
export const DISPUTED_PAYMENT_NOT_RECORDED =
  'The disputed payment is not recorded yet; deliver this event again later';

/**
 * The payment a provider object is about, or undefined (logged) when it is none of ClinicPay's.
 * Throws DeliverAgainLater when it is a clinic's succeeded intent not recorded yet.
 */
async function paymentFor(
  deps: EventDeps,
  tx: Parameters<typeof findPaymentByIntent>[0],
  paymentIntentId: string | null,
  ours: boolean,
  what: Record<string, unknown>,
): Promise<PaymentRow | undefined> {
  const payment = paymentIntentId ? await findPaymentByIntent(tx, paymentIntentId) : undefined;
  if (payment) return payment;
  if (ours) throw new DeliverAgainLater(DISPUTED_PAYMENT_NOT_RECORDED);
  deps.log.info(
    { ...what, paymentIntentId },
    'provider event about a charge ClinicPay does not know: ignored',
  );
  return undefined;
}

/** Whether the intent is a clinic's paid intent (its metadata names one of our clinics), so its payment will be recorded. */
async function isClinicPayment(deps: EventDeps, paymentIntentId: string | null): Promise<boolean> {
  if (!paymentIntentId) return false;
  const intent = await readFromProvider(
    () => deps.gateway.retrievePaymentIntent(paymentIntentId),
    UNREACHABLE,
  );
  return intent?.status === 'succeeded' && (await isOurClinic(deps.db, intent.metadata.clinic_id));
}

export const onDisputeEvent: EventHandler = async (deps, event) => {
  const disputeId = String(event.data.object.id ?? '');
  const dispute = disputeId
    ? await readFromProvider(() => deps.gateway.retrieveDispute(disputeId), UNREACHABLE)
    : undefined;
  if (!dispute) {
    deps.log.info({ disputeId, type: event.type }, 'dispute unknown to the provider: ignored');
    return async () => {};
  }
  const ours = await isClinicPayment(deps, dispute.paymentIntentId);
  return async (tx) => {
    const payment = await paymentFor(deps, tx, dispute.paymentIntentId, ours, {
      disputeId,
      type: event.type,
    });
    if (payment) await recordProviderDispute(tx, deps, payment, dispute);
  };
};

export const onEarlyFraudWarning: EventHandler = async (deps, event) => {
  const warningId = String(event.data.object.id ?? '');
  const warning = warningId
    ? await readFromProvider(() => deps.gateway.retrieveEarlyFraudWarning(warningId), UNREACHABLE)
    : undefined;
  if (!warning) {
    deps.log.info({ warningId, type: event.type }, 'early fraud warning unknown to the provider: ignored');
    return async () => {};
  }
  const ours = await isClinicPayment(deps, warning.paymentIntentId);
  return async (tx) => {
    const payment = await paymentFor(deps, tx, warning.paymentIntentId, ours, {
      warningId,
      type: event.type,
    });
    if (payment) await recordFraudWarning(tx, deps, payment, warning);
  };
};
