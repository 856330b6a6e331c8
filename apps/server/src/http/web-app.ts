/**
 * Serves the built web app (apps/web/dist) with an SPA fallback: any GET for a page that is not a
 * file and not under /api answers index.html, and the browser router renders the page (or its own
 * not-found page). Hashed assets are cached for a year; the HTML is revalidated on every visit.
 *
 * The build writes a brotli and a gzip copy beside each file, and the one the browser accepts is
 * sent as it is (`preCompressed`, with `Vary: Accept-Encoding`), so nothing is compressed per
 * request (docs/benchmarks.md). The payment pages are an entry of their own (decision 0114): /payment/{id}
 * answers payment.html, and the success and failed pages its two copies, which the web build writes
 * (apps/web/vite.config.ts); they load none of the site's code. Each page's HTML names what the page
 * asks for first in a `Link` header (page-preloads.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import { createPagePreloads } from './page-preloads.js';

const NOT_FOUND_MESSAGE = 'Not found';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The payment pages' HTML (their own entry, apps/web/vite.config.ts), by URL path. */
const PAGE_HTML: [pathname: RegExp, file: string][] = [
  [/^\/payment\/success\/?$/, 'payment-success.html'],
  [/^\/payment\/failed\/?$/, 'payment-failed.html'],
  // A charge the patient's bank asks them to confirm: a payment page too (the payment entry routes it).
  [/^\/payment\/confirm-charge\/[^/]+\/?$/, 'payment.html'],
  [/^\/payment(\/[^/]+)?\/?$/, 'payment.html'],
];

function pathnameOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '';
}

function wantsPage(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.url.startsWith('/api/') &&
    !path.extname(pathnameOf(request))
  );
}

/** The HTML file for a page URL: a payment page's own when the build wrote it, else index.html. */
function pageHtml(webDistDir: string, pathname: string): string {
  const match = PAGE_HTML.find(([pattern]) => pattern.test(pathname));
  return match && fs.existsSync(path.join(webDistDir, match[1])) ? match[1] : 'index.html';
}

/** Registers static serving when webDistDir holds a build; otherwise every unknown path is a 404. */
export async function registerWebApp(app: FastifyInstance, webDistDir: string | undefined) {
  const indexFile = webDistDir ? path.join(webDistDir, 'index.html') : undefined;
  const hasBuild = indexFile !== undefined && fs.existsSync(indexFile);

  if (hasBuild && webDistDir) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are reached through their file's URL, never by their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  const pagePreloads = hasBuild && webDistDir ? createPagePreloads(webDistDir) : () => undefined;
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (hasBuild && webDistDir && wantsPage(request)) {
      const preloads = pagePreloads(request.url);
      if (preloads) reply.header('link', preloads);
      return reply
        .header('cache-control', REVALIDATE)
        .type('text/html')
        .sendFile(pageHtml(webDistDir, pathnameOf(request)));
    }
    throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  });
}
