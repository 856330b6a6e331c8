/**
 * The one mailer the job queue sends through (decisions 0007 and 0019). With SMTP_URL set it sends over SMTP
 * with nodemailer, with connection, greeting and socket timeouts of a few seconds so a stalled server
 * fails the attempt (the job is retried) instead of hanging, over a pool of kept-open connections
 * (docs/decisions/0129-reminders-at-scale.md); otherwise (never in production, see
 * config.ts) it writes to the dev outbox table, which /dev/outbox shows. nodemailer is loaded with the
 * first email, and only where SMTP is configured (decision 0077, a server's memory).
 */
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { recordInDevOutbox } from './dev-outbox.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** A stable Message-ID (e.g. one per notification), so a resend after a crash can be recognised. */
  messageId?: string;
}

/** SMTP timeouts in milliseconds (nodemailer's defaults are minutes). */
export const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 };

/**
 * The SMTP connection pool (docs/decisions/0129-reminders-at-scale.md): a connection is opened once and
 * carries up to 100 messages, so a burst is not slowed by a connection, greeting and EHLO per message
 * (on loopback, about 25 messages a second without the pool against 85 with it). As many connections as
 * the two email queues run jobs at once (5 each); one left idle 2 s is closed. A message whose
 * connection drops is not sent again on another (maxRequeues 0): its job attempt fails and the queue
 * retries it, as without the pool, so an attempt never outlasts its timeouts.
 */
export const SMTP_POOL = {
  pool: true,
  maxConnections: 10,
  maxMessages: 100,
  maxRequeues: 0,
  idleTimeout: 2_000,
};

/**
 * True when the mail server refused the message for good (an SMTP 5xx answer, e.g. 550 no such
 * mailbox): retrying cannot help. Timeouts, refused connections and 4xx answers are temporary.
 */
export function isPermanentMailFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export interface Mailer {
  /** 'smtp' delivers for real; 'dev-outbox' keeps messages on this machine. */
  readonly transport: 'smtp' | 'dev-outbox';
  /** Sends one message; rejects when the transport refuses it. */
  send(mail: Mail): Promise<void>;
}

export function createMailer(config: Config, db: Db): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.mailFrom);
  return {
    transport: 'dev-outbox',
    async send(mail) {
      await recordInDevOutbox(db, {
        channel: 'email',
        recipient: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html ?? null,
      });
    },
  };
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  let transporter: Promise<Transporter> | undefined;
  return {
    transport: 'smtp',
    async send(mail) {
      transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({ url: smtpUrl, ...SMTP_POOL, ...SMTP_TIMEOUTS }),
      );
      await (await transporter).sendMail({ from, ...mail });
    },
  };
}
