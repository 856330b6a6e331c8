import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';

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
