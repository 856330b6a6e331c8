/**
 * The public site's own entry, site.html: the server answers the marketing pages (/, /about, /fees,
 * /terms, /privacy, /contact) and the signed-out account pages (sign-in with its two-factor step and
 * continue link, sign-up, verify email, forgot and reset password, join) with it
 * (apps/server/src/http/web-app.ts), and vite.config.ts builds it on its own, on Preact through
 * preact/compat, as the payment pages are (decision 0127). The same pages stay in the full app's router
 * (app/router.tsx), on React, for the dev server and links inside the signed-in app. Its router is
 * lib/site-router.tsx (the build takes it for React Router): a navigation out of the public pages, as a
 * sign-in's to the dashboard, loads that page in full, with the toasts on screen (lib/carried-toasts.ts).
 */
import './lib/preact-ref-as-prop';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SiteApp } from './app/site-app';
import { SITE_PAGES } from './app/site-pages';
import { carryToasts, showCarriedToasts } from './lib/carried-toasts';
import { BrowserRouter } from './lib/site-router';
import './styles.css';

/** A path site.html serves; any other is loaded in full, by the app that serves it. */
const isSitePath = (pathname: string) =>
  SITE_PAGES.some((page) => page.path === pathname.replace(/(.)\/+$/, '$1'));

const container = document.getElementById('root');
if (!container) throw new Error('site.html has no #root element');

// A toast the page before showed as it led here, such as 'Signed out successfully' (decision 0127).
showCarriedToasts();

createRoot(container).render(
  <StrictMode>
    <BrowserRouter isOwnPath={isSitePath} onLeave={carryToasts}>
      <SiteApp />
    </BrowserRouter>
  </StrictMode>,
);
