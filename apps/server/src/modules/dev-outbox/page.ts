/**
 * Renders the dev outbox as a plain HTML page: newest first, each message with recipient, subject,
 * text body (web addresses turned into links) and the HTML body in a sandboxed frame. Plain HTML
 * rather than a React page because it exists only outside production and must never reach the
 * production bundle.
 */
import { escapeHtml } from '../../mail/html.js';
import type { DevOutboxEntry } from './queries.js';

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** Escapes the text and wraps every http(s) address in a link. */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0];
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

/**
 * The HTML body goes in a sandboxed frame of its own (an opaque origin: it can reach neither this page
 * nor the app). Scripts are not refused by the sandbox but by the page's own Content-Security-Policy,
 * which a srcdoc frame inherits (script-src 'self': no inline script runs): a sandbox without
 * allow-scripts makes Chromium log "Blocked script execution" whenever a tool looks into the frame,
 * and the console must stay clean (docs/decisions/0099-a-clean-first-run.md).
 */
function renderEntry(entry: DevOutboxEntry): string {
  const html = entry.htmlBody
    ? `<details><summary>HTML body</summary><iframe sandbox="allow-scripts allow-popups allow-top-navigation-by-user-activation" title="HTML body" srcdoc="${escapeHtml(entry.htmlBody)}"></iframe></details>`
    : '';
  return `<article class="message" data-channel="${escapeHtml(entry.channel)}">
  <dl>
    <dt>To</dt><dd class="recipient">${escapeHtml(entry.recipient)}</dd>
    <dt>Channel</dt><dd>${escapeHtml(entry.channel)}</dd>
    <dt>Subject</dt><dd class="subject">${escapeHtml(entry.subject ?? '')}</dd>
    <dt>Sent</dt><dd><time datetime="${entry.createdAt.toISOString()}">${entry.createdAt.toISOString()}</time></dd>
  </dl>
  <pre class="text-body">${linkify(entry.textBody)}</pre>
  ${html}
</article>`;
}

/**
 * The page; with `recipient` (trimmed), the filter it was asked for is shown in the form and in the
 * empty text.
 */
export function renderDevOutboxPage(entries: DevOutboxEntry[], recipient?: string): string {
  const filter = recipient ?? '';
  const empty = filter
    ? `<p>No messages to ${escapeHtml(filter)}.</p>`
    : '<p>No messages yet. Emails and text messages sent by ClinicPay appear here.</p>';
  const body = entries.length ? entries.map(renderEntry).join('\n') : empty;
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<title>ClinicPay - Dev outbox</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#0f172a}
.message{border:1px solid #cbd5e1;border-radius:.5rem;padding:1rem;margin:1rem 0}
dl{display:grid;grid-template-columns:6rem 1fr;gap:.25rem;margin:0 0 .5rem}dt{font-weight:600}dd{margin:0}
pre{white-space:pre-wrap;background:#f8fafc;padding:.75rem;border-radius:.25rem}
iframe{width:100%;height:24rem;border:1px solid #e2e8f0}
</style>
</head>
<body>
<h1>Dev outbox</h1>
<p>Outside production, ClinicPay keeps every email and text message here instead of sending it. The newest 100 are shown.</p>
<form method="get" action="/dev/outbox" role="search">
<label for="to">Recipient</label>
<input id="to" name="to" type="search" value="${escapeHtml(filter)}" autocomplete="off">
<button type="submit">Filter</button>
</form>
${body}
</body>
</html>`;
}
