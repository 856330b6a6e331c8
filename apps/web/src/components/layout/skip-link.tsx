/** The id every layout gives its <main>, the skip link's target. */
export const MAIN_ID = 'main';

/**
 * 'Skip to main content' (WCAG 2.4.1), first in the tab order and shown when focused. It moves focus
 * itself instead of following the #main address, which the router would treat as a navigation.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-brand-800 underline shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:outline-2 focus:outline-brand-600"
      onClick={(event) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
    >
      Skip to main content
    </a>
  );
}
