/**
 * Text messages. Outside production they go to the dev outbox (channel 'sms'); no SMS provider is wired
 * yet (design.md names Twilio), so in production `send` rejects and the caller records the failure.
 */
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { recordInDevOutbox } from './dev-outbox.js';

export interface SmsSender {
  /** Sends `text` to `to` (digits, optionally with a leading +). */
  send(to: string, text: string): Promise<void>;
}

export function createSmsSender(config: Config, db: Db): SmsSender {
  return {
    async send(to, text) {
      if (config.isProduction) throw new Error('No SMS provider is configured');
      await recordInDevOutbox(db, { channel: 'sms', recipient: to, subject: null, textBody: text });
    },
  };
}
