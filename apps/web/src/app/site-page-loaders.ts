/**
 * Each public page's route module (app/routes/<route>.tsx of app/site-pages.ts), loaded on demand, by
 * path. The site (app/site-app.tsx) renders each page from its loader, and the site's entry
 * (site-main.tsx) starts the page's loader beside the site's own once the page's HTML is on screen, so
 * that the page's code does not wait for the site's to arrive first (decision 0130). A module of its
 * own, so that the entry takes the loaders without the site.
 */
import type { ComponentType } from 'react';
import type { SITE_PAGES } from './site-pages';

/** A public page's path, as app/site-pages.ts lists it. */
export type SitePath = (typeof SITE_PAGES)[number]['path'];

type Loader = () => Promise<{ default: ComponentType }>;

export const SITE_PAGE_LOADERS: Record<SitePath, Loader> = {
  '/': () => import('./routes/landing'),
  '/about': () => import('./routes/about'),
  '/fees': () => import('./routes/fees'),
  '/terms': () => import('./routes/terms'),
  '/privacy': () => import('./routes/privacy'),
  '/contact': () => import('./routes/contact'),
  '/sign-in': () => import('./routes/sign-in'),
  '/sign-in/two-factor': () => import('./routes/two-factor-sign-in'),
  '/sign-in/continue': () => import('./routes/continue-sign-in'),
  '/sign-up': () => import('./routes/sign-up'),
  '/verify-email': () => import('./routes/verify-email'),
  '/forgot-password': () => import('./routes/forgot-password'),
  '/reset-password': () => import('./routes/reset-password'),
  '/join': () => import('./routes/join'),
};

/** The public page's path for a URL's `pathname` (a trailing slash ignored), or undefined for any other. */
export function sitePathOf(pathname: string): SitePath | undefined {
  const path = pathname.replace(/(.)\/+$/, '$1');
  return path in SITE_PAGE_LOADERS ? (path as SitePath) : undefined;
}
