/**
 * The public site, started by its entry (site-main.tsx) once the page's HTML is on screen. The server answers the marketing pages (/, /about, /fees,
 * /terms, /privacy, /contact) and the signed-out account pages (sign-in with its two-factor step and
 * continue link, sign-up, verify email, forgot and reset password, join) with it
 * (apps/server/src/http/web-app.ts) with site.html, and vite.config.ts builds it on its own, on Preact through
 * preact/compat, as the payment pages are (decision 0127). The same pages stay in the full app's router
 * (app/router.tsx), on React, for the dev server and links inside the signed-in app. Its router is
 * lib/site-router.tsx (the build takes it for React Router): a navigation out of the public pages, as a
 * sign-in's to the dashboard, loads that page in full, with the toasts on screen (lib/carried-toasts.ts).
 *
 * Each page's HTML comes with the page already drawn (site-prerender.tsx, decision 0130), so it is read
 * before any script runs. This module loads the page's chunk first, then renders the same page over
 * that HTML in one pass: the elements stay where they are and gain their behaviour, and the root, inert
 * until then, can be used. `data-session` on the root says the server knew no one was signed in, as the
 * page was drawn, `data-link-state` what it found checking the page's reset link, and
 * `data-invitation-refusal` or `data-invitation` what it found checking Join's invitation.
 */
import './lib/preact-ref-as-prop';
import { RESET_LINK_STATES } from '@clinicpay/shared';
import { render } from 'preact';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadSitePage, SiteApp } from './app/site-app';
import { sitePathOf } from './app/site-page-loaders';
import { SIGNED_OUT } from './app/site-pages';
import { carryToasts, showCarriedToasts } from './lib/carried-toasts';
import { servedInvitation } from './lib/served-invitation';
import { BrowserRouter } from './lib/site-router';

/** A path site.html serves; any other is loaded in full, by the app that serves it. */
const isSitePath = (pathname: string) => sitePathOf(pathname) !== undefined;

const container = document.getElementById('root');
if (!container) throw new Error('site.html has no #root element');

// A toast the page before showed as it led here, such as 'Signed out successfully' (decision 0127).
showCarriedToasts();

// What the server found checking this address's reset link or invitation, when it drew the page for it.
const linkState = RESET_LINK_STATES.find((state) => state === container.dataset.linkState);
const invitation = servedInvitation(container.dataset);
const servedLinkState = (linkState || invitation) && {
  location: `${window.location.pathname}${window.location.search}`,
  state: linkState,
  invitation,
};

// Drawn over the page's HTML only once its chunk is here: until then the HTML stays as it came.
await preloadSitePage(window.location.pathname).catch(() => undefined);
const site = (
  <StrictMode>
    <BrowserRouter isOwnPath={isSitePath} onLeave={carryToasts}>
      <SiteApp signedOut={container.dataset.session === SIGNED_OUT} linkState={servedLinkState} />
    </BrowserRouter>
  </StrictMode>
);
// The build runs on Preact (vite.config.ts), whose own `render` takes over the elements already in the
// root, correcting any that differ; preact/compat's `createRoot` would empty the root first, as React's
// does, and the page would be drawn a second time. The dev server runs site.html on React.
if (import.meta.env.DEV) createRoot(container).render(site);
else render(site, container);
container.inert = false;
