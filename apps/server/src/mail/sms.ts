/**
 * Text messages, through a provider adapter (decision 0019): the Twilio SDK when TWILIO_*
 * is configured; otherwise, outside production, the dev outbox (channel 'sms'). In production without
 * Twilio every send fails for good, and the notification records why. The SDK (about 25 MB of a
 * server's memory) is loaded with the first text, and only where Twilio is configured (decision 0077).
 */
import type twilio from 'twilio';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { recordInDevOutbox } from './dev-outbox.js';

export interface SmsSender {
  /** 'twilio' delivers for real; 'dev-outbox' keeps texts on this machine; 'none' refuses them. */
  readonly transport: 'twilio' | 'dev-outbox' | 'none';
  /**
   * Sends `text` to `to` (E.164, e.g. '+447700900123'); with `statusCallback`, the provider posts the
   * text's delivery status there (docs/decisions/0109-text-delivery-reports.md). Resolves to the
   * provider's id of the message ('SM…'), or null where there is no provider. Rejects when the
   * provider refuses it.
   */
  send(
    to: string,
    text: string,
    options?: { statusCallback?: string },
  ): Promise<{ providerMessageId: string | null }>;
}

/**
 * A text's status as Twilio reports it to the status callback
 * (https://www.twilio.com/docs/messaging/guides/track-outbound-message-status): the message SID, the
 * status ('queued', 'sent', 'delivered', 'undelivered', 'failed', …) and, for a failure, Twilio's error
 * code.
 */
export interface TextStatusReport {
  providerMessageId: string;
  status: string;
  errorCode: string | null;
}

/**
 * Reads a status callback, or null when its X-Twilio-Signature is not Twilio's for this URL and these
 * form parameters under the account's auth token (the SDK's validateRequest), or it names no message.
 * `url` is the full URL Twilio posted to, as given to it in statusCallback.
 */
export async function readTwilioStatusCallback(
  authToken: string,
  request: { signature: string | undefined; url: string; params: Record<string, string> },
): Promise<TextStatusReport | null> {
  if (!request.signature) return null;
  const { default: sdk } = await import('twilio');
  if (!sdk.validateRequest(authToken, request.signature, request.url, request.params)) return null;
  const providerMessageId = request.params.MessageSid ?? request.params.SmsSid;
  const status = request.params.MessageStatus ?? request.params.SmsStatus;
  if (!providerMessageId || !status) return null;
  return { providerMessageId, status, errorCode: request.params.ErrorCode || null };
}

/** A send the provider refused for good (a bad or unreachable number, no provider): not retried. */
export class PermanentSmsFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentSmsFailure';
  }
}

/** Twilio REST API timeout: a stalled API fails the attempt and the job retries later. */
const TWILIO_TIMEOUT_MS = 10_000;

export function createSmsSender(
  config: Pick<Config, 'isProduction' | 'twilio'>,
  db: Db,
  options: { twilioHttpClient?: twilio.ClientOpts['httpClient'] } = {},
): SmsSender {
  if (config.twilio) return twilioSender(config.twilio, options.twilioHttpClient);
  if (config.isProduction) {
    return {
      transport: 'none',
      async send(): Promise<never> {
        throw new PermanentSmsFailure('No SMS provider is configured (set TWILIO_*)');
      },
    };
  }
  return {
    transport: 'dev-outbox',
    async send(to, text) {
      await recordInDevOutbox(db, { channel: 'sms', recipient: to, subject: null, textBody: text });
      return { providerMessageId: null };
    },
  };
}

function twilioSender(
  settings: NonNullable<Config['twilio']>,
  httpClient: twilio.ClientOpts['httpClient'],
): SmsSender {
  let client: Promise<twilio.Twilio> | undefined;
  const twilioClient = () => {
    client ??= import('twilio').then(({ default: createClient }) =>
      createClient(settings.accountSid, settings.authToken, {
        timeout: TWILIO_TIMEOUT_MS,
        autoRetry: false,
        ...(httpClient ? { httpClient } : {}),
      }),
    );
    return client;
  };
  return {
    transport: 'twilio',
    async send(to, text, options = {}) {
      const sdk = await twilioClient();
      try {
        const message = await sdk.messages.create({
          to,
          from: settings.from,
          body: text,
          ...(options.statusCallback ? { statusCallback: options.statusCallback } : {}),
        });
        return { providerMessageId: message.sid };
      } catch (error) {
        // Twilio answers 4xx for a request that can never succeed (e.g. 21211 invalid 'To' number),
        // except 429 (slow down); 5xx and network failures are worth another try.
        const status = (error as { status?: unknown }).status;
        if (typeof status === 'number' && status >= 400 && status < 500 && status !== 429) {
          throw new PermanentSmsFailure(`Twilio refused the text: ${(error as Error).message}`);
        }
        throw error;
      }
    },
  };
}
