/**
 * The one mailer every feature sends through (issue #2). With SMTP_URL set it sends over SMTP with
 * nodemailer; otherwise (never in production, see config.ts) it writes to the dev outbox table,
 * which /dev/outbox shows.
 */
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { recordInDevOutbox } from './dev-outbox.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
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
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    async send(mail) {
      await transporter.sendMail({ from, ...mail });
    },
  };
}
