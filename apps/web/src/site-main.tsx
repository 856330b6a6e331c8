/**
 * The public site's entry, site.html (decision 0127): its stylesheet, and the site itself
 * (site-boot.tsx) with the page's own code, which start loading together only once the browser has
 * shown the page's HTML. Each public page comes drawn in that HTML (site-prerender.tsx, decision 0130),
 * so the first paint waits for its HTML and stylesheet only, and no script but this one is fetched or
 * run before it.
 */
import { SITE_PAGE_LOADERS, sitePathOf } from './app/site-page-loaders';
import './styles.css';

// The frame after the next: the page's HTML has been painted by then.
await new Promise((shown) => requestAnimationFrame(() => setTimeout(shown)));
const path = sitePathOf(window.location.pathname);
// The page's code, started beside the site's; the site waits for it (preloadSitePage) before it draws.
if (path) SITE_PAGE_LOADERS[path]().catch(() => undefined);
await import('./site-boot');
