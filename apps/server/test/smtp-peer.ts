/**
 * A real SMTP server on loopback (the `smtp-server` package) for mail tests: it keeps every message it
 * accepted, parsed with mailparser, and can be told to answer 451 (try later), refuse an address with
 * 550, or stall after the data (never answering) to stand for a mail server that hangs.
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type PeerMode = 'accept' | 'try-later' | 'stall';

export interface SmtpPeer {
  url: string;
  port: number;
  /** Messages accepted (answered 250), in order. */
  accepted: ParsedMail[];
  mode: PeerMode;
  /** Addresses refused with 550 at RCPT TO. */
  refuse: Set<string>;
  /** Resolves when a message has been stalled on. */
  stalled: Promise<void>;
  close(): Promise<void>;
}

/** Starts a peer on 127.0.0.1, on `port` or a free one. */
export async function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  let markStalled: () => void = () => {};
  const peer: SmtpPeer = {
    url: '',
    port: 0,
    accepted: [],
    mode: 'accept',
    refuse: new Set(),
    stalled: new Promise<void>((resolve) => {
      markStalled = resolve;
    }),
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      if (peer.refuse.has(address.address)) {
        return callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (peer.mode === 'stall') return markStalled();
        if (peer.mode === 'try-later') {
          return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        }
        simpleParser(Buffer.concat(chunks)).then((mail) => {
          peer.accepted.push(mail);
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  peer.port = (server.server.address() as AddressInfo).port;
  peer.url = `smtp://127.0.0.1:${peer.port}`;
  peer.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
    });
  return peer;
}

/** The accepted messages to `address`. */
export function messagesTo(peer: SmtpPeer, address: string): ParsedMail[] {
  return peer.accepted.filter((mail) =>
    [mail.to].flat().some((to) => to?.value.some((value) => value.address === address)),
  );
}
