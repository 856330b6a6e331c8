/**
 * Helmet settings. The Content-Security-Policy allows scripts from our own origin only (no inline
 * script); inline styles are allowed because the toast and dialog libraries inject <style> elements
 * (docs/decisions/0005-content-security-policy.md). Stripe's hosts are added only when the Stripe
 * gateway is on (docs.stripe.com/security/guide#content-security-policy).
 */
import type { FastifyHelmetOptions } from '@fastify/helmet';

const STRIPE_SOURCES = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
};

export function helmetOptions(provider: 'stripe' | 'sandbox'): FastifyHelmetOptions {
  const stripe = provider === 'stripe' ? STRIPE_SOURCES : { scriptSrc: [], frameSrc: [], connectSrc: [] };
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe.scriptSrc],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
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
