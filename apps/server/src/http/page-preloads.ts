/**
 * What a page asks for first, named to the browser with the page's HTML as a `Link` header (decision 0078),
 * so that it starts with the HTML, in parallel with the app's code, instead of once that code has run:
 *
 * - a site page's own code: the lazy chunks of its route and layout (apps/web/src/app/router.tsx), as
 *   `rel=modulepreload`, read from the web build's manifest (`.vite/manifest.json`). The chunks the
 *   entry imports are left out: index.html already preloads them.
 * - the API answers the page reads before it can show anything, as `rel=preload; as=fetch;
 *   crossorigin`, matching the page's own `fetch` (GET, same-origin credentials), so the page reads the
 *   preloaded answer: the signed-in user on the account pages and behind the clinic and admin areas,
 *   a payment page's data and the card provider's config, and on Join, opened from an emailed link, the
 *   invitation it reads before it shows its form.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The rows of the pages under one layout: each page's path under `prefix`, and its route module. */
function pagesOf(prefix: string, layout: string, pages: [page: string, route: string][]) {
  return pages.map(([page, route]): [RegExp, string[]] => [
    new RegExp(`^${prefix}${page}/?$`),
    [`src/app/layouts/${layout}.tsx`, `src/app/routes/${route}.tsx`],
  ]);
}

/** The page's route modules (layout first), as apps/web/src/app/router.tsx loads them, by URL path. */
export const ROUTE_MODULES: [pathname: RegExp, modules: string[]][] = [
  ...pagesOf('', 'site-layout', [
    ['', 'landing'],
    ['/about', 'about'],
    ['/fees', 'fees'],
    ['/terms', 'terms'],
    ['/privacy', 'privacy'],
    ['/contact', 'contact'],
    ['/sign-in', 'sign-in'],
    ['/sign-up', 'sign-up'],
    ['/verify-email', 'verify-email'],
    ['/forgot-password', 'forgot-password'],
    ['/reset-password', 'reset-password'],
    ['/auth/callback', 'auth-callback'],
  ]),
  ...pagesOf('/dashboard', 'clinic-area', [
    ['', 'clinic-home'],
    ['/create-link', 'create-link'],
    ['/send-link', 'send-link'],
    ['/payment-history', 'payment-history'],
    ['/settings', 'clinic-settings'],
  ]),
  ...pagesOf('/admin', 'admin-area', [
    ['', 'admin-home'],
    ['/clinics', 'admin-clinics'],
    ['/clinics/[^/]+', 'admin-clinic-profile'],
    ['/settings', 'admin-settings'],
  ]),
];

/** Pages that ask who is signed in before they show anything (GuestOnly, RequireRole, callbacks). */
const READS_SESSION = /^\/(sign-in|sign-up|verify-email|auth\/callback|dashboard|admin)(\/|$)/;

/** A link id or request id as the payment pages' URLs carry it; anything else is not preloaded. */
const PAGE_ID = /^[A-Za-z0-9_-]{1,100}$/;

interface ManifestChunk {
  file: string;
  imports?: string[];
}

const fetchPreload = (href: string) => `<${href}>; rel=preload; as=fetch; crossorigin`;
const modulePreload = (file: string) => `</${file}>; rel=modulepreload`;

/**
 * Each route's chunks beyond the entry's, from the web build's manifest (by chunk key, following
 * `imports`); an empty map when the build wrote no manifest or it cannot be read.
 */
function routeChunks(webDistDir: string): Map<RegExp, string[]> {
  const chunksByPage = new Map<RegExp, string[]>();
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(webDistDir, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return chunksByPage;
  }
  const closure = (keys: string[], skip: Set<string>) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key) || skip.has(key)) return;
      seen.add(key);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    return seen;
  };
  const entry = closure(['index.html'], new Set());
  for (const [pathname, modules] of ROUTE_MODULES) {
    if (!modules.every((module) => manifest[module])) continue;
    const files = [...closure(modules, entry)].map((key) => manifest[key]?.file ?? '');
    chunksByPage.set(pathname, files.filter(Boolean));
  }
  return chunksByPage;
}

/** The payment pages' API answers: /payment/{id}, and the success and failed pages' `link_id`. */
function paymentPagePreloads(url: URL): string[] {
  const match = /^\/payment\/([^/]+)\/?$/.exec(url.pathname);
  const id =
    match?.[1] === 'success' || match?.[1] === 'failed' ? url.searchParams.get('link_id') : match?.[1];
  if (!match || !id || !PAGE_ID.test(id)) return [];
  const links = [fetchPreload(`/api/public/payments/${id}`)];
  if (id === match[1]) links.push(fetchPreload('/api/payment-provider/config'));
  return links;
}

/** A token as the emailed links carry it; anything else is not preloaded. */
const LINK_VALUE = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * What a public page opened from an emailed link reads before it shows its form, as that page asks for
 * it (the same URL, so the page reads the preloaded answer): Join's invitation
 * (apps/web/src/features/team/api/invitation.ts). Empty for any other page, or a link without a token.
 * (Reset password's link is checked by the server as it answers the page: web-app.ts.)
 */
export function emailedLinkPreloads(requestUrl: string): string[] {
  let url: URL;
  try {
    url = new URL(requestUrl, 'http://localhost');
  } catch {
    return [];
  }
  const token = url.searchParams.get('token') ?? '';
  if (url.pathname.replace(/(.)\/+$/, '$1') !== '/join' || !LINK_VALUE.test(token)) return [];
  return [fetchPreload(`/api/team-invitations?token=${encodeURIComponent(token)}`)];
}

/**
 * Reads the build's manifest once and returns the `Link` header value for a page's request URL
 * (path and query), or undefined when the page has nothing to preload.
 */
export function createPagePreloads(webDistDir: string): (requestUrl: string) => string | undefined {
  const chunksByPage = routeChunks(webDistDir);
  return (requestUrl) => {
    let url: URL;
    try {
      url = new URL(requestUrl, 'http://localhost');
    } catch {
      return undefined;
    }
    const links = paymentPagePreloads(url);
    if (READS_SESSION.test(url.pathname)) links.push(fetchPreload('/api/auth/session'));
    for (const [pathname, files] of chunksByPage) {
      if (pathname.test(url.pathname)) {
        links.push(...files.map(modulePreload));
        break;
      }
    }
    return links.length > 0 ? links.join(', ') : undefined;
  };
}
