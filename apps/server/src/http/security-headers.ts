/**
 * Helmet settings. The Content-Security-Policy allows scripts from our own origin only (no inline
 * script); inline styles are allowed because the toast and dialog libraries inject <style> elements
 * (docs/decisions/0005-content-security-policy.md). Stripe's hosts are added only when the Stripe
 * gateway is on (docs.stripe.com/security/guide#content-security-policy).
 */
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

const STRIPE_SOURCES = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
};

/**
 * `imageOrigins` are further origins images may load from: the origin of S3_PUBLIC_URL when clinic
 * logos are served straight from a bucket or CDN (config.s3.publicUrl; see logoImageOrigins).
 */
export function helmetOptions(
  provider: 'stripe' | 'sandbox',
  imageOrigins: string[] = [],
): FastifyHelmetOptions {
  const stripe = provider === 'stripe' ? STRIPE_SOURCES : { scriptSrc: [], frameSrc: [], connectSrc: [] };
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe.scriptSrc],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripe.connectSrc],
        frameSrc: ["'self'", ...stripe.frameSrc],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // With 'no-referrer' browsers send 'Origin: null' on form posts, which the origin check must refuse.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/** The image origins the CSP must allow for logos: S3_PUBLIC_URL's origin when one is set. */
export function logoImageOrigins(s3: { publicUrl: string | undefined } | undefined): string[] {
  return s3?.publicUrl ? [new URL(s3.publicUrl).origin] : [];
}

/** Headers every answer has whatever helmet's settings; they are not helmet's to set. */
const NOT_HELMETS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers @fastify/helmet sets with `options`, worked out once: the plugin builds helmet's middleware
 * again for every request (its CSP directives parsed each time), about 5% of a request's CPU in the profile
 * docs/benchmarks.md records. Every answer gets the same headers, so they are computed by asking a throwaway
 * Fastify instance with the plugin registered, and set by one synchronous hook.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, options);
  probe.get('/', async () => '');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return Object.fromEntries(
    Object.entries(response.headers)
      .filter(([name, value]) => !NOT_HELMETS.has(name) && typeof value === 'string')
      .map(([name, value]) => [name, String(value)]),
  );
}

/**
 * The headers for the API's answers (paths under /api/ but the API's docs page): JSON, CSV, images and
 * redirects that no browser renders as a page of ours. OWASP's REST Security Cheat Sheet's set
 * (cheatsheetseries.owasp.org/cheatsheets/REST_Security_Cheat_Sheet.html#security-headers): a CSP that
 * allows nothing and no framing, no framing for older browsers, no sniffing, HSTS as on the pages, and
 * no cross-origin reads (CORP). Helmet's other headers (COOP, Origin-Agent-Cluster, Referrer-Policy,
 * X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection) act
 * on documents only; sending them on every API answer cost the hottest public routes about a tenth of
 * their answer's bytes and header work (decision 0138).
 */
function apiHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
  };
  const hsts = pageHeaders['strict-transport-security'];
  if (hsts) headers['strict-transport-security'] = hsts;
  return headers;
}

/** Whether the answer to `url` is the API's: under /api/, but the API's docs (Swagger UI), a page. */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Sets the security headers on every answer `app` gives, error answers and 404s included: helmet's
 * (see helmetHeaders) on pages and assets, apiHeaders on the API's answers. An onRequest hook, as
 * @fastify/helmet's own.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions) {
  const pages = await helmetHeaders(options);
  const api = apiHeaders(pages);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? api : pages);
    done();
  });
}
