/**
 * The public pages drawn to HTML at build time (decision 0130): vite.config.ts builds this module for
 * Node, on Preact as the site is, renders each page of app/site-pages.ts with it and writes the HTML
 * into that page's copy of site.html, so the page is on screen before any script has run. site-main.tsx
 * then draws the same page over it.
 *
 * A page is drawn at the address a visitor comes to it by: the pages opened from an emailed link with
 * their link's query (a token), so that they show what such a visitor first sees. A page that asks who
 * is signed in is drawn twice: as it first shows while it asks, and, for a visitor the server knows to
 * be signed out, with its form.
 */
import './lib/preact-ref-as-prop';
import { renderToString } from 'preact-render-to-string';
import { StrictMode } from 'react';
import { preloadSitePage, SiteApp } from './app/site-app';
import { SITE_PAGES } from './app/site-pages';
import { StaticRouter } from './lib/site-router';

/**
 * The query a page is drawn with: those opened from an emailed link carry its token (any value draws
 * the same first view; the page checks the real one once it runs).
 */
const ARRIVES_WITH: Partial<Record<(typeof SITE_PAGES)[number]['path'], string>> = {
  '/sign-in/continue': '?token=emailed',
  '/reset-password': '?token=emailed&userId=emailed',
  '/join': '?token=emailed',
};

/**
 * The HTML of the public page at `path` (one of app/site-pages.ts), to go inside site.html's root
 * element. `signedOut`: drawn for a visitor known to be signed out. Throws for a path that is not a
 * public page.
 */
export async function renderSitePage(path: string, { signedOut = false } = {}): Promise<string> {
  const page = SITE_PAGES.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`${path} is not a public page`);
  await preloadSitePage(path);
  return renderToString(
    <StrictMode>
      <StaticRouter location={`${path}${ARRIVES_WITH[page.path] ?? ''}`}>
        <SiteApp signedOut={signedOut} />
      </StaticRouter>
    </StrictMode>,
  );
}
