/**
 * Text delivery reports (docs/decisions/0109-text-delivery-reports.md): Twilio posts each status change
 * of a text to the status callback given when it was sent
 * (https://www.twilio.com/docs/messaging/guides/track-outbound-message-status). A text reported
 * 'delivered' shows as delivered; 'undelivered' or 'failed' turns it failed, with Twilio's error code as
 * the reason. Other statuses ('queued', 'sent', …) say nothing the notification log does not already.
 */
import type { Db } from '../../db/client.js';
import { readTwilioStatusCallback } from '../../mail/sms.js';
import { recordTextDelivery } from './queries.js';

/** Where Twilio posts a text's status changes (on PUBLIC_URL). */
export const TEXT_STATUS_PATH = '/api/webhooks/twilio/message-status';

/** Why a text was not delivered, in the words the notification log and the admin's failed list show. */
export function undeliveredReason(status: string, errorCode: string | null): string {
  const verdict = status === 'undelivered' ? 'The phone network did not deliver the text' : 'The text failed';
  return errorCode
    ? `${verdict} (Twilio error ${errorCode}: https://www.twilio.com/docs/api/errors/${errorCode})`
    : verdict;
}

/**
 * Records one status callback. Resolves to 'refused' when the signature is not Twilio's (nothing is
 * changed), else 'recorded' (whether or not the report changed a row: Twilio may report a status twice
 * or out of order, and a repeat is answered the same).
 */
export async function receiveTextStatus(
  db: Db,
  authToken: string,
  callback: { signature: string | undefined; url: string; params: Record<string, string> },
): Promise<'recorded' | 'refused'> {
  const report = await readTwilioStatusCallback(authToken, callback);
  if (!report) return 'refused';
  if (report.status === 'delivered')
    await recordTextDelivery(db, report.providerMessageId, { delivered: true });
  else if (report.status === 'undelivered' || report.status === 'failed')
    await recordTextDelivery(db, report.providerMessageId, {
      delivered: false,
      failure: undeliveredReason(report.status, report.errorCode),
    });
  return 'recorded';
}
