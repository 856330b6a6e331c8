/**
 * Renders a React Email element (a template under mail/templates/ or a module's templates/ folder) into
 * the two bodies an email carries: the HTML document and its plain-text version. Every email ClinicPay
 * sends is built this way. React Email is loaded with the first email, not at start (decision 0077, a
 * server's memory), so callers import their templates with `import()` too.
 */
import type { ComponentType, ReactElement } from 'react';

/** An email's two bodies. */
export interface EmailBodies {
  /** The whole HTML document; every value a template shows is escaped by React. */
  html: string;
  /** The plain-text version: every link in full after its words, the preview line and LinkText left out. */
  text: string;
}

// html-to-text capitalises headings by default; names in a heading keep their own case.
const TEXT_OPTIONS = { selectors: [{ selector: 'h1', options: { uppercase: false } }] };

/**
 * Renders `element` to its HTML document and plain text (not wrapped to a line width). Rejects when a
 * template throws while rendering.
 */
export async function renderEmail(element: ReactElement): Promise<EmailBodies> {
  const { render, toPlainText } = await import('@react-email/render');
  const html = await render(element);
  return { html, text: toPlainText(html, TEXT_OPTIONS) };
}

/**
 * Renders the template `load` resolves to with `props` (display strings), as renderEmail does. React and
 * the template are imported with the first email that uses them, not at start (decision 0077): `load` is
 * an `import()` of the template's file. Rejects when the template cannot be loaded or rendered.
 */
export async function renderTemplate<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  props: Props,
): Promise<EmailBodies> {
  const [{ createElement }, template] = await Promise.all([import('react'), load()]);
  return renderEmail(createElement(template, props));
}
