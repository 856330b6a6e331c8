import type { Db } from '../../db/client.js';
import type { ProviderEvent } from '../../gateway/gateway.js';
import type { CardGateway } from '../../gateway/index.js';

/** A transaction, as Drizzle hands it to a callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface EventDeps {
  db: Db;
  gateway: CardGateway;
}

/**
 * Handles one event type: reads what it needs (the provider, the database) and returns the change to
 * make, which runs in the same transaction that records the event as processed.
 */
export type EventHandler = (deps: EventDeps, event: ProviderEvent) => Promise<(tx: Tx) => Promise<void>>;
