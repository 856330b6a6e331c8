/**
 * Disputes and early fraud warnings (docs/decisions/0086-disputes.md): the provider's events, the
 * clinic's evidence and Disputes pages, the money moved when funds are withdrawn or reinstated, the
 * notices and reminders, and the admin's list. Other modules import disputes only through this file.
 */
import type { JobQueue } from '../../jobs/index.js';
import { moveDisputeFunds, remindDispute } from './jobs.js';
import { type DisputeDeps, moveFunds, sendReminder } from './service.js';

export { onDisputeEvent, onEarlyFraudWarning } from './events.js';
export { moveDisputeFunds, remindDispute } from './jobs.js';
export { adminDisputeRoutes, disputeRoutes } from './routes.js';
export type { DisputeDeps } from './service.js';

/** Registers the jobs that move a dispute's money and remind the clinic, on the queue (before it starts). */
export function registerDisputeJobs(jobs: JobQueue, deps: DisputeDeps): void {
  jobs.register(moveDisputeFunds, ({ disputeId }) => moveFunds(deps, disputeId));
  jobs.register(remindDispute, ({ disputeId }) => sendReminder(deps, disputeId));
}
