/**
 * The public site as an app of its own, for site.html (src/site-main.tsx, decision 0127): the marketing
 * pages and the signed-out account pages of the full app's router (app/router.tsx), with the same
 * layout, skip link, error page, query cache and toaster, under React Router's declarative routes. Each
 * page is a lazy chunk (app/site-page-loaders.ts), so a first visit loads the site and that one page,
 * drawn over the page's HTML (decision 0130). An address outside these pages (the dashboard a sign-in leads to,
 * the admin console, the not-found page) is loaded as a full page by the app that serves it, and a
 * toast shown just before goes with it (lib/carried-toasts.ts).
 */
import { Component, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { SkipLink } from '@/components/layout/skip-link';
import { carryToasts } from '@/lib/carried-toasts';
import { type ServedLinkState, ServedLinkStateProvider } from '@/lib/served-link-state';
import { SiteLayout } from './layouts/site-layout';
import { Providers } from './providers';
import { RootErrorBoundary } from './root';
import { ScrollToTop } from './scroll-to-top';
import { SITE_PAGE_LOADERS, type SitePath, sitePathOf } from './site-page-loaders';

/**
 * An address outside the public pages: the app that serves it loads it, with the toasts on screen. The
 * site's router (site-main.tsx) already loads such an address in full when navigating to it; this is
 * for a router that does not (a test's memory router).
 */
function ElsewhereInTheSite() {
  const location = useLocation();
  useEffect(() => {
    carryToasts();
    window.location.assign(`${location.pathname}${location.search}${location.hash}`);
  }, [location]);
  return null;
}

/** The site's 'please reload' page for a page that throws or fails to load, as the full app shows it. */
class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <RootErrorBoundary /> : this.props.children;
  }
}

/** Whether a page has been shown: the first page waits for its chunk with nothing on screen. */
let firstPageShown = false;

/**
 * A page's place in the layout. The first page is shown in one piece, layout and page together, once its
 * chunk has come (the Suspense around the routes); a page opened after it waits for its chunk inside
 * the layout, so the header and footer stay on screen meanwhile.
 */
function PageSlot({ children }: { children: ReactNode }) {
  useEffect(() => {
    firstPageShown = true;
  }, []);
  return firstPageShown ? <Suspense fallback={null}>{children}</Suspense> : children;
}

/** A public page: its component, and `preload()`, which loads its chunk so it renders without waiting. */
type SitePage = (() => ReactNode) & { preload: () => Promise<void> };

/**
 * A page component from its route module (app/routes/*), loaded when first shown, in its slot. Once
 * `preload()` has loaded it, it renders at once: the page that came pre-rendered in its HTML
 * (site-prerender.tsx) is drawn over that HTML in one pass, with no empty frame while its chunk loads.
 */
const page = (load: () => Promise<{ default: React.ComponentType }>): SitePage => {
  let loaded: React.ComponentType | undefined;
  const Lazy = lazy(load);
  function SitePage() {
    const Page = loaded ?? Lazy;
    return (
      <PageSlot>
        <Page />
      </PageSlot>
    );
  }
  SitePage.preload = async () => {
    loaded = (await load()).default;
  };
  return SitePage;
};

/** Each page by its path (app/site-pages.ts), from its route module. */
const PAGE_BY_PATH = Object.fromEntries(
  Object.entries(SITE_PAGE_LOADERS).map(([path, load]) => [path, page(load)]),
) as Record<SitePath, SitePage>;

/** Loads the chunk of the public page at `pathname`, if it is one, so that it renders at once. */
export async function preloadSitePage(pathname: string): Promise<void> {
  const path = sitePathOf(pathname);
  if (path) await PAGE_BY_PATH[path].preload();
}

/**
 * The public pages; give it a router (BrowserRouter in site-main.tsx, StaticRouter in
 * site-prerender.tsx, a memory router in tests). `signedOut`: the server knows no one is signed in (the
 * request carried no session cookie), so the pages that ask who is signed in show at once.
 */
export function SiteApp({
  signedOut = false,
  linkState,
}: {
  signedOut?: boolean;
  /** What the server found checking the reset or Join link of the address it answered (lib/served-link-state.tsx). */
  linkState?: ServedLinkState;
}) {
  return (
    <Providers signedOut={signedOut}>
      <ServedLinkStateProvider value={linkState}>
        <PageErrorBoundary>
          <ScrollToTop />
          <SkipLink />
          {/* Nothing while a page's chunk loads, as the full app's router shows (app/root.tsx). */}
          <Suspense fallback={null}>
            <Routes>
              <Route element={<SiteLayout />}>
                {Object.entries(PAGE_BY_PATH).map(([path, Page]) =>
                  path === '/' ? (
                    <Route key={path} index element={<Page />} />
                  ) : (
                    <Route key={path} path={path.slice(1)} element={<Page />} />
                  ),
                )}
              </Route>
              <Route path="*" element={<ElsewhereInTheSite />} />
            </Routes>
          </Suspense>
        </PageErrorBoundary>
      </ServedLinkStateProvider>
    </Providers>
  );
}
