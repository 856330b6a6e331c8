import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Pages scroll to the top on route change (docs/product.md#screens). Not when the app starts: the
 * browser has placed the page it loaded (at its top, or where a reload or Back leaves it), and a public
 * page is on screen, and may have been scrolled, before its scripts run (decision 0130).
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef<string | null>(null);
  // A block body: newer browsers make scrollTo return a Promise, which React would call as a cleanup.
  useEffect(() => {
    if (shown.current !== null && shown.current !== pathname) window.scrollTo(0, 0);
    shown.current = pathname;
  }, [pathname]);
  return null;
}
