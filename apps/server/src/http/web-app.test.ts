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
    for (const url of [
      '/',
      '/payment',
      '/payment/success',
      '/payment/a%3Cb%3E',
      '/dashboard',
      '/payment/x/y',
    ]) {
      expect((await get(url)).headers.link, url).toBeUndefined();
    }
  });

  it('does not serve the compressed copies by their own names', async () => {
    const response = await get('/assets/app-abc123.js.br');
    expect(response.statusCode).toBe(404);
  });
});
