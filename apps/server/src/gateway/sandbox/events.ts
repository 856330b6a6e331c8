/**
 * The sandbox's outgoing webhook events: Stripe-shaped (docs.stripe.com/api/events/object), signed in
 * Stripe's scheme with the endpoint's sandbox secret, stored, and delivered by a job on the durable
 * job queue (decision 0019) until the endpoint answers 2xx, retrying with exponential back-off as Stripe
 * does. The row keeps what happened (attempts, last error, when delivered).
 */
import { eq, inArray, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { sandboxEvents } from '../../db/schema/index.js';
import { defineJob, type JobHandler, type JobQueue } from '../../jobs/index.js';
import { PROVIDER_API_VERSION, type WebhookEndpoint } from '../gateway.js';
import { signLikeStripe } from '../webhook-signature.js';
import { sandboxId } from './ids.js';

/** The URL path of each endpoint, as Stripe would be configured to call it. */
export const WEBHOOK_PATHS: Record<WebhookEndpoint, string> = {
  platform: '/api/webhooks/stripe',
  connect: '/api/webhooks/stripe-connect',
};

/** Sends one signed event to a webhook path and resolves to the HTTP status it answered. */
export type EventTransport = (path: string, payload: string, signature: string) => Promise<number>;

/** Delivers one stored event: 12 retries, the first after 1 to 2 s, each wait about doubling (1 to 2 hours in all). */
export const deliverSandboxEvent = defineJob({
  name: 'sandbox.deliver-event',
  schema: z.object({ eventId: z.string().min(1).max(100) }),
  retryLimit: 12,
  retryDelaySeconds: 1,
  expireInSeconds: 60,
});

export interface SandboxEvents {
  /**
   * Stores an event and queues its delivery. `account` marks a Connect event about that account. With
   * `tx`, both are stored in that transaction, so the event exists exactly when the change it reports
   * does.
   */
  emit(
    endpoint: WebhookEndpoint,
    type: string,
    object: Record<string, unknown>,
    account?: string,
    tx?: Tx,
  ): Promise<string>;
  /** Delivers, in this process, every event whose delivery is due; resolves once each was tried. */
  deliverDue(): Promise<void>;
  /**
   * Delivers the stored events with these ids again (every delivered one when omitted), as Stripe's
   * dashboard can resend an event; resolves to how many were queued.
   */
  redeliver(eventIds?: string[]): Promise<number>;
  /** Makes every event delivery waiting out its back-off due now. */
  retryNow(): Promise<void>;
  /** Delivers soon, unless stopped: after a confirmation, so the payment is recorded without waiting. */
  deliverSoon(): void;
  /** Resumes deliverSoon after stop. (Servers' job workers deliver on their own.) */
  start(): void;
  /** Makes deliverSoon do nothing, as if the provider's events were late (tests). */
  stop(): void;
}

export function createSandboxEvents(options: {
  db: Db;
  jobs: JobQueue;
  /** Each endpoint's signing secret, read when an event is delivered (the first read may wait for the database). */
  secrets: () => Promise<Record<WebhookEndpoint, string>>;
  transport: () => EventTransport | undefined;
}): SandboxEvents {
  const { db, jobs, secrets } = options;
  let paused = false;
  // One delivery pass at a time: a pass asked for while one runs waits for it, so an event the first
  // pass is delivering is done when the second resolves.
  let delivering: Promise<void> = Promise.resolve();

  const handler: JobHandler<typeof deliverSandboxEvent> = async ({ eventId }) => {
    const [row] = await db.select().from(sandboxEvents).where(eq(sandboxEvents.id, eventId));
    if (!row || row.deliveredAt) return;
    const transport = options.transport();
    if (!transport) throw new Error('The app is not ready to receive webhook events yet');
    const endpoint = row.endpoint as WebhookEndpoint;
    let status = 0;
    let failure: string | null = null;
    try {
      status = await transport(
        WEBHOOK_PATHS[endpoint],
        row.payload,
        signLikeStripe(row.payload, (await secrets())[endpoint]),
      );
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    const delivered = status >= 200 && status < 300;
    await db
      .update(sandboxEvents)
      .set({
        attempts: row.attempts + 1,
        deliveredAt: delivered ? new Date() : null,
        lastError: delivered ? null : (failure ?? `HTTP ${status}`),
      })
      .where(eq(sandboxEvents.id, row.id));
    if (!delivered)
      throw new Error(`Webhook event ${row.id} not acknowledged: ${failure ?? `HTTP ${status}`}`);
  };
  jobs.register(deliverSandboxEvent, handler);

  function deliverDue(): Promise<void> {
    // A failed pass does not stop later ones: its jobs stay queued for the next pass or a worker.
    delivering = delivering.catch(() => {}).then(() => jobs.drain({ only: [deliverSandboxEvent] }));
    return delivering;
  }

  return {
    async emit(endpoint, type, object, account, tx) {
      const id = sandboxId('evt');
      const event = {
        id,
        object: 'event',
        api_version: PROVIDER_API_VERSION,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        type,
        ...(account ? { account } : {}),
        data: { object },
      };
      await (tx ?? db).insert(sandboxEvents).values({ id, endpoint, payload: JSON.stringify(event) });
      await jobs.send(deliverSandboxEvent, { eventId: id }, tx ? { tx } : {});
      return id;
    },
    deliverDue,
    deliverSoon() {
      // Nobody awaits this pass; what it could not deliver stays queued and is retried.
      if (!paused) deliverDue().catch(() => {});
    },
    async redeliver(eventIds) {
      const rows = await db
        .update(sandboxEvents)
        .set({ deliveredAt: null })
        .where(eventIds ? inArray(sandboxEvents.id, eventIds) : isNotNull(sandboxEvents.deliveredAt))
        .returning({ id: sandboxEvents.id });
      for (const row of rows) await jobs.send(deliverSandboxEvent, { eventId: row.id });
      return rows.length;
    },
    retryNow: () => jobs.retryNow(deliverSandboxEvent),
    start() {
      paused = false;
    },
    stop() {
      paused = true;
    },
  };
}
