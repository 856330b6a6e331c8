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
