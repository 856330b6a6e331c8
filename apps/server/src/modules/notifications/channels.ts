/**
 * Notification channels. A notice goes out on each channel the clinic has switched on, and each
 * channel has its own notifications row, so a failed email and a delivered text are each recorded as
 * they are (and a retry resends only what failed). The row's payload keeps the shape of
 * docs/product.md#notification-payload, with notification_method naming that row's one channel.
 */
export type Channel = 'email' | 'sms';

export interface NotificationMethod {
  email: boolean;
  sms: boolean;
}

/** The channels switched on in `method`, each as the method of its own row. */
export function channelsOf(
  method: NotificationMethod,
): Array<{ channel: Channel; method: NotificationMethod }> {
  const channels: Channel[] = [];
  if (method.email) channels.push('email');
  if (method.sms) channels.push('sms');
  return channels.map((channel) => ({
    channel,
    method: { email: channel === 'email', sms: channel === 'sms' },
  }));
}
