/**
 * The sandbox's outgoing webhook events: Stripe-shaped (docs.stripe.com/api/events/object), signed in
 * Stripe's scheme with the endpoint's sandbox secret, stored, and delivered until the endpoint answers
 * 2xx, retrying with exponential back-off.
 */
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { sandboxEvents } from '../../db/schema/index.js';
import type { WebhookEndpoint } from '../gateway.js';
import { signLikeStripe } from '../webhook-signature.js';
import { sandboxId } from './ids.js';

/** The URL path of each endpoint, as Stripe would be configured to call it. */
export const WEBHOOK_PATHS: Record<WebhookEndpoint, string> = {
  platform: '/api/webhooks/stripe',
  connect: '/api/webhooks/stripe-connect',
};

/** Sends one signed event to a webhook path and resolves to the HTTP status it answered. */
export type EventTransport = (path: string, payload: string, signature: string) => Promise<number>;

const MAX_BACKOFF_SECONDS = 60 * 60;

export function retryDelaySeconds(attempts: number): number {
  return Math.min(MAX_BACKOFF_SECONDS, 2 ** Math.max(0, attempts - 1));
}

export interface SandboxEvents {
  /**
   * Stores an event for delivery and starts delivering. `account` marks a Connect event about that
   * account. With `tx`, the event is stored in that transaction, so it exists exactly when the change it
   * reports does; delivery then starts on the next pass (or call deliverDue after the commit).
   */
  emit(
    endpoint: WebhookEndpoint,
    type: string,
    object: Record<string, unknown>,
    account?: string,
    tx?: Tx,
  ): Promise<string>;
  /** Delivers every event that is due; resolves once each has been tried. */
  deliverDue(): Promise<void>;
  /** Delivers due events every second until stopped. */
  start(): void;
  stop(): void;
}

export function createSandboxEvents(options: {
  db: Db;
  secrets: Record<WebhookEndpoint, string>;
  transport: () => EventTransport | undefined;
  onError: (error: unknown) => void;
}): SandboxEvents {
  const { db, secrets } = options;
  let timer: NodeJS.Timeout | undefined;
  let delivering: Promise<void> | undefined;

  async function deliverOne(row: typeof sandboxEvents.$inferSelect, transport: EventTransport) {
    const endpoint = row.endpoint as WebhookEndpoint;
    let status = 0;
    let failure: string | null = null;
    try {
      status = await transport(
        WEBHOOK_PATHS[endpoint],
        row.payload,
        signLikeStripe(row.payload, secrets[endpoint]),
      );
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    const attempts = row.attempts + 1;
    if (status >= 200 && status < 300) {
      await db
        .update(sandboxEvents)
        .set({ attempts, deliveredAt: new Date(), lastError: null })
        .where(eq(sandboxEvents.id, row.id));
      return;
    }
    await db
      .update(sandboxEvents)
      .set({
        attempts,
        lastError: failure ?? `HTTP ${status}`,
        nextAttemptAt: new Date(Date.now() + retryDelaySeconds(attempts) * 1000),
      })
      .where(eq(sandboxEvents.id, row.id));
  }

  async function deliverDue() {
    const transport = options.transport();
    if (!transport) return;
    const due = await db
      .select()
      .from(sandboxEvents)
      .where(and(isNull(sandboxEvents.deliveredAt), lte(sandboxEvents.nextAttemptAt, new Date())))
      .orderBy(asc(sandboxEvents.createdAt))
      .limit(50);
    for (const row of due) await deliverOne(row, transport);
  }

  /** One delivery pass at a time, so an event is not sent twice at once. */
  function deliverSerially(): Promise<void> {
    delivering = (delivering ?? Promise.resolve()).then(deliverDue).catch(options.onError);
    return delivering;
  }

  return {
    async emit(endpoint, type, object, account, tx) {
      const id = sandboxId('evt');
      const event = {
        id,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        type,
        ...(account ? { account } : {}),
        data: { object },
      };
      await (tx ?? db).insert(sandboxEvents).values({ id, endpoint, payload: JSON.stringify(event) });
      if (!tx) void deliverSerially();
      return id;
    },
    deliverDue: deliverSerially,
    start() {
      timer ??= setInterval(() => void deliverSerially(), 1000).unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
