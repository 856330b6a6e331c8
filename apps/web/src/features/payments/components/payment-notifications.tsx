import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_TYPE_LABELS,
  type NotificationDelivery,
} from '@clinicpay/shared';
import { CheckCircle2, Clock, type LucideIcon, XCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * The clinic reads times as the clinic's clock shows them, in London (en-GB dates,
 * docs/product.md#constants).
 */
const londonDateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

const STATUS_LOOK: Record<NotificationDelivery['status'], { icon: LucideIcon; className: string }> = {
  sent: { icon: CheckCircle2, className: 'text-green-800' },
  pending: { icon: Clock, className: 'text-slate-700' },
  failed: { icon: XCircle, className: 'text-red-800' },
};

/** How a delivery went, in words: colour and icon only repeat it (WCAG 1.4.1). */
function notificationStatusText(delivery: NotificationDelivery): string {
  if (delivery.status === 'sent') {
    // A text's delivery, where the provider reports it (docs/decisions/0109-text-delivery-reports.md).
    if (delivery.deliveredAt) return `Delivered ${londonDateTime.format(new Date(delivery.deliveredAt))}`;
    return delivery.sentAt ? `Sent ${londonDateTime.format(new Date(delivery.sentAt))}` : 'Sent';
  }
  if (delivery.status === 'failed') return delivery.lastError ? `Failed: ${delivery.lastError}` : 'Failed';
  if (delivery.attempts === 0) return 'Waiting to send';
  return delivery.lastError
    ? `Waiting to send — retrying. Last error: ${delivery.lastError}`
    : 'Waiting to send — retrying';
}

/**
 * Each notice sent about this payment, to whom, on which channel, and how it went (decision 0019);
 * webhook deliveries name their URL as the recipient.
 */
export function PaymentNotifications({ notifications }: { notifications: NotificationDelivery[] }) {
  return (
    <section aria-labelledby="notifications-heading" className="text-sm">
      <h3 id="notifications-heading" className="mb-1 font-medium">
        Notifications
      </h3>
      {notifications.length === 0 ? (
        <p className="text-slate-600">No notifications have been sent for this payment.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {notifications.map((delivery) => (
            <DeliveryItem key={delivery.id} delivery={delivery} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DeliveryItem({ delivery }: { delivery: NotificationDelivery }) {
  const look = STATUS_LOOK[delivery.status];
  const Icon = look.icon;
  return (
    <li className="flex flex-col gap-0.5 px-3 py-2">
      <span className="font-medium">{NOTIFICATION_TYPE_LABELS[delivery.type]}</span>
      <span className="min-w-0 break-words text-slate-600">
        {NOTIFICATION_CHANNEL_LABELS[delivery.channel]} to{' '}
        {delivery.recipient ?? `the ${delivery.recipientType}`}
      </span>
      <span className={cn('flex items-start gap-1.5', look.className)}>
        <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span className="min-w-0 break-words">{notificationStatusText(delivery)}</span>
      </span>
    </li>
  );
}
