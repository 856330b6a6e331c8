/**
 * The public pages drawn to HTML at build time (decision 0130): vite.config.ts builds this module for
 * Node, on Preact as the site is, renders each page of app/site-pages.ts with it and writes the HTML
 * into that page's copy of site.html, so the page is on screen before any script has run. site-main.tsx
 * then draws the same page over it.
 *
 * A page is drawn at the address a visitor comes to it by: the pages opened from an emailed link with
 * their link's query (a token), so that they show what such a visitor first sees. A page that asks who
 * is signed in is drawn twice: as it first shows while it asks, and, for a visitor the server knows to
 * be signed out, with its form. Reset password is drawn as it shows while it checks its link, and for
 * each thing the server may find checking it first: the form, or each refusal.
 */
import './lib/preact-ref-as-prop';
import {
  INVITABLE_ROLES,
  INVITATION_PLACEHOLDERS,
  INVITATION_REFUSAL_KINDS,
  type InvitationCheck,
  invitationCopyKey,
  RESET_LINK_STATES,
  type ResetLinkState,
} from '@clinicpay/shared';
import { renderToString } from 'preact-render-to-string';
import { StrictMode } from 'react';
import { preloadSitePage, SiteApp } from './app/site-app';
import { SIGNED_OUT, SITE_PAGES } from './app/site-pages';
import { StaticRouter } from './lib/site-router';

/**
 * The query a page is drawn with: those opened from an emailed link carry its token (any value draws
 * the same first view; the page checks the real one once it runs).
 */
const ARRIVES_WITH: Partial<Record<(typeof SITE_PAGES)[number]['path'], string>> = {
  '/sign-in/continue': '?token=emailed',
  '/reset-password': '?token=emailed&userId=emailed',
  '/join': '?token=emailed',
};

/**
 * One drawn copy of a page: `variant` names its file (none: the page's own copy), `data` its root's
 * data attributes, which tell the site what it was drawn for; `signedOut`: for a visitor known to be
 * signed out; `linkState`: for what the server found checking the page's reset link; `invitation`:
 * for what it found checking Join's invitation, an open one drawn with INVITATION_PLACEHOLDERS where its
 * own words go (decision 0134).
 */
export interface PageCopy {
  variant?: string;
  data?: Record<string, string>;
  signedOut?: boolean;
  linkState?: ResetLinkState;
  invitation?: InvitationCheck;
  /** Join's copy's name in the page list (invitationCopyKey), by which the server finds it. */
  invitationKey?: string;
}

/**
 * Join's copies: one for each refusal, and one for an open invitation of each role, to an address with
 * an account and to one without, drawn with placeholders the server fills in.
 */
const INVITATION_COPIES: PageCopy[] = [
  ...INVITATION_REFUSAL_KINDS.map((refusal) => ({
    data: { 'invitation-refusal': refusal },
    invitation: { refusal },
  })),
  ...INVITABLE_ROLES.flatMap((role) =>
    [false, true].map((accountExists) => ({
      data: { invitation: INVITATION_PLACEHOLDERS.invitation },
      invitation: {
        preview: {
          clinicName: INVITATION_PLACEHOLDERS.clinicName,
          email: INVITATION_PLACEHOLDERS.email,
          role,
          accountExists,
        },
      },
    })),
  ),
].map((copy) => {
  const invitationKey = invitationCopyKey(copy.invitation);
  return { ...copy, invitationKey, variant: `invitation-${invitationKey}` };
});

/** The copies of the public page at `path` the build draws (app/site-pages.ts). */
export function copiesOf(path: string): PageCopy[] {
  const page = SITE_PAGES.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`${path} is not a public page`);
  return [
    {},
    ...('readsSession' in page
      ? [{ variant: SIGNED_OUT, data: { session: SIGNED_OUT }, signedOut: true }]
      : []),
    ...('checksResetLink' in page
      ? RESET_LINK_STATES.map((state) => ({
          variant: `link-${state}`,
          data: { 'link-state': state },
          linkState: state,
        }))
      : []),
    ...('checksInvitation' in page ? INVITATION_COPIES : []),
  ];
}

/**
 * The HTML of one copy of the public page at `path` (one of app/site-pages.ts), to go inside
 * site.html's root element. Throws for a path that is not a public page.
 */
export async function renderSitePage(
  path: string,
  { signedOut = false, linkState, invitation }: PageCopy = {},
): Promise<string> {
  const page = SITE_PAGES.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`${path} is not a public page`);
  await preloadSitePage(path);
  const location = `${path}${ARRIVES_WITH[page.path] ?? ''}`;
  return renderToString(
    <StrictMode>
      <StaticRouter location={location}>
        <SiteApp
          signedOut={signedOut}
          linkState={(linkState || invitation) && { location, state: linkState, invitation }}
        />
      </StaticRouter>
    </StrictMode>,
  );
}
