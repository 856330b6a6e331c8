#!/usr/bin/env node
/**
 * The payment pages' JS budget (decision 0117). `npm run build` runs this after `vite build`: it reads the
 * manifest of the payment pages' own build (dist/.vite/payment-manifest.json, vite.config.ts), lists
 * every JS file a first visit to a payment page needs (payment.html's entry and its static imports,
 * the dynamic imports it makes but for chunks loaded only on the patient's demand, and the heavier
 * card provider's form), prints their gzip and brotli sizes, and exits 1 when that is more than
 * LIMIT_BYTES gzipped, so the build fails, and with it CI (whose e2e step builds first). Stripe.js is
 * not counted: it comes from Stripe's own host.
 *
 * The payment URLs are answered with the same entry (payment.html and its two copies); each page's
 * first load is the entry's common code, with a provider's form only where the form shows, and a
 * route's own chunk only at its URL. The target is 100 kB, and the limit: the payment build runs on
 * preact/compat and parses with zod/mini (decisions 0115, 0116), 94 kB in docs/benchmarks.md ("Payment page
 * first-load JS").
 *
 * Prints a line per page; the table of files too when over the limit or with --files (decision
 * 0099: `npm start` prints this on every start).
 *
 * Usage: node scripts/check-payment-budget.mjs [--files] [distDir]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const TARGET_BYTES = 100_000;
const LIMIT_BYTES = TARGET_BYTES;

/** The manifest of the payment pages' own build, under the build directory. */
export const PAYMENT_MANIFEST = '.vite/payment-manifest.json';

/** The payment pages by URL, each with the manifest key of the entry the server answers it with. */
export const PAYMENT_PAGES = {
  '/payment/{id}': 'payment.html',
  '/payment/success': 'payment.html',
  '/payment/failed': 'payment.html',
  '/payment/confirm-charge/{id}': 'payment.html',
};

/**
 * Pages of their own in the payment build, loaded as a chunk only at their URL: part of that page's
 * first load, and of no other's. The page where a patient confirms a charge of their saved card is
 * reached only from the email or text asking them to (docs/decisions/0093-charging-saved-cards.md).
 */
export const ROUTE_CHUNKS = {
  'src/features/checkout/confirm-charge-page.tsx': '/payment/confirm-charge/{id}',
};

/**
 * Chunks a payment page loads one of, once the server has said which card provider it runs (Stripe's
 * form or the sandbox's): a first load counts the larger.
 */
export const PROVIDER_CHUNKS = [
  'src/features/checkout/stripe/stripe-checkout.tsx',
  'src/features/checkout/sandbox/sandbox-checkout.tsx',
];

/**
 * The pages that show the payment form, and so load a provider's form. The success, failed and
 * confirm-charge pages never render it (the last confirms with Stripe.js or the sandbox's API alone).
 */
export const PROVIDER_FORM_PAGES = ['/payment/{id}'];

/** Chunks loaded only when the patient opens them (the sandbox wallet's sheet): no part of a first load. */
export const ON_DEMAND_CHUNKS = ['src/features/checkout/sandbox/wallet-sheet.tsx'];

/**
 * The JS files a first visit to `url` needs, answered with `entry` (a manifest key): its chunk and,
 * transitively, their static imports and dynamic imports, except ON_DEMAND_CHUNKS and the
 * ROUTE_CHUNKS of other URLs; of the PROVIDER_CHUNKS (with what they import), on a page that shows
 * the payment form (PROVIDER_FORM_PAGES; every page when `url` is not given), only the heaviest by
 * `weigh(files)`, by default the file count. Returns the files and the provider chunk counted (null
 * when the page loads none).
 */
export function firstLoad(manifest, entry, weigh = (files) => files.length, url = null) {
  const chunkOf = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The payment build's manifest has no chunk for ${key}`);
    return chunk;
  };
  const providers = new Set();
  const visit = (files, key) => {
    const chunk = chunkOf(key);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(files, imported);
    for (const imported of chunk.dynamicImports ?? []) {
      if (ON_DEMAND_CHUNKS.includes(imported)) continue;
      if (imported in ROUTE_CHUNKS && ROUTE_CHUNKS[imported] !== url) continue;
      if (PROVIDER_CHUNKS.includes(imported)) {
        if (url === null || PROVIDER_FORM_PAGES.includes(url)) providers.add(imported);
      } else visit(files, imported);
    }
  };
  const common = new Set();
  visit(common, entry);
  let best = { files: common, provider: null, weight: -1 };
  for (const provider of providers) {
    const files = new Set(common);
    visit(files, provider);
    const weight = weigh([...files].filter((file) => !common.has(file)));
    if (weight > best.weight) best = { files, provider, weight };
  }
  return { files: [...best.files].filter((file) => file.endsWith('.js')), provider: best.provider };
}

/** The files of `firstLoad`, for callers that need only them. */
export function firstLoadFiles(manifest, entry, weigh) {
  return firstLoad(manifest, entry, weigh).files;
}

/** A file's size as it is, gzipped (level 9) and brotli-compressed (quality 11), as the build writes them. */
export function compressedSizes(buffer) {
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const kB = (bytes) => (bytes / 1000).toFixed(2).padStart(8);
const sum = (rows) =>
  rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip, brotli: t.brotli + r.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });

function main() {
  const args = process.argv.slice(2);
  const showFiles = args.includes('--files');
  const distArg = args.find((arg) => arg !== '--files');
  const distDir = path.resolve(distArg ?? path.join(import.meta.dirname, '..', 'dist'));
  const manifestPath = path.join(distDir, PAYMENT_MANIFEST);
  if (!fs.existsSync(manifestPath)) {
    console.error(`${manifestPath} is missing: build with vite.config.ts (it builds payment.html too).`);
    process.exit(1);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      sizes.set(file, { file, ...compressedSizes(fs.readFileSync(path.join(distDir, file))) });
    }
    return sizes.get(file);
  };
  const gzipOf = (files) =>
    files.filter((file) => file.endsWith('.js')).reduce((t, f) => t + sizeOf(f).gzip, 0);
  const pages = Object.entries(PAYMENT_PAGES).map(([url, source]) => ({
    url,
    ...firstLoad(manifest, source, gzipOf, url),
  }));
  for (const file of new Set(pages.flatMap((page) => page.files))) sizeOf(file);
  const shown = new Set(pages.flatMap((page) => page.files));
  for (const file of sizes.keys()) if (!shown.has(file)) sizes.delete(file);

  const width = Math.max(...[...sizes.keys(), ...Object.keys(PAYMENT_PAGES)].map((name) => name.length));
  const line = (name, size) => `${name.padEnd(width)} ${kB(size.raw)} ${kB(size.gzip)} ${kB(size.brotli)}`;
  const totals = pages.map((page) => ({ page, total: sum(page.files.map((file) => sizes.get(file))) }));
  const over = totals.some(({ total }) => total.gzip > LIMIT_BYTES);
  console.log(
    `Payment pages' first-load JS (kB = 1,000 bytes)\n${(showFiles || over ? 'file' : 'page').padEnd(width)}      raw     gzip   brotli`,
  );
  if (showFiles || over) {
    for (const size of [...sizes.values()].sort((a, b) => b.gzip - a.gzip))
      console.log(line(size.file, size));
    console.log('first load of');
  }
  for (const { page, total } of totals) {
    const provider = page.provider ? `, with ${path.basename(page.provider)}` : '';
    console.log(`${line(page.url, total)}  ${page.files.length} files${provider}`);
  }
  const verdict = over ? 'OVER the limit' : 'within the limit';
  console.log(`${verdict} of ${LIMIT_BYTES / 1000} kB gzipped (target ${TARGET_BYTES / 1000} kB)`);
  if (over) process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
