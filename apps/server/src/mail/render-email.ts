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
const HEADING_SELECTORS = [{ selector: 'h1', options: { uppercase: false } }];

/**
 * The plain-text converter, compiled once (html-to-text's `compile`): React Email's `toPlainText` calls
 * `convert`, which compiles the same options again for every email, a third of a reminder's rendering
 * (docs/decisions/0129-reminders-at-scale.md). Same options as `toPlainText(html, { selectors })`.
 */
let toPlainText: ((html: string) => string) | undefined;

async function plainTextConverter(): Promise<(html: string) => string> {
  if (toPlainText) return toPlainText;
  const [{ plainTextSelectors }, { compile }] = await Promise.all([
    import('@react-email/render'),
    import('html-to-text'),
  ]);
  toPlainText = compile({ wordwrap: false, selectors: [...plainTextSelectors, ...HEADING_SELECTORS] });
  return toPlainText;
}

/**
 * Renders `element` to its HTML document and plain text (not wrapped to a line width). Rejects when a
 * template throws while rendering.
 */
export async function renderEmail(element: ReactElement): Promise<EmailBodies> {
  const [{ render }, convert] = await Promise.all([import('@react-email/render'), plainTextConverter()]);
  const html = await render(element);
  return { html, text: convert(html) };
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
