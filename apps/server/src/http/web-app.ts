/**
 * Serves the built web app (apps/web/dist) with an SPA fallback: any GET for a page that is not a
 * file and not under /api answers index.html, and the browser router renders the page (or its own
 * not-found page). Hashed assets are cached for a year; the HTML is revalidated on every visit.
 *
 * The build writes a brotli and a gzip copy beside each file, and the one the browser accepts is
 * sent as it is (`preCompressed`, with `Vary: Accept-Encoding`), so nothing is compressed per
 * request (docs/benchmarks.md). The payment pages are an entry of their own (decision 0114): /payment/{id}
 * answers payment.html, and the success and failed pages its two copies, which the web build writes
 * (apps/web/vite.config.ts); they load none of the site's code. The public pages (marketing and
 * signed-out account pages) are another entry (decision 0127): each path the web build lists in
 * `.vite/site-pages.json` answers its own copy of site.html with the page already drawn in it (decision
 * 0130): for a page that asks who is signed in, the copy drawn with its form when the request carries
 * no session cookie, else the one that asks first. Reset password and Join are answered with the copy
 * drawn for what checking their link finds (decisions 0130, 0134), Join's for an open invitation filled
 * in. Each page's HTML names what the page asks for first in a `Link` header (page-preloads.ts; for a
 * public page, the session where it asks who is signed in).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  INVITATION_PLACEHOLDERS,
  type InvitationCheck,
  type InvitationPreview,
  invitationCopyKey,
  invitationTokenQuerySchema,
  RESET_LINK_STATES,
  type ResetLinkState,
  resetTokenQuerySchema,
} from '@clinicpay/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../mail/html.js';
import { AppError } from './app-error.js';
import { createPagePreloads, emailedLinkPreloads } from './page-preloads.js';

const NOT_FOUND_MESSAGE = 'Not found';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The payment pages' HTML (their own entry, apps/web/vite.config.ts), by URL path. */
const PAGE_HTML: [pathname: RegExp, file: string][] = [
  [/^\/payment\/success\/?$/, 'payment-success.html'],
  [/^\/payment\/failed\/?$/, 'payment-failed.html'],
  // A charge the patient's bank asks them to confirm: a payment page too (the payment entry routes it).
  [/^\/payment\/confirm-charge\/[^/]+\/?$/, 'payment.html'],
  [/^\/payment(\/[^/]+)?\/?$/, 'payment.html'],
];

/** The public pages' own entry (decision 0127), and where its build lists the pages it serves. */
const SITE_HTML = 'site.html';
const SITE_PAGE_LIST = path.join('.vite', 'site-pages.json');

/** A pre-rendered page's HTML file in the web build. */
const prerenderedHtml = z.string().regex(/^site\/[\w.-]+\.html$/);

/**
 * One public page as the web build lists it: its path, whether it asks who is signed in before it shows
 * anything, and its pre-rendered HTML (decision 0130): its own copy, for a page that asks the copy drawn
 * for a visitor known to be signed out, and for Reset password a copy for each state of its link.
 */
const sitePageListSchema = z.array(
  z.object({
    path: z.string().startsWith('/'),
    readsSession: z.boolean(),
    html: prerenderedHtml,
    signedOutHtml: prerenderedHtml.optional(),
    linkStateHtml: z.partialRecord(z.enum(RESET_LINK_STATES as [ResetLinkState]), prerenderedHtml).optional(),
    /** Join's copies, by what checking its invitation finds (invitationCopyKey). */
    invitationHtml: z.record(z.string(), prerenderedHtml).optional(),
  }),
);

/**
 * How the server answers one public page: its HTML and what its `Link` header names whatever the query,
 * and those for a signed-out visitor.
 */
interface SitePage {
  html: string;
  links: string[];
  signedOut?: { html: string; links: string[] };
  /** Reset password's copies, by what checking its link finds. */
  linkStates?: Partial<Record<ResetLinkState, string>>;
  /** Join's copies, by what checking its invitation finds: the HTML itself, which an open one fills in. */
  invitations?: Map<string, string>;
}

/**
 * The session's preload, as page-preloads.ts names it (decision 0078): a `fetch` with same-origin
 * credentials, as the page's own request is made, so the page reads the preloaded answer.
 */
const SESSION_PRELOAD = '</api/auth/session>; rel=preload; as=fetch; crossorigin';

/**
 * The public pages the site build serves, by path (without a trailing slash), each with its HTML and
 * `Link` header: the session where the page reads it first; for a page drawn for a signed-out visitor
 * too, that copy, which does not ask. The check of an emailed link is added per request, from its query. A page's chunks are named in its HTML, at low priority (decision
 * 0130), not in the header. Empty when the build wrote no site.html or no readable list, or a listed
 * file is missing, so that every page falls back to index.html, which routes them all too.
 */
function readSitePages(webDistDir: string): Map<string, SitePage> {
  const pages = new Map<string, SitePage>();
  if (!fs.existsSync(path.join(webDistDir, SITE_HTML))) return pages;
  let listed: z.infer<typeof sitePageListSchema>;
  try {
    listed = sitePageListSchema.parse(
      JSON.parse(fs.readFileSync(path.join(webDistDir, SITE_PAGE_LIST), 'utf8')),
    );
  } catch {
    return pages;
  }
  const files = listed.flatMap((page) => [
    page.html,
    ...(page.signedOutHtml ? [page.signedOutHtml] : []),
    ...Object.values(page.linkStateHtml ?? {}),
    ...Object.values(page.invitationHtml ?? {}),
  ]);
  if (!files.every((file) => fs.existsSync(path.join(webDistDir, file)))) return pages;
  for (const page of listed) {
    pages.set(withoutTrailingSlash(page.path), {
      html: page.html,
      links: page.readsSession ? [SESSION_PRELOAD] : [],
      ...(page.signedOutHtml && { signedOut: { html: page.signedOutHtml, links: [] } }),
      ...(page.linkStateHtml && { linkStates: page.linkStateHtml }),
      ...(page.invitationHtml && {
        invitations: new Map(
          Object.entries(page.invitationHtml).map(([key, file]) => [
            key,
            fs.readFileSync(path.join(webDistDir, file), 'utf8'),
          ]),
        ),
      }),
    });
  }
  return pages;
}

const withoutTrailingSlash = (pathname: string) => pathname.replace(/(.)\/+$/, '$1');

function pathnameOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '';
}

function wantsPage(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.url.startsWith('/api/') &&
    !path.extname(pathnameOf(request))
  );
}

/** The HTML file for a page URL outside the public site: a payment page's own when the build wrote it, else index.html. */
function pageHtml(webDistDir: string, pathname: string): string {
  const match = PAGE_HTML.find(([pattern]) => pattern.test(pathname));
  if (match) return fs.existsSync(path.join(webDistDir, match[1])) ? match[1] : 'index.html';
  return 'index.html';
}

export interface WebAppOptions {
  /**
   * Whether the request shows that no one is signed in (it carries no session cookie): a public page
   * that asks who is signed in is then answered with its form already drawn.
   */
  signedOut: (request: FastifyRequest) => boolean;
  /** What checking a reset link finds; a page drawn for it is answered when there is one. */
  resetLinkState: (token: string, userId: string) => Promise<ResetLinkState>;
  /** What checking a Join link finds; Join's copy drawn for it is answered, filled in (decision 0134). */
  checkInvitation: (token: string) => Promise<InvitationCheck>;
}

const PLACEHOLDER = new RegExp(Object.values(INVITATION_PLACEHOLDERS).join('|'), 'g');

/**
 * Join's copy drawn for an open invitation with the invitation's own words where the build left its
 * placeholders, escaped, and the invitation as JSON in the root's `data-invitation` for the page's
 * scripts (decision 0134). One pass, so a clinic's name cannot put a placeholder back.
 */
function filledInvitationPage(html: string, preview: InvitationPreview): string {
  const values: Record<string, string> = {
    [INVITATION_PLACEHOLDERS.clinicName]: preview.clinicName,
    [INVITATION_PLACEHOLDERS.email]: preview.email,
    [INVITATION_PLACEHOLDERS.invitation]: JSON.stringify(preview),
  };
  return html.replace(PLACEHOLDER, (placeholder) => escapeHtml(values[placeholder] ?? ''));
}

/** Registers static serving when webDistDir holds a build; otherwise every unknown path is a 404. */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string | undefined,
  { signedOut, resetLinkState, checkInvitation }: WebAppOptions,
) {
  const indexFile = webDistDir ? path.join(webDistDir, 'index.html') : undefined;
  const hasBuild = indexFile !== undefined && fs.existsSync(indexFile);

  if (hasBuild && webDistDir) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are reached through their file's URL, never by their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  const pagePreloads = hasBuild && webDistDir ? createPagePreloads(webDistDir) : () => undefined;
  const sitePages = hasBuild && webDistDir ? readSitePages(webDistDir) : new Map<string, SitePage>();
  /**
   * Reset password's copy drawn for what its link's check finds, when the request's query is a link's
   * (docs/product.md#account-screens); undefined otherwise, or when the check cannot be made: the copy
   * that checks in the browser is answered then.
   */
  async function resetPageFor(request: FastifyRequest, sitePage: SitePage): Promise<string | undefined> {
    if (!sitePage.linkStates) return undefined;
    const query = resetTokenQuerySchema.safeParse(request.query);
    if (!query.success) return undefined;
    try {
      return sitePage.linkStates[await resetLinkState(query.data.token, query.data.userId)];
    } catch (error) {
      request.log.warn({ err: error }, 'reset link could not be checked for its page');
      return undefined;
    }
  }

  /**
   * Join's copy drawn for what checking the query's invitation token finds, an open invitation's filled
   * in (decision 0134); undefined without a token, or when the check cannot be made: the copy that checks
   * in the browser is answered then.
   */
  async function joinPageFor(request: FastifyRequest, sitePage: SitePage): Promise<string | undefined> {
    if (!sitePage.invitations) return undefined;
    const query = invitationTokenQuerySchema.safeParse(request.query);
    if (!query.success) return undefined;
    try {
      const check = await checkInvitation(query.data.token);
      const html = sitePage.invitations.get(invitationCopyKey(check));
      return html && 'preview' in check ? filledInvitationPage(html, check.preview) : html;
    } catch (error) {
      request.log.warn({ err: error }, 'invitation could not be checked for its page');
      return undefined;
    }
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (hasBuild && webDistDir && wantsPage(request)) {
      const pathname = pathnameOf(request);
      const sitePage = sitePages.get(withoutTrailingSlash(pathname));
      const joinPage = sitePage && (await joinPageFor(request, sitePage));
      // It names the invitation's clinic and address: kept by no cache.
      if (joinPage) return reply.header('cache-control', 'no-store').type('text/html').send(joinPage);
      const chosen = sitePage?.signedOut && signedOut(request) ? sitePage.signedOut : sitePage;
      const checked = sitePage && (await resetPageFor(request, sitePage));
      const { html, links } = checked
        ? { html: checked, links: '' }
        : chosen
          ? { html: chosen.html, links: [...chosen.links, ...emailedLinkPreloads(request.url)].join(', ') }
          : { html: pageHtml(webDistDir, pathname), links: pagePreloads(request.url) };
      if (links) reply.header('link', links);
      // The answer differs with the session cookie where a signed-out copy exists.
      if (sitePage?.signedOut) reply.header('vary', 'Cookie');
      return reply.header('cache-control', REVALIDATE).type('text/html').sendFile(html);
    }
    throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  });
}
