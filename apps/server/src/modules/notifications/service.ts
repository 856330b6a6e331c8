/**
 * What the clinic and the admin see of notifications (decision 0019), and the admin's Retry.
 */
import {
  type FailedNotifications,
  NOTIFICATION_MESSAGES,
  type NotificationDelivery,
} from '@clinicpay/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/ids.js';
import type { JobQueue } from '../../jobs/index.js';
import { recordAudit } from '../audit/index.js';
import { deliverNotification } from './jobs.js';
import {
  findNotification,
  type NotificationRow,
  reopenFailedNotification,
  selectFailedNotifications,
  selectNotificationsAbout,
} from './queries.js';

const FAILED_LIST_LIMIT = 100;

/** A row as the API shows it (ISO timestamps). */
export function toDelivery(row: NotificationRow): NotificationDelivery {
  return {
    id: row.id,
    type: row.type as NotificationDelivery['type'],
    channel: row.channel,
    recipientType: row.recipientType,
    recipient: row.recipient,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/**
 * The deliveries about a payment and the request it paid (either id may be null), oldest first. The
 * caller has already checked that the clinic owns them.
 */
export async function listNotificationsAbout(
  db: Db,
  about: { paymentId: string | null; paymentRequestId: string | null },
): Promise<NotificationDelivery[]> {
  return (await selectNotificationsAbout(db, about)).map(toDelivery);
}

/** Every clinic's failed deliveries, newest first (at most 100). */
export async function listFailedNotifications(db: Db): Promise<FailedNotifications> {
  const rows = await selectFailedNotifications(db, FAILED_LIST_LIMIT);
  return {
    notifications: rows.map(({ notification, clinicName }) => ({
      ...toDelivery(notification),
      clinicId: notification.clinicId,
      clinicName,
    })),
  };
}

/**
 * Puts a failed delivery back to pending, queues a new delivery job and audits who asked, in one
 * transaction. Throws
 * NOT_FOUND for an unknown id and CONFLICT when the delivery is not failed (already sent, or pending).
 */
export async function retryNotification(
  deps: { db: Db; jobs: Pick<JobQueue, 'send'> },
  input: { id: string; adminUserId: string },
): Promise<NotificationDelivery> {
  const { id } = input;
  if (!isUuid(id)) throw new AppError('NOTIFICATION_NOT_FOUND', NOTIFICATION_MESSAGES.notFound);
  const reopened = await deps.db.transaction(async (tx) => {
    const row = await reopenFailedNotification(tx, id);
    if (!row) return undefined;
    await deps.jobs.send(deliverNotification, { notificationId: row.id }, { tx });
    await recordAudit(tx, {
      actorUserId: input.adminUserId,
      action: 'notification.retried',
      entityType: 'notification',
      entityId: row.id,
      details: {},
    });
    return row;
  });
  const current = await findNotification(deps.db, id);
  if (!current) throw new AppError('NOTIFICATION_NOT_FOUND', NOTIFICATION_MESSAGES.notFound);
  if (!reopened) throw new AppError('NOTIFICATION_NOT_FAILED', NOTIFICATION_MESSAGES.notFailed);
  return toDelivery(current);
}
