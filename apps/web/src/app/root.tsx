import { UNEXPECTED_ERROR_MESSAGE } from '@clinicpay/shared';
import { Link, Outlet } from 'react-router';
import { MAIN_ID, SkipLink } from '@/components/layout/skip-link';
import { ScrollToTop } from './scroll-to-top';

export function Root() {
  return (
    <>
      <ScrollToTop />
      <SkipLink />
      <Outlet />
    </>
  );
}

/**
 * What the router renders while the first page's lazy chunks (its layout and page) load: nothing, as
 * before, but declared, so React Router does not warn "No `HydrateFallback` element provided" in every
 * page's console (docs/decisions/0099-a-clean-first-run.md). The wait is one round trip for chunks
 * the page preloads (decision 0078).
 */
export function RootHydrateFallback() {
  return null;
}

/** Shown when a page fails to load or throws (e.g. a stale chunk after a deploy). */
export function RootErrorBoundary() {
  return (
    <main
      id={MAIN_ID}
      tabIndex={-1}
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center focus:outline-none"
    >
      <h1 className="text-2xl font-semibold">{UNEXPECTED_ERROR_MESSAGE}</h1>
      <p className="mt-2 text-slate-600">Please reload the page. If it keeps happening, contact us.</p>
      <Link to="/" className="mt-6 text-brand-700 underline">
        Return to Home
      </Link>
    </main>
  );
}
