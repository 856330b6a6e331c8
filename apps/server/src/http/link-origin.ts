/**
 * The origin put in links that leave the page: emailed links (verification, reset, invitation) and
 * the card provider's onboarding return and refresh URLs (decision 0066).
 *
 * - PUBLIC_URL set: always PUBLIC_URL. The Host header is never used, so a forged one cannot put
 *   another site's address in someone's reset email (host-header injection).
 * - PUBLIC_URL unset (never in production, which requires it): the address the browser is on, when
 *   its host is a loopback one (localhost, 127.0.0.0/8, [::1]) on the server's PORT: someone who
 *   opened http://127.0.0.1:3000 stays on 127.0.0.1, where their session cookie is. Anything else
 *   falls back to the default PUBLIC_URL (http://localhost:PORT); a loopback address can only be
 *   reached from the machine the link is opened on.
 */

import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { Config } from '../config.js';

type LinkConfig = Pick<Config, 'publicUrl' | 'publicUrlConfigured'>;

/** True for 'localhost', 'x.localhost', any 127.0.0.0/8 address and ::1 (brackets allowed). */
export function isLoopbackHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (!ipaddr.isValid(host)) return false;
  const address = ipaddr.process(host);
  return address.range() === 'loopback';
}

/** new URL(value), or undefined when it does not parse. */
function parse(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/**
 * `candidate`'s origin when links may use it (see above), else config.publicUrl. `candidate` is an
 * origin or a URL, e.g. 'http://127.0.0.1:3000/reset-password'; anything unparseable, not http(s),
 * holding a user name or password, or on another port than the default address's gives
 * config.publicUrl. Never throws.
 */
export function allowedLinkOrigin(candidate: string | null | undefined, config: LinkConfig): string {
  if (config.publicUrlConfigured || !candidate) return config.publicUrl;
  const url = parse(candidate);
  const fallback = parse(config.publicUrl);
  if (!url || !fallback) return config.publicUrl;
  const web = url.protocol === 'http:' || url.protocol === 'https:';
  const allowed =
    web && !url.username && !url.password && url.port === fallback.port && isLoopbackHostname(url.hostname);
  return allowed ? url.origin : config.publicUrl;
}

/** The origin for links made while answering `request`: the address it came to, when allowed. */
export function linkOrigin(request: FastifyRequest, config: LinkConfig): string {
  return allowedLinkOrigin(`${request.protocol}://${request.host}`, config);
}

/**
 * The origins a browser may use the app from, for better-auth's trustedOrigins: PUBLIC_URL, and
 * without it localhost, 127.0.0.1 and [::1] on the default address's port.
 */
export function appOrigins(config: LinkConfig): string[] {
  if (config.publicUrlConfigured) return [config.publicUrl];
  const origins = ['localhost', '127.0.0.1', '[::1]'].map((hostname) => {
    const url = new URL(config.publicUrl);
    url.hostname = hostname;
    return url.origin;
  });
  return [...new Set([config.publicUrl, ...origins])];
}
