/** Reads and writes of webhook_events: which provider events were processed. No rules here. */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { webhookEvents } from '../../db/schema/index.js';
import type { ProviderEvent, WebhookEndpoint } from '../../gateway/gateway.js';

/** True when an event with this id was recorded. */
export async function eventRecorded(db: Db, eventId: string): Promise<boolean> {
  const [seen] = await db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(eq(webhookEvents.id, eventId));
  return seen !== undefined;
}

/** Records the event in `tx`; false when its id was already recorded (nothing is written then). */
export async function insertEventUnlessRecorded(
  tx: Tx,
  endpoint: WebhookEndpoint,
  event: ProviderEvent,
): Promise<boolean> {
  const inserted = await tx
    .insert(webhookEvents)
    .values({
      id: event.id,
      endpoint,
      type: event.type,
      createdAt: new Date(event.created * 1000),
      payload: event,
    })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return inserted.length > 0;
}
