/**
 * Text messages, through a provider adapter (design.md "email / SMS"): the Twilio SDK when TWILIO_*
 * is configured; otherwise, outside production, the dev outbox (channel 'sms'). In production without
 * Twilio every send fails for good, and the notification records why. The SDK (about 25 MB of a
 * server's memory) is loaded with the first text, and only where Twilio is configured (issue #15).
 */
import type twilio from 'twilio';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { recordInDevOutbox } from './dev-outbox.js';

export interface SmsSender {
  /** 'twilio' delivers for real; 'dev-outbox' keeps texts on this machine; 'none' refuses them. */
  readonly transport: 'twilio' | 'dev-outbox' | 'none';
  /** Sends `text` to `to` (E.164, e.g. '+447700900123'). Rejects when the provider refuses it. */
  send(to: string, text: string): Promise<void>;
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
      async send() {
        throw new PermanentSmsFailure('No SMS provider is configured (set TWILIO_*)');
      },
    };
  }
  return {
    transport: 'dev-outbox',
    async send(to, text) {
      await recordInDevOutbox(db, { channel: 'sms', recipient: to, subject: null, textBody: text });
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
    async send(to, text) {
      const sdk = await twilioClient();
      try {
        await sdk.messages.create({ to, from: settings.from, body: text });
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
