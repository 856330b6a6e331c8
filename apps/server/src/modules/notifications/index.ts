/**
 * Notifications (spec §3 notification_queue row and payload): one notifications row per channel, each
 * with the spec's payload. Delivery of queued rows is the queue's job.
 */
export { type Channel, channelsOf, type NotificationMethod } from './channels.js';
export {
  buildNotificationPayload,
  type NotificationType,
  type PayloadPatient,
  type PayloadPayment,
  patientChannels,
  queuePaymentNotice,
} from './payload.js';
