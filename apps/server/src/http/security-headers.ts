/**
 * Helmet settings. The Content-Security-Policy allows scripts from our own origin only (no inline
 * script); inline styles are allowed because the toast and dialog libraries inject <style> elements
 * (docs/decisions/0005-content-security-policy.md).
 */
import type { FastifyHelmetOptions } from '@fastify/helmet';

export function helmetOptions(): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
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
