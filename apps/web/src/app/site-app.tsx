/**
 * The public site as an app of its own, for site.html (src/site-main.tsx, decision 0127): the marketing
 * pages and the signed-out account pages of the full app's router (app/router.tsx), with the same
 * layout, skip link, error page, query cache and toaster, under React Router's declarative routes. Each
 * page is a lazy chunk, and the page's own HTML copy preloads it (vite.config.ts), so a first visit
 * loads the entry and that one page. An address outside these pages (the dashboard a sign-in leads to,
 * the admin console, the not-found page) is loaded as a full page by the app that serves it, and a
 * toast shown just before goes with it (lib/carried-toasts.ts).
 */
import { Component, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { SkipLink } from '@/components/layout/skip-link';
import { carryToasts } from '@/lib/carried-toasts';
import { SiteLayout } from './layouts/site-layout';
import { Providers } from './providers';
import { RootErrorBoundary } from './root';
import { ScrollToTop } from './scroll-to-top';

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

/** A page component from its route module (app/routes/*), loaded when first shown, in its slot. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => {
  const Page = lazy(load);
  return function SitePage() {
    return (
      <PageSlot>
        <Page />
      </PageSlot>
    );
  };
};

/**
 * The public pages by path, each a route module of app/router.tsx. vite.config.ts reads this list
 * (SITE_PAGE_MODULES) to write each page's HTML copy, and the server answers these paths with them.
 */
const Landing = page(() => import('./routes/landing'));
const About = page(() => import('./routes/about'));
const Fees = page(() => import('./routes/fees'));
const Terms = page(() => import('./routes/terms'));
const Privacy = page(() => import('./routes/privacy'));
const Contact = page(() => import('./routes/contact'));
const SignIn = page(() => import('./routes/sign-in'));
const TwoFactorSignIn = page(() => import('./routes/two-factor-sign-in'));
const ContinueSignIn = page(() => import('./routes/continue-sign-in'));
const SignUp = page(() => import('./routes/sign-up'));
const VerifyEmail = page(() => import('./routes/verify-email'));
const ForgotPassword = page(() => import('./routes/forgot-password'));
const ResetPassword = page(() => import('./routes/reset-password'));
const Join = page(() => import('./routes/join'));

/** The public pages; give it a router (BrowserRouter in site-main.tsx, a memory router in tests). */
export function SiteApp() {
  return (
    <Providers>
      <PageErrorBoundary>
        <ScrollToTop />
        <SkipLink />
        {/* Nothing while a page's chunk loads, as the full app's router shows (app/root.tsx). */}
        <Suspense fallback={null}>
          <Routes>
            <Route element={<SiteLayout />}>
              <Route index element={<Landing />} />
              <Route path="about" element={<About />} />
              <Route path="fees" element={<Fees />} />
              <Route path="terms" element={<Terms />} />
              <Route path="privacy" element={<Privacy />} />
              <Route path="contact" element={<Contact />} />
              <Route path="sign-in" element={<SignIn />} />
              <Route path="sign-in/two-factor" element={<TwoFactorSignIn />} />
              <Route path="sign-in/continue" element={<ContinueSignIn />} />
              <Route path="sign-up" element={<SignUp />} />
              <Route path="verify-email" element={<VerifyEmail />} />
              <Route path="forgot-password" element={<ForgotPassword />} />
              <Route path="reset-password" element={<ResetPassword />} />
              <Route path="join" element={<Join />} />
            </Route>
            <Route path="*" element={<ElsewhereInTheSite />} />
          </Routes>
        </Suspense>
      </PageErrorBoundary>
    </Providers>
  );
}
