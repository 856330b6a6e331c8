/**
 * Notification webhooks (decision 0019; the system_settings keys patient_notification_webhook and
 * clinic_notification_webhook, docs/product.md#record-settings): the notification payload
 * (docs/product.md#notification-payload) is POSTed as JSON, signed, to a URL checked against server-side
 * request forgery when it is saved and again when it is sent.
 *
 * For clinic integrators, verifying a delivery. Every POST carries the header
 *
 *     ClinicPay-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>
 *
 * The HMAC key is the signing secret shown on the admin Settings page (the whole string, `whsec_`
 * included, as UTF-8); the message is `<t>.<body>`: the t value, a full stop, and the request body
 * byte for byte as received, before any JSON parsing. This is Stripe's scheme
 * (https://docs.stripe.com/webhooks#verify-manually), so code written for Stripe works with the header
 * name changed. Compare in constant time and refuse a t more than five minutes from your clock, which
 * stops replays. In Node, `verifyWebhookSignature` below does all three. A delivery that fails (no 2xx
 * answer in time) is retried, so the same payload can arrive more than once.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The request header that carries the signature. */
const WEBHOOK_SIGNATURE_HEADER = 'ClinicPay-Signature';

/** Why a URL was refused: the code picks the admin's message; the error message says it in full. */
export type WebhookRefusalCode = 'invalid' | 'not-https' | 'credentials' | 'not-public';

/** A webhook URL this installation will not post to; `message` is the human reason. */
export class WebhookUrlRefused extends Error {
  override readonly name = 'WebhookUrlRefused';
  constructor(
    readonly code: WebhookRefusalCode,
    message: string,
  ) {
    super(message);
  }
}

/** A checked URL and the one address the request may connect to. */
export interface ResolvedTarget {
  url: URL;
  /** The URL's hostname without IPv6 brackets: the Host header and the TLS server name. */
  hostname: string;
  address: string;
  family: 4 | 6;
}

/** Resolves a hostname to all its addresses (dns.promises.lookup with all: true by default). */
export type ResolveHost = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface WebhookUrlCheckOptions {
  /** Production: https only, and every address the host resolves to must be public. */
  requirePublicHttps: boolean;
  /** Stands in for DNS in tests. */
  resolveHost?: ResolveHost;
}

/**
 * The header value for `body` sent at `timestampSeconds` (unix seconds):
 * `t=<timestampSeconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with secret>` (Stripe's scheme).
 * Throws a RangeError for a timestamp that is not a whole, non-negative number.
 */
export function signWebhookPayload(secret: string, body: string, timestampSeconds: number): string {
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) {
    throw new RangeError(`Not a unix timestamp in seconds: ${timestampSeconds}`);
  }
  return `t=${timestampSeconds},v1=${hmacHex(secret, String(timestampSeconds), body)}`;
}

/**
 * Whether `header` (the ClinicPay-Signature value) signs `body` (the raw request body as received)
 * with `secret`, at a time within `toleranceSeconds` (default 300) of `now` (unix seconds, default the
 * clock), before or after. Any v1 value may match (more than one is allowed, as in Stripe's scheme);
 * each is compared in constant time. Never throws: a missing or malformed header is false.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | null | undefined,
  body: string | Buffer,
  {
    toleranceSeconds = 300,
    now = Math.floor(Date.now() / 1000),
  }: { toleranceSeconds?: number; now?: number } = {},
): boolean {
  const parsed = parseSignatureHeader(header ?? '');
  if (!parsed || Math.abs(now - Number(parsed.timestamp)) > toleranceSeconds) return false;
  const expected = Buffer.from(hmacHex(secret, parsed.timestamp, body), 'hex');
  return parsed.signatures.some((signature) => timingSafeEqual(expected, signature));
}

function hmacHex(secret: string, timestamp: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

function parseSignatureHeader(header: string): { timestamp: string; signatures: Buffer[] } | null {
  const timestamps: string[] = [];
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=');
    if (key === 't' && /^\d{1,15}$/.test(value)) timestamps.push(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  const [timestamp] = timestamps;
  return timestamp !== undefined && timestamps.length === 1 && signatures.length
    ? { timestamp, signatures }
    : null;
}

/**
 * Parses a webhook URL and resolves its host (a literal IP is taken as it is). Always refuses what is
 * not an http(s) URL and a URL with a user name or password. With `requirePublicHttps` it also refuses
 * http and a host any of whose addresses is not public unicast: private, loopback, link-local, unique
 * local, CGNAT, multicast, broadcast, unspecified, documentation or otherwise reserved, IPv4 or IPv6,
 * with IPv4-mapped and NAT64 (64:ff9b::/96) addresses judged by the IPv4 inside.
 * Throws WebhookUrlRefused for those, or an Error when the host cannot be resolved.
 */
export async function checkWebhookUrl(url: string, options: WebhookUrlCheckOptions): Promise<ResolvedTarget> {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw new WebhookUrlRefused('invalid', 'The webhook URL is not an http or https URL');
  }
  if (options.requirePublicHttps && parsed.protocol !== 'https:') {
    throw new WebhookUrlRefused('not-https', 'Webhook URLs must use https');
  }
  if (parsed.username || parsed.password) {
    throw new WebhookUrlRefused('credentials', 'Webhook URLs must not contain a user name or password');
  }
  const hostname = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(hostname);
  const addresses = family
    ? [{ address: hostname, family }]
    : await resolveAll(hostname, options.resolveHost ?? defaultResolveHost);
  if (options.requirePublicHttps) {
    const refused = addresses.find((candidate) => !isPublicAddress(candidate.address));
    if (refused) {
      throw new WebhookUrlRefused(
        'not-public',
        `Webhook host ${hostname} is ${refused.address}, which is not a public internet address`,
      );
    }
  }
  const [first] = addresses as [{ address: string; family: number }];
  return { url: parsed, hostname, address: first.address, family: first.family === 6 ? 6 : 4 };
}

const defaultResolveHost: ResolveHost = (hostname) => lookup(hostname, { all: true });

async function resolveAll(hostname: string, resolveHost: ResolveHost) {
  const addresses = await resolveHost(hostname).catch((error: NodeJS.ErrnoException) => {
    throw new Error(`Could not resolve webhook host ${hostname} (${error.code ?? error.message})`, {
      cause: error,
    });
  });
  if (!addresses.length) throw new Error(`Could not resolve webhook host ${hostname} (no addresses)`);
  return addresses;
}

/** Public unicast only: an allow-list, so a range ipaddr.js learns later is refused until judged. */
function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else if (v6.range() === 'rfc6052') parsed = ipaddr.fromByteArray(v6.toByteArray().slice(12));
  }
  return parsed.range() === 'unicast';
}

export interface WebhookSenderOptions extends WebhookUrlCheckOptions {
  /** The whole attempt, DNS and connection through the response headers; 5000 by default. */
  timeoutMs?: number;
  userAgent?: string;
}

export interface WebhookSender {
  /**
   * POSTs `body` (JSON text) to `url`, signed with `secret`. Resolves with the status of a 2xx answer;
   * throws for anything else (a refused URL, a network failure, the timeout, any other status, since
   * redirects are not followed) so that the job delivering it tries again.
   */
  post(url: string, body: string, secret: string): Promise<{ status: number }>;
}

/** Most of a receiver's answer that is read (and thrown away) before the connection is closed. */
const MAX_RESPONSE_BYTES = 16 * 1024;

/**
 * The sender notification jobs post webhooks through (decision 0019). It checks the URL again at send
 * time and connects only to the address that check approved, so a DNS answer that changes between
 * check and connection (DNS rebinding) cannot point it elsewhere; the Host header and TLS server name
 * stay the URL's hostname, so certificates are verified as usual.
 */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const timeoutMs = options.timeoutMs ?? 5000;
  const userAgent = options.userAgent ?? 'ClinicPay-Webhooks/1.0';
  return {
    async post(url, body, secret) {
      if (!secret) throw new Error('The webhook signing secret is empty');
      const signal = AbortSignal.timeout(timeoutMs);
      const timedOut = () => new Error(`Webhook timed out after ${timeoutMs} ms`);
      const target = await beforeAbort(checkWebhookUrl(url, options), signal, timedOut);
      const headers = {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': userAgent,
        [WEBHOOK_SIGNATURE_HEADER]: signWebhookPayload(secret, body, Math.floor(Date.now() / 1000)),
      };
      const status = await postTo(target, headers, body, signal).catch((error: Error) => {
        throw signal.aborted
          ? timedOut()
          : new Error(`Webhook request failed: ${error.message}`, { cause: error });
      });
      if (status >= 200 && status < 300) return { status };
      const redirect = status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
      throw new Error(`Webhook answered HTTP ${status}${redirect}`);
    },
  };
}

function beforeAbort<T>(promise: Promise<T>, signal: AbortSignal, reason: () => Error): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(reason());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Resolves with the status once the headers arrive; the signal ends the attempt, body included. */
function postTo(
  target: ResolvedTarget,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const transport = target.url.protocol === 'https:' ? https : http;
    const request = transport.request({
      method: 'POST',
      hostname: target.hostname,
      port: target.url.port || undefined,
      path: `${target.url.pathname}${target.url.search}`,
      headers,
      lookup: pinnedLookup(target),
      agent: false,
      signal,
    });
    request.on('error', reject);
    request.on('response', (response) => {
      resolve(response.statusCode ?? 0);
      discardBody(response, request);
    });
    request.end(body);
  });
}

/** A lookup that answers only the checked address, whatever the hostname resolves to by now. */
function pinnedLookup(target: ResolvedTarget): LookupFunction {
  return (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

function discardBody(response: IncomingMessage, request: ClientRequest) {
  let received = 0;
  response.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > MAX_RESPONSE_BYTES) request.destroy();
  });
  response.on('end', () => request.destroy());
  response.on('error', () => {}); // the status is already known; a broken body changes nothing
}
