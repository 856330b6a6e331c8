import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkMailedTo, signedInClinic, signedInMember, signUp, uniqueEmail } from '../../test/accounts.js';
import { createTestApp } from '../../test/test-app.js';
import { clinics, teamInvitations, verifications } from '../db/schema/index.js';

const SCRIPT = `export const greeting = '${'hello from the payment page '.repeat(20)}';\n`;
const INDEX_HTML = '<!doctype html><title>ClinicPay</title>';
const PAYMENT_HTML =
  '<!doctype html><title>ClinicPay</title><link rel="modulepreload" href="/assets/pay.js">';

/** A small build as apps/web's `npm run build` lays it out: each file beside its .br and .gz copies. */
function writeFakeDist(dir: string) {
  const write = (file: string, text: string, copies: ('br' | 'gz')[] = ['br', 'gz']) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
    if (copies.includes('br')) fs.writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(text));
    if (copies.includes('gz')) fs.writeFileSync(path.join(dir, `${file}.gz`), gzipSync(text));
  };
  write('index.html', INDEX_HTML);
  write('payment.html', PAYMENT_HTML);
  write('assets/app-abc123.js', SCRIPT);
  write('assets/gzip-only-def456.js', SCRIPT, ['gz']);
  // The manifest's shape as Vite writes it: the entry, and each lazy route's chunk and what it imports.
  write(
    '.vite/manifest.json',
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-2.js'] },
      '_react-2.js': { file: 'assets/react-2.js' },
      '_button-3.js': { file: 'assets/button-3.js', imports: ['_react-2.js'] },
      '_form-4.js': { file: 'assets/form-4.js', imports: ['_button-3.js', 'index.html'] },
      'src/app/layouts/site-layout.tsx': {
        file: 'assets/site-layout-5.js',
        isDynamicEntry: true,
        imports: ['index.html', '_button-3.js'],
      },
      'src/app/routes/sign-in.tsx': {
        file: 'assets/sign-in-6.js',
        isDynamicEntry: true,
        imports: ['index.html', '_form-4.js', '_react-2.js'],
      },
      'src/app/routes/about.tsx': {
        file: 'assets/about-7.js',
        isDynamicEntry: true,
        imports: ['index.html'],
      },
    }),
    [],
  );
}

describe('the web app on the wire', () => {
  let app: FastifyInstance;
  let webDistDir: string;

  beforeAll(async () => {
    webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinicpay-web-'));
    writeFakeDist(webDistDir);
    app = await createTestApp({ webDistDir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDistDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli copy to a browser that accepts brotli', async () => {
    const response = await get('/assets/app-abc123.js', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('prefers brotli when a browser offers every encoding', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('sends the gzip copy to a client that accepts only gzip', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip when a file has no brotli copy', async () => {
    const response = await get('/assets/gzip-only-def456.js', 'br, gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await get('/assets/app-abc123.js', acceptEncoding);
      expect(response.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(response.body).toBe(SCRIPT);
    }
  });

  it('tells caches that every file varies with Accept-Encoding', async () => {
    for (const url of ['/assets/app-abc123.js', '/', '/dashboard', '/payment/abc']) {
      for (const acceptEncoding of [undefined, 'gzip', 'br']) {
        const response = await get(url, acceptEncoding);
        expect(String(response.headers.vary), `${url} ${acceptEncoding}`).toMatch(/accept-encoding/i);
      }
    }
  });

  it('caches hashed assets for a year and revalidates the HTML on every visit', async () => {
    const asset = await get('/assets/app-abc123.js', 'br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/index.html', '/', '/dashboard', '/dashboard/payment-history?page=2']) {
      const page = await get(url, 'br');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers a page route with the compressed index.html', async () => {
    const response = await get('/dashboard', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('answers a payment page with the HTML that preloads its code, when the build wrote one', async () => {
    for (const url of ['/payment/abc', '/payment/abc?x=1', '/payment']) {
      expect((await get(url)).body, url).toBe(PAYMENT_HTML);
    }
    // This fake build wrote no payment-failed.html.
    expect((await get('/payment/failed')).body).toBe(INDEX_HTML);
  });

  it("asks the browser to preload a payment page's data with its HTML, in parallel with its code", async () => {
    const id = '6f1c1f4e-8f9b-4c39-9d57-0e6d8f3c2a11';
    expect((await get(`/payment/${id}`)).headers.link).toBe(
      `</api/public/payments/${id}>; rel=preload; as=fetch; crossorigin, ` +
        '</api/payment-provider/config>; rel=preload; as=fetch; crossorigin',
    );
    expect((await get(`/payment/success?link_id=${id}&payment_id=pi_1`)).headers.link).toBe(
      `</api/public/payments/${id}>; rel=preload; as=fetch; crossorigin`,
    );
    for (const url of ['/payment', '/payment/success', '/payment/a%3Cb%3E', '/payment/x/y', '/nowhere']) {
      expect((await get(url)).headers.link, url).toBeUndefined();
    }
  });

  it("asks the browser to preload a site page's own chunks beyond the entry's, and the session where it is read first", async () => {
    const modules = (link: string | undefined) =>
      (link ?? '')
        .split(', ')
        .filter((part) => part.endsWith('rel=modulepreload'))
        .map((part) => part.replace(/^<(.+)>; rel=modulepreload$/, '$1'))
        .sort();
    const signIn = (await get('/sign-in?redirectTo=%2Fdashboard')).headers.link as string;
    expect(modules(signIn)).toEqual([
      '/assets/button-3.js',
      '/assets/form-4.js',
      '/assets/sign-in-6.js',
      '/assets/site-layout-5.js',
    ]);
    expect(signIn).toContain('</api/auth/session>; rel=preload; as=fetch; crossorigin');
    const about = (await get('/about')).headers.link as string;
    expect(modules(about)).toEqual(['/assets/about-7.js', '/assets/button-3.js', '/assets/site-layout-5.js']);
    expect(about).not.toContain('/api/auth/session');
    // This fake build has no clinic area chunks: the dashboard preloads only who is signed in.
    expect((await get('/dashboard/settings')).headers.link).toBe(
      '</api/auth/session>; rel=preload; as=fetch; crossorigin',
    );
    // The landing page's route is missing from this manifest, so nothing is preloaded for it.
    expect((await get('/')).headers.link).toBeUndefined();
  });

  it('does not serve the compressed copies by their own names', async () => {
    const response = await get('/assets/app-abc123.js.br');
    expect(response.statusCode).toBe(404);
  });
});

// The public pages' own entry (decision 0127): site.html, the list of the pages it serves, and each
// page's copy of it with the page drawn in (decision 0130).
describe('the public pages on the wire', () => {
  const SITE_HTML = '<!doctype html><title>ClinicPay</title><script src="/assets/site-1.js"></script>';
  /** A page's pre-rendered copy of site.html, as the web build writes it. */
  const drawn = (what: string) => SITE_HTML.replace('</script>', `</script><div id="root">${what}</div>`);
  const SITE_PAGES = [
    {
      path: '/',
      module: 'src/app/routes/landing.tsx',
      readsSession: false,
      html: 'site/landing.html',
    },
    {
      path: '/sign-in',
      module: 'src/app/routes/sign-in.tsx',
      readsSession: true,
      html: 'site/sign-in.html',
      signedOutHtml: 'site/sign-in.signed-out.html',
    },
    {
      path: '/sign-in/two-factor',
      module: 'src/app/routes/two-factor-sign-in.tsx',
      readsSession: false,
      html: 'site/two-factor-sign-in.html',
    },
    {
      path: '/about',
      module: 'src/app/routes/about.tsx',
      readsSession: false,
      html: 'site/about.html',
    },
    {
      path: '/reset-password',
      module: 'src/app/routes/reset-password.tsx',
      readsSession: false,
      html: 'site/reset-password.html',
      linkStateHtml: {
        valid: 'site/reset-password.link-valid.html',
        'invalid-token': 'site/reset-password.link-invalid-token.html',
        'invalid-user': 'site/reset-password.link-invalid-user.html',
        expired: 'site/reset-password.link-expired.html',
      },
    },
    {
      path: '/join',
      module: 'src/app/routes/join.tsx',
      readsSession: false,
      html: 'site/join.html',
      invitationHtml: Object.fromEntries(
        [
          'not-found',
          'used',
          'withdrawn',
          'expired',
          'new-manager',
          'existing-manager',
          'new-reception',
          'existing-reception',
        ].map((key) => [key, `site/join.invitation-${key}.html`]),
      ),
    },
  ];
  /** An open invitation's copy as the build draws it: its placeholders where the invitation's words go. */
  const openInvitation = (kind: string) =>
    drawn(
      `<main data-invitation="clinicpay-placeholder-invitation"><h1>Join clinicpay-placeholder-clinic-name</h1>` +
        `<p>${kind}, with clinicpay-placeholder-email.</p></main>`,
    );
  const SITE_FILES: Record<string, string> = {
    'site/landing.html': drawn('Landing'),
    'site/sign-in.html': drawn('Sign-in, asking who is signed in'),
    'site/sign-in.signed-out.html': drawn('Sign-in form'),
    'site/two-factor-sign-in.html': drawn('Two-factor'),
    'site/about.html': drawn('About'),
    'site/reset-password.html': drawn('Checking your reset link'),
    'site/reset-password.link-valid.html': drawn('Set new password'),
    'site/reset-password.link-invalid-token.html': drawn('Invalid reset token'),
    'site/reset-password.link-invalid-user.html': drawn('Invalid user ID'),
    'site/reset-password.link-expired.html': drawn('This reset link has expired'),
    'site/join.html': drawn('Checking your invitation'),
    'site/join.invitation-not-found.html': drawn('This invitation link is not valid'),
    'site/join.invitation-used.html': drawn('This invitation has already been used'),
    'site/join.invitation-withdrawn.html': drawn('This invitation was withdrawn'),
    'site/join.invitation-expired.html': drawn('This invitation has expired'),
    'site/join.invitation-new-manager.html': openInvitation('Manager, new account'),
    'site/join.invitation-existing-manager.html': openInvitation('Manager, existing account'),
    'site/join.invitation-new-reception.html': openInvitation('Reception, new account'),
    'site/join.invitation-existing-reception.html': openInvitation('Reception, existing account'),
  };
  const SESSION_COOKIE = { cookie: 'theme=dark; clinicpay.session_token=abc.def' };
  const apps: FastifyInstance[] = [];
  const dirs: string[] = [];

  /** A build with the full app (its manifest naming the sign-in route's chunk) and, optionally, the site. */
  async function appWith(siteList: string | null, { siteHtml = true, drawnPages = true } = {}) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinicpay-web-'));
    dirs.push(dir);
    writeFakeDist(dir);
    if (siteHtml) fs.writeFileSync(path.join(dir, 'site.html'), SITE_HTML);
    fs.mkdirSync(path.join(dir, 'site'));
    if (drawnPages)
      for (const [file, html] of Object.entries(SITE_FILES)) {
        fs.writeFileSync(path.join(dir, file), html);
        fs.writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(html));
      }
    if (siteList !== null) fs.writeFileSync(path.join(dir, '.vite', 'site-pages.json'), siteList);
    const app = await createTestApp({ webDistDir: dir });
    apps.push(app);
    return app;
  }
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers each page the site build lists with its own drawn copy, and every other page with index.html', async () => {
    const app = await appWith(JSON.stringify(SITE_PAGES));
    const body = async (url: string, headers: Record<string, string> = SESSION_COOKIE) =>
      (await app.inject({ url, headers })).body;
    for (const [url, file] of [
      ['/', 'site/landing.html'],
      ['/sign-in', 'site/sign-in.html'],
      ['/sign-in/', 'site/sign-in.html'],
      ['/sign-in?redirectTo=%2Fdashboard', 'site/sign-in.html'],
      ['/sign-in/two-factor', 'site/two-factor-sign-in.html'],
      ['/about', 'site/about.html'],
    ] as const) {
      expect(await body(url), url).toBe(SITE_FILES[file]);
    }
    // Without a session cookie no one is signed in: sign-in comes with its form drawn; a page that
    // does not ask who is signed in is the same either way.
    expect(await body('/sign-in?redirectTo=%2Fdashboard', {})).toBe(
      SITE_FILES['site/sign-in.signed-out.html'],
    );
    expect(await body('/sign-in', { cookie: 'theme=dark' })).toBe(SITE_FILES['site/sign-in.signed-out.html']);
    expect(await body('/sign-in', { cookie: '__Secure-clinicpay.session_token=abc' })).toBe(
      SITE_FILES['site/sign-in.html'],
    );
    expect(await body('/about', {})).toBe(SITE_FILES['site/about.html']);
    for (const url of [
      '/dashboard',
      '/admin',
      '/two-factor-setup',
      '/auth/callback',
      '/sign-in/other',
      '/nowhere',
    ]) {
      expect(await body(url), url).toBe(INDEX_HTML);
    }
    expect(await body('/payment/abc')).toBe(PAYMENT_HTML);
    const response = await app.inject({ url: '/sign-in' });
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    // A cache in between keeps the two sign-in copies apart.
    expect(String(response.headers.vary)).toMatch(/Cookie/);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    // Compressed as every other file is.
    const compressed = await app.inject({ url: '/about', headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(SITE_FILES['site/about.html']);
  });

  it("names the session in the Link header where a public page reads it first, and none of the full app's chunks (its own are in its HTML)", async () => {
    const app = await appWith(JSON.stringify(SITE_PAGES));
    const link = async (url: string, headers: Record<string, string> = SESSION_COOKIE) =>
      (await app.inject({ url, headers })).headers.link;
    // The full app's manifest names sign-in-6.js, site-layout-5.js, form-4.js and button-3.js for /sign-in.
    expect(await link('/sign-in?redirectTo=%2Fdashboard')).toBe(
      '</api/auth/session>; rel=preload; as=fetch; crossorigin',
    );
    // Drawn for a signed-out visitor, sign-in does not ask for the session.
    expect(await link('/sign-in', {})).toBeUndefined();
    for (const url of ['/about', '/', '/sign-in/two-factor']) expect(await link(url), url).toBeUndefined();
  });

  it('answers Reset password with the copy drawn for what checking its link finds', async () => {
    const app = await appWith(JSON.stringify(SITE_PAGES));
    const page = async (url: string) => (await app.inject({ url })).body;
    const email = uniqueEmail('reset');
    await signUp(app, email);
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const link = await linkMailedTo(app, email, 'Reset your ClinicPay password');
    const token = String(link.searchParams.get('token'));
    const userId = String(link.searchParams.get('userId'));

    expect(await page(`/reset-password?token=${token}&userId=${userId}`)).toBe(
      SITE_FILES['site/reset-password.link-valid.html'],
    );
    expect(await page(`/reset-password?token=${token}&userId=someone-else`)).toBe(
      SITE_FILES['site/reset-password.link-invalid-user.html'],
    );
    expect(await page(`/reset-password?token=not-a-token&userId=${userId}`)).toBe(
      SITE_FILES['site/reset-password.link-invalid-token.html'],
    );
    // Without both, the page says the link is missing itself: the copy that checks in the browser.
    expect(await page(`/reset-password?token=${token}`)).toBe(SITE_FILES['site/reset-password.html']);
    // The page's check is answered: nothing to preload.
    expect(
      (await app.inject({ url: `/reset-password?token=${token}&userId=${userId}` })).headers.link,
    ).toBeUndefined();

    await app.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.value, userId));
    expect(await page(`/reset-password?token=${token}&userId=${userId}`)).toBe(
      SITE_FILES['site/reset-password.link-expired.html'],
    );
    // Checking the link does not use it up: it is refused for being expired, not for being used.
    expect(
      (await app.inject({ url: `/api/auth/reset-password?token=${token}&userId=${userId}` })).json(),
    ).toMatchObject({
      message: 'This reset link has expired',
    });
  });

  it('answers Join with the copy drawn for what checking its invitation finds, an open one filled in, escaped', async () => {
    const app = await appWith(JSON.stringify(SITE_PAGES));
    const owner = await signedInClinic(app);
    await app.database.db
      .update(clinics)
      .set({ clinicName: `O'Neil <b>Dental</b> & "Co" clinicpay-placeholder-email` })
      .where(eq(clinics.id, owner.user.clinicId));
    const invite = async (email: string, role: string) => {
      await app.inject({
        method: 'POST',
        url: '/api/team/invitations',
        cookies: owner.cookies,
        payload: { email, role },
      });
      return String((await linkMailedTo(app, email)).searchParams.get('token'));
    };

    const newcomer = uniqueEmail('newcomer');
    const token = await invite(newcomer, 'manager');
    const answer = await app.inject({ url: `/join?token=${token}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    // It names the clinic and the address: kept by no cache, and nothing left to preload.
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers.link).toBeUndefined();
    // Escaped where it stands, and in one pass: a placeholder in the clinic's name stays as it is.
    const name = 'O&#39;Neil &lt;b&gt;Dental&lt;/b&gt; &amp; &quot;Co&quot; clinicpay-placeholder-email';
    const invitation = JSON.stringify({
      clinicName: `O'Neil <b>Dental</b> & "Co" clinicpay-placeholder-email`,
      email: newcomer,
      role: 'manager',
      accountExists: false,
    })
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&#39;');
    expect(answer.body).toBe(
      drawn(
        `<main data-invitation="${invitation}"><h1>Join ${name}</h1>` +
          `<p>Manager, new account, with ${newcomer}.</p></main>`,
      ),
    );

    // An address with an account in no clinic (a member removed), as reception.
    const member = await signedInMember(app, owner, 'reception');
    await app.inject({
      method: 'POST',
      url: `/api/team/members/${member.user.id}/remove`,
      cookies: owner.cookies,
    });
    const page = async (url: string) => (await app.inject({ url })).body;
    expect(await page(`/join?token=${await invite(member.email, 'reception')}`)).toContain(
      `<p>Reception, existing account, with ${member.email}.</p>`,
    );

    // Each refusal its own copy.
    expect(await page('/join?token=never-issued')).toBe(SITE_FILES['site/join.invitation-not-found.html']);
    await app.database.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.email, newcomer));
    expect(await page(`/join?token=${token}`)).toBe(SITE_FILES['site/join.invitation-expired.html']);
    await app.database.db
      .update(teamInvitations)
      .set({ revokedAt: new Date() })
      .where(eq(teamInvitations.email, newcomer));
    expect(await page(`/join?token=${token}`)).toBe(SITE_FILES['site/join.invitation-withdrawn.html']);
    await app.database.db
      .update(teamInvitations)
      .set({ acceptedAt: new Date() })
      .where(eq(teamInvitations.email, newcomer));
    expect(await page(`/join?token=${token}`)).toBe(SITE_FILES['site/join.invitation-used.html']);
    // Without a token the page says so itself.
    expect(await page('/join')).toBe(SITE_FILES['site/join.html']);
  });

  it('names the check an emailed link makes with the page that makes it, in the same URL', async () => {
    // A build whose Join has no copies for what its check finds: the page checks, and names its check.
    const app = await appWith(JSON.stringify(SITE_PAGES.map(({ invitationHtml: _drawn, ...page }) => page)));
    const link = async (url: string) => (await app.inject({ url })).headers.link;
    // Checked by the server first when it can be: a refused link's copy, nothing to preload.
    expect(await link('/reset-password?token=abc_DEF-1&userId=u1')).toBeUndefined();
    expect(await link('/join?token=t0k')).toBe(
      '</api/team-invitations?token=t0k>; rel=preload; as=fetch; crossorigin',
    );
    // Nothing for a value no emailed link carries, or a link without its values.
    for (const url of [
      '/reset-password?token=a%3Eb&userId=u1',
      '/reset-password?token=abc',
      '/join',
      '/join?token=',
    ]) {
      expect(await link(url), url).toBeUndefined();
    }
    expect(await link('/about?token=abc')).toBeUndefined();
  });

  // Each fallback on an app of its own (an app takes seconds to start on a busy machine).
  it.each([
    ['no list', null, true, true],
    ['a list that is not JSON', 'not json', true, true],
    [
      'a path that is not absolute',
      JSON.stringify([{ path: 'sign-in', readsSession: true, html: 'site/sign-in.html' }]),
      true,
      true,
    ],
    [
      'a drawn copy outside the site folder',
      JSON.stringify([{ path: '/sign-in', readsSession: true, html: 'index.html' }]),
      true,
      true,
    ],
    ['no site.html', JSON.stringify(SITE_PAGES), false, true],
    ['its drawn copies missing', JSON.stringify(SITE_PAGES), true, false],
  ] as const)(
    'falls back to index.html for every page with %s',
    async (_case, list, siteHtml, drawnPages) => {
      const app = await appWith(list, { siteHtml, drawnPages });
      const response = await app.inject({ url: '/sign-in' });
      expect(response.body).toBe(INDEX_HTML);
      // As index.html's page: the full app's chunks for sign-in.
      expect(response.headers.link).toContain('</assets/sign-in-6.js>; rel=modulepreload');
    },
  );
});
