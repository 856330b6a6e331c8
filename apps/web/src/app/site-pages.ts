/**
 * The public pages site.html serves (decision 0127), by path, each with its route module
 * (app/routes/<route>.tsx) and whether it asks who is signed in before it shows anything (GuestOnly, the
 * verify-email page), or checks a reset link (decision 0130) or an invitation (decision 0134) the server
 * can check for it first.
 * app/site-app.tsx routes them; vite.config.ts lists them with their chunks in
 * `.vite/site-pages.json`, from which the server answers each path with site.html and names what the
 * page asks for first in the `Link` header (apps/server/src/http/web-app.ts), and
 * scripts/check-js-budget.mjs counts each page's first load.
 */
export const SITE_PAGES = [
  { path: '/', route: 'landing' },
  { path: '/about', route: 'about' },
  { path: '/fees', route: 'fees' },
  { path: '/terms', route: 'terms' },
  { path: '/privacy', route: 'privacy' },
  { path: '/contact', route: 'contact' },
  { path: '/sign-in', route: 'sign-in', readsSession: true },
  { path: '/sign-in/two-factor', route: 'two-factor-sign-in' },
  { path: '/sign-in/continue', route: 'continue-sign-in' },
  { path: '/sign-up', route: 'sign-up', readsSession: true },
  { path: '/verify-email', route: 'verify-email', readsSession: true },
  { path: '/forgot-password', route: 'forgot-password' },
  { path: '/reset-password', route: 'reset-password', checksResetLink: true },
  { path: '/join', route: 'join', checksInvitation: true },
] as const satisfies readonly {
  path: string;
  route: string;
  readsSession?: true;
  checksResetLink?: true;
  checksInvitation?: true;
}[];

/**
 * The root element's `data-session` in a page's HTML drawn for a visitor with no session cookie
 * (site-prerender.tsx, decision 0130): the page shows its form at once instead of asking who is signed in.
 */
export const SIGNED_OUT = 'signed-out';
