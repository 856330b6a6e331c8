/**
 * Notifications (docs/product.md#notification-payload; decision 0019): notices are queued as rows
 * with delivery jobs in the transaction that makes them necessary, and delivered by the job queue's
 * workers by email, SMS and the admin's webhooks. Account emails go through the same queue, by the
 * send-email job of mail/email-job.ts, whose handler is registered here.
 */
import type { JobQueue } from '../../jobs/index.js';
import { sendEmail, sendEmailHandler } from '../../mail/email-job.js';
import { type DeliveryDeps, deliverNotificationHandler } from './deliver.js';
import { deliverNotification } from './jobs.js';

export type { DeliveryDeps } from './deliver.js';
export { type Notice, queueNotice, queueNotices, queuePaymentNotice } from './payload.js';
export { notificationRoutes, textStatusRoutes } from './routes.js';
export { listNotificationsAbout } from './service.js';

/** Registers the notification jobs' handlers on the queue (before it starts). */
export function registerNotificationJobs(
  jobs: JobQueue,
  deps: DeliveryDeps & { onRefused: (error: unknown) => void },
): void {
  jobs.register(deliverNotification, deliverNotificationHandler(deps));
  jobs.register(sendEmail, sendEmailHandler(deps));
}
