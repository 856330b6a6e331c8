import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Pages scroll to the top on route change (docs/product.md#screens). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // A block body: newer browsers make scrollTo return a Promise, which React would call as a cleanup.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolling is the reaction to a new path
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
