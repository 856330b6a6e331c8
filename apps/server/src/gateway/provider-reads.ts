/**
 * Reading the provider while handling its webhook events. Lives below the modules, so the modules
 * that handle events and the webhooks module that dispatches them share it without importing each
 * other.
 */
import { GatewayError } from './gateway.js';

/**
 * An event that cannot be applied yet (the provider did not answer, or the payment it is about is not
 * recorded yet). Thrown by a handler, or by its change to roll the change back; processWebhookEvent
 * turns it into the 'deliver_again_later' result, and the route asks the provider to deliver the event
 * again (503), as Stripe retries for up to three days (docs.stripe.com/webhooks#retries).
 */
export class DeliverAgainLater extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'DeliverAgainLater';
  }
}

/**
 * Reads something from the provider for an event: the value, or undefined when the provider does not
 * know the object (resource_missing: such an event is about nothing of ClinicPay's and is
 * acknowledged). Throws DeliverAgainLater with `reason` when the provider could not answer now.
 */
export async function readFromProvider<T>(read: () => Promise<T>, reason: string): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'resource_missing') return undefined;
    throw new DeliverAgainLater(reason);
  }
}
