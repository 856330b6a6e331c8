/**
 * Serves the built web app (apps/web/dist) with an SPA fallback: any GET for a page that is not a
 * file and not under /api answers index.html, and the browser router renders the page (or its own
 * not-found page). Hashed assets are cached for a year; the HTML is revalidated on every visit.
 *
 * The build writes a brotli and a gzip copy beside each file, and the one the browser accepts is
 * sent as it is (`preCompressed`, with `Vary: Accept-Encoding`), so nothing is compressed per
 * request (docs/benchmarks.md). The payment pages are an entry of their own (decision 0114): /payment/{id}
 * answers payment.html, and the success and failed pages its two copies, which the web build writes
 * (apps/web/vite.config.ts); they load none of the site's code. The public pages (marketing and
 * signed-out account pages) are another entry (decision 0127): each path the web build lists in
 * `.vite/site-pages.json` answers site.html. Each page's HTML names what the page asks for first in a
 * `Link` header (page-preloads.ts; for a public page, what that list says).
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
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

/** The public pages' own entry (decision 0127), and where its build lists the pages it serves. */
const SITE_HTML = 'site.html';
const SITE_PAGE_LIST = path.join('.vite', 'site-pages.json');

/**
 * One public page as the web build lists it: its path, the files of its own chunks, and whether it asks
 * who is signed in before it shows anything.
 */
const sitePageListSchema = z.array(
  z.object({
    path: z.string().startsWith('/'),
    preloads: z.array(z.string().regex(/^assets\/[\w.-]+\.js$/)),
    readsSession: z.boolean(),
  }),
);

/**
 * The session's preload, as page-preloads.ts names it (decision 0078): a `fetch` with same-origin
 * credentials, as the page's own request is made, so the page reads the preloaded answer.
 */
const SESSION_PRELOAD = '</api/auth/session>; rel=preload; as=fetch; crossorigin';

/**
 * The public pages site.html serves, by path (without a trailing slash), each with its `Link` header:
 * the session where the page reads it first, then the page's own chunks; empty when the build wrote no
 * site.html or no readable list, so that every page falls back to index.html, which routes them all too.
 * A public page's header is its own: page-preloads.ts reads the full app's manifest, whose chunks a
 * public page does not load.
 */
function readSitePages(webDistDir: string): Map<string, string | undefined> {
  const pages = new Map<string, string | undefined>();
  if (!fs.existsSync(path.join(webDistDir, SITE_HTML))) return pages;
  let listed: z.infer<typeof sitePageListSchema>;
  try {
    listed = sitePageListSchema.parse(
      JSON.parse(fs.readFileSync(path.join(webDistDir, SITE_PAGE_LIST), 'utf8')),
    );
  } catch {
    return pages;
  }
  for (const page of listed) {
    const links = [
      ...(page.readsSession ? [SESSION_PRELOAD] : []),
      ...page.preloads.map((file) => `</${file}>; rel=modulepreload`),
    ];
    pages.set(withoutTrailingSlash(page.path), links.length > 0 ? links.join(', ') : undefined);
  }
  return pages;
}

const withoutTrailingSlash = (pathname: string) => pathname.replace(/(.)\/+$/, '$1');

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

/**
 * The HTML file for a page URL: a payment page's own when the build wrote it, site.html for a public
 * page the site build lists, else index.html.
 */
function pageHtml(webDistDir: string, pathname: string, sitePages: Map<string, unknown>): string {
  const match = PAGE_HTML.find(([pattern]) => pattern.test(pathname));
  if (match) return fs.existsSync(path.join(webDistDir, match[1])) ? match[1] : 'index.html';
  return sitePages.has(withoutTrailingSlash(pathname)) ? SITE_HTML : 'index.html';
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
  const sitePages =
    hasBuild && webDistDir ? readSitePages(webDistDir) : new Map<string, string | undefined>();
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (hasBuild && webDistDir && wantsPage(request)) {
      const pathname = pathnameOf(request);
      const html = pageHtml(webDistDir, pathname, sitePages);
      const preloads =
        html === SITE_HTML ? sitePages.get(withoutTrailingSlash(pathname)) : pagePreloads(request.url);
      if (preloads) reply.header('link', preloads);
      return reply.header('cache-control', REVALIDATE).type('text/html').sendFile(html);
    }
    throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  });
}
