/**
 * `npm run stripe:register-domain -- --domain pay.example.com`: registers the payment page's domain
 * with Stripe as a payment method domain, so Apple Pay, Google Pay and Link can show on it
 * (docs.stripe.com/payments/payment-methods/pmd-registration; docs/going-live.md). Without --domain,
 * the host of PUBLIC_URL is registered. The key is STRIPE_SECRET_KEY, read like the server reads it:
 * the environment, then `.env` in the working directory. A live key registers the domain in live mode,
 * which Stripe also registers in test mode. Prints the domain's id and each wallet's status, and exits
 * non-zero with the reason when the key or the domain is missing or malformed, or Stripe refuses.
 *
 * Not for operators: `--api-base http://127.0.0.1:PORT` (or STRIPE_API_BASE) sends the request to a
 * local stand-in for the Stripe API instead of api.stripe.com; the tests use it.
 */
import { parseArgs } from 'node:util';
import { loadEnvFile } from '../config.js';
import { GatewayError } from '../gateway/gateway.js';
import type { StripeApiLocation } from '../gateway/stripe/client.js';
import {
  type PaymentMethodDomainStatus,
  registerPaymentMethodDomain,
} from '../gateway/stripe/payment-method-domains.js';

const USAGE = 'Usage: npm run stripe:register-domain -- --domain pay.example.com';

/** A host name with at least two labels and a top-level label that is not a number (not an IP address). */
const DOMAIN_NAME =
  /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

function checkedDomain(domain: string, from: string): string {
  const name = domain.trim().toLowerCase().replace(/\.$/, '');
  if (!DOMAIN_NAME.test(name)) {
    throw new Error(
      `${from} '${domain}' is not a domain name. Give the host name the payment page is served on, without https:// or a path, e.g. pay.example.com.\n${USAGE}`,
    );
  }
  return name;
}

/** The domain from --domain, else PUBLIC_URL's host. */
function domainToRegister(option: string | undefined): string {
  if (option !== undefined) return checkedDomain(option, '--domain');
  const publicUrl = process.env.PUBLIC_URL?.trim();
  if (!publicUrl) {
    throw new Error(`Give the payment page's domain with --domain, or set PUBLIC_URL.\n${USAGE}`);
  }
  let host: string;
  try {
    host = new URL(publicUrl).hostname;
  } catch {
    throw new Error(`PUBLIC_URL '${publicUrl}' is not a URL; give the domain with --domain.\n${USAGE}`);
  }
  return checkedDomain(host, "PUBLIC_URL's host");
}

function secretKey(): string {
  const key = process.env.STRIPE_SECRET_KEY?.trim();
  if (!key) {
    throw new Error(
      "STRIPE_SECRET_KEY is not set. Set it (in the environment or .env) to the Stripe account's secret key: sk_live_... to register the domain for live payments, sk_test_... for test mode.",
    );
  }
  if (!/^(sk|rk)_(live|test)_/.test(key)) {
    throw new Error(
      'STRIPE_SECRET_KEY is not a Stripe secret key: it starts with sk_live_ or sk_test_ (or rk_ for a restricted key).',
    );
  }
  return key;
}

function apiLocation(base: string | undefined): StripeApiLocation | undefined {
  if (!base) return undefined;
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new Error(`--api-base '${base}' is not a URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`--api-base '${base}' must be an http:// or https:// URL.`);
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { protocol, host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)) };
}

function describe(status: PaymentMethodDomainStatus): string {
  return status.errorMessage ? `${status.status} (${status.errorMessage})` : status.status;
}

async function main() {
  let values: { domain?: string; 'api-base'?: string };
  try {
    ({ values } = parseArgs({ options: { domain: { type: 'string' }, 'api-base': { type: 'string' } } }));
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`);
  }
  loadEnvFile();
  const key = secretKey();
  const domainName = domainToRegister(values.domain);
  const api = apiLocation(values['api-base'] ?? process.env.STRIPE_API_BASE);

  let domain: Awaited<ReturnType<typeof registerPaymentMethodDomain>>;
  try {
    domain = await registerPaymentMethodDomain({ secretKey: key, domainName, api });
  } catch (error) {
    if (error instanceof GatewayError) {
      throw new Error(`Stripe did not register ${domainName}: ${error.message}`);
    }
    throw error;
  }
  const mode = domain.livemode ? 'live mode (and test mode)' : 'test mode';
  process.stdout.write(
    [
      `Registered ${domain.domainName} with Stripe in ${mode}: ${domain.id}`,
      `  enabled:    ${domain.enabled ? 'yes' : 'no'}`,
      `  Apple Pay:  ${describe(domain.applePay)}`,
      `  Google Pay: ${describe(domain.googlePay)}`,
      `  Link:       ${describe(domain.link)}`,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
