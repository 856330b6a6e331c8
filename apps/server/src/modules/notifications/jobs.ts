/**
 * The notifications module's job: delivering one queued notification by its channel (deliver.ts holds
 * the handler). Sent in the transaction that queues the notification (payload.ts, service.ts).
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/index.js';

/** Delivers one notification row by email, SMS or webhook, retried with back-off. */
export const deliverNotification = defineJob({
  name: 'notifications.deliver',
  schema: z.object({ notificationId: z.uuid() }),
  // 6 attempts over 5 to 10 minutes: waits of 10-20, 20-40, 40-80, 80-160 and 160-320 s.
  retryLimit: 5,
  retryDelaySeconds: 10,
  // Longer than the SMTP, SMS and webhook timeouts together.
  expireInSeconds: 60,
  // Each delivery is its own message: five go out side by side from each process.
  concurrency: 5,
});
