/**
 * What was sent about a payment, and the notices that failed (decision 0019). A notice goes out as one
 * delivery per channel: email, SMS or the admin's notification webhook
 * (docs/product.md#notification-payload).
 */
import { z } from 'zod';

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  notFailed: 'Only a failed notification can be retried',
  retried: 'Notification queued to be sent again',
} as const;

/** The notification types (docs/product.md#notification-payload), as the clinic and the admin read them. */
export const NOTIFICATION_TYPE_LABELS = {
  payment_request: 'Payment request',
  payment_reminder: 'Payment reminder',
  payment_confirmation: 'Payment receipt',
  payment_received: 'Payment received notice',
  refund_confirmation: 'Refund notice',
  charge_authentication: 'Confirm a charge (the bank asks the patient)',
  card_saved: 'Card saved (nothing charged)',
} as const;

export const NOTIFICATION_CHANNEL_LABELS = { email: 'Email', sms: 'SMS', webhook: 'Webhook' } as const;

/** pending: waiting or being retried; sent: the provider took it; failed: given up on, with the reason. */
export const notificationStatusSchema = z.enum(['pending', 'sent', 'failed']);

export const notificationDeliverySchema = z.object({
  id: z.string(),
  type: z.enum([
    'payment_request',
    'payment_reminder',
    'payment_confirmation',
    'payment_received',
    'refund_confirmation',
    'charge_authentication',
    'card_saved',
  ]),
  channel: z.enum(['email', 'sms', 'webhook']),
  recipientType: z.enum(['patient', 'clinic']),
  /** The email address, phone number or webhook URL. */
  recipient: z.string().nullable(),
  status: notificationStatusSchema,
  attempts: z.number().int(),
  /** Why the last attempt failed, if it did. */
  lastError: z.string().nullable(),
  /** ISO 8601 timestamps. */
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /**
   * When the provider reported a text delivered to the phone (docs/decisions/0109-text-delivery-reports.md);
   * null for email and webhooks, whose delivery is not reported, and until then.
   */
  deliveredAt: z.string().nullable().default(null),
});
export type NotificationDelivery = z.infer<typeof notificationDeliverySchema>;

/** GET /api/admin/notifications/failed: newest first, at most 100. */
export const failedNotificationsSchema = z.object({
  notifications: z.array(
    notificationDeliverySchema.extend({ clinicId: z.string(), clinicName: z.string().nullable() }),
  ),
});
export type FailedNotifications = z.infer<typeof failedNotificationsSchema>;

export const notificationIdParamsSchema = z.object({ id: z.string().max(100) });

/** POST /api/admin/notifications/:id/retry */
export const notificationRetryResponseSchema = z.object({
  message: z.string(),
  notification: notificationDeliverySchema,
});
