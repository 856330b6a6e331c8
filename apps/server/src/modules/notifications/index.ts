/**
 * Notifications (docs/product.md#notification-payload; decision 0019): notices are queued as rows
 * with delivery jobs in the transaction that makes them necessary, and delivered by the job queue's
 * workers by email, SMS and the admin's webhooks. Account emails go through the same queue.
 */
import type { JobQueue } from '../../jobs/index.js';
import { type DeliveryDeps, deliverNotification, deliverNotificationHandler } from './deliver.js';
import { sendEmail, sendEmailHandler } from './send-email.js';

export { type Channel, channelsOf, type NotificationMethod } from './channels.js';
export { type DeliveryDeps, deliverNotification } from './deliver.js';
export {
  buildNotificationPayload,
  type Notice,
  type NotificationPayload,
  type NotificationType,
  type PayloadPatient,
  type PayloadPayment,
  type PaymentNoticeSource,
  patientChannels,
  queueNotice,
  queuePaymentNotice,
} from './payload.js';
export { notificationRoutes, textStatusRoutes } from './routes.js';
export { queueEmail, sendEmail } from './send-email.js';
export { listNotificationsAbout } from './service.js';

/** Registers the notification jobs' handlers on the queue (before it starts). */
export function registerNotificationJobs(
  jobs: JobQueue,
  deps: DeliveryDeps & { onRefused: (error: unknown) => void },
): void {
  jobs.register(deliverNotification, deliverNotificationHandler(deps));
  jobs.register(sendEmail, sendEmailHandler(deps));
}
