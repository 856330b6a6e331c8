/**
 * What a module's provider-event handler is given and returns. It sits below the modules, so the
 * modules that handle an event type (payments, refunds, disputes, payouts, saved cards) and the webhooks
 * module that dispatches events to them share it without importing one another.
 */
import type { Db, Tx } from '../db/client.js';
import type { JobQueue } from '../jobs/index.js';
import type { CardGateway, ProviderEvent } from './gateway.js';

export interface EventDeps {
  db: Db;
  gateway: CardGateway;
  /** For jobs an event makes necessary (notices), sent in the event's transaction. */
  jobs: Pick<JobQueue, 'send'>;
  /** Where links in the emails an event sends point. */
  publicUrl: string;
  /** Says why an event changed nothing (e.g. a dispute on a charge ClinicPay does not know). */
  log: { info: (details: Record<string, unknown>, message: string) => void };
}

/**
 * Handles one event type: reads what it needs (the provider, the database) and returns the change to
 * make, which runs in the same transaction that records the event as processed.
 */
export type EventHandler = (deps: EventDeps, event: ProviderEvent) => Promise<(tx: Tx) => Promise<void>>;
