#!/usr/bin/env node
/**
 * The first-load JS budget of each page that has one (decisions 0117 and 0127). `npm run build` runs this
 * after `vite build`: for each page it reads the manifest of the build that serves it, lists every JS
 * file a first visit needs, prints their gzip and brotli sizes, and exits 1 when any page is over its
 * limit gzipped, so the build fails, and with it CI (whose e2e step builds first). Stripe.js is not
 * counted: it comes from Stripe's own host.
 *
 * - The payment pages (payment.html, decision 0114): 100 kB, the target. payment.html's entry, the
 *   heavier card provider's form on the page that shows it, and a page's own chunk only at its URL.
 * - The public pages (site.html, decision 0127): 100 kB. The entry and the page's own route chunk; the
 *   pages are those the site build lists in `.vite/site-pages.json`.
 * - The clinic dashboard and the admin console (index.html): the entry, the area's layout and its home
 *   page; 200 kB for the admin console, and for the dashboard its size at the last cut with a little
 *   room (docs/benchmarks.md, "Public pages' first-load JS").
 *
 * What a first load is: the entry's chunk and, transitively, the static imports and the dynamic imports
 * of what it loads, except another page's route chunk (a module under src/app/routes or src/app/layouts,
 * or a page's own chunk in ROUTE_CHUNKS), chunks loaded only when the user asks (ON_DEMAND), and the
 * card providers' forms but the heavier on a page that shows the form. A chunk loaded by a page at once
 * (a chart the page shows as it opens) is counted.
 *
 * Prints a line per page; the table of files too when a page is over or with --files (decision 0099:
 * `npm start` prints this on every start).
 *
 * Usage: node scripts/check-js-budget.mjs [--files] [distDir]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Each build's manifest under the build directory, and its entry's key. */
export const BUILDS = {
  payment: { manifest: '.vite/payment-manifest.json', entry: 'payment.html' },
  site: { manifest: '.vite/site-manifest.json', entry: 'site.html' },
  app: { manifest: '.vite/manifest.json', entry: 'index.html' },
};

/** Where the site build lists the public pages (apps/web/vite.config.ts). */
export const SITE_PAGE_LIST = '.vite/site-pages.json';

/** The payment pages' and the public pages' limit, gzipped: the target of decisions 0117 and 0127. */
export const PAGE_LIMIT_BYTES = 100_000;
/** The admin console's first load (decision 0127). */
export const ADMIN_LIMIT_BYTES = 200_000;
/** The clinic dashboard's first load: its size after decision 0127's cuts, rounded up (docs/benchmarks.md). */
export const DASHBOARD_LIMIT_BYTES = 210_000;

/**
 * The pages with a budget but the public ones (read from the build): each URL, the build that serves
 * it, the route chunks it loads (manifest keys), whether it shows the card provider's form, and its limit.
 */
export const PAGES = [
  { url: '/payment/{id}', build: 'payment', routes: [], providerForm: true, limit: PAGE_LIMIT_BYTES },
  { url: '/payment/success', build: 'payment', routes: [], limit: PAGE_LIMIT_BYTES },
  { url: '/payment/failed', build: 'payment', routes: [], limit: PAGE_LIMIT_BYTES },
  {
    // Reached only from the email or text asking the patient to confirm a charge of their saved card
    // (docs/decisions/0093-charging-saved-cards.md): a chunk of its own.
    url: '/payment/confirm-charge/{id}',
    build: 'payment',
    routes: ['src/features/checkout/confirm-charge-page.tsx'],
    limit: PAGE_LIMIT_BYTES,
  },
  {
    url: '/dashboard',
    build: 'app',
    routes: ['src/app/layouts/clinic-area.tsx', 'src/app/routes/clinic-home.tsx'],
    limit: DASHBOARD_LIMIT_BYTES,
  },
  {
    url: '/admin',
    build: 'app',
    routes: ['src/app/layouts/admin-area.tsx', 'src/app/routes/admin-home.tsx'],
    limit: ADMIN_LIMIT_BYTES,
  },
];

/** The public pages as the site build lists them (`.vite/site-pages.json`), each with its budget. */
export function sitePages(list) {
  return list.map((page) => ({
    url: page.path,
    build: 'site',
    routes: [page.module],
    limit: PAGE_LIMIT_BYTES,
  }));
}

/** A route chunk: loaded only at its own page's URL. */
const isRoute = (key, pages) =>
  /^src\/app\/(routes|layouts)\//.test(key) || pages.some((page) => page.routes.includes(key));

/**
 * Chunks a payment page loads one of, once the server has said which card provider it runs (Stripe's
 * form or the sandbox's): a first load counts the larger.
 */
export const PROVIDER_CHUNKS = [
  'src/features/checkout/stripe/stripe-checkout.tsx',
  'src/features/checkout/sandbox/sandbox-checkout.tsx',
];

/**
 * Chunks loaded only when the user asks for them, so in no first load: the sandbox wallet's sheet (when
 * the patient opens it), the toaster (with the first toast, which follows something the user did:
 * src/lib/sonner-on-demand.tsx), Radix's dialog (when a dialog first opens: components/ui/dialog.tsx)
 * the date range picker's popover and calendar (when it first opens), and the dialogs a list opens from
 * a row, loaded with lib/on-demand.tsx: a payment's details, a link's details. A chunk loaded at once
 * that is not listed here counts, so a new on-demand chunk is added here.
 */
export const ON_DEMAND = [
  /^src\/features\/checkout\/sandbox\/wallet-sheet\.tsx$/,
  /(^|\/)node_modules\/sonner\//,
  /^src\/components\/ui\/dialog-parts\.tsx$/,
  /^src\/components\/ui\/date-range-picker-popover\.tsx$/,
  /^src\/features\/payments\/components\/payment-details-dialog\.tsx$/,
  /^src\/features\/links\/components\/link-details-dialog\.tsx$/,
];

/**
 * Chunks a page loads after it has shown itself: the charts (Recharts), loaded when their data has
 * arrived and drawn in a box that keeps its height meanwhile (decision 0103). Not in the first load;
 * printed beside it.
 */
export const AFTER_PAGE = [
  /^src\/features\/payments\/components\/revenue-bars\.tsx$/,
  /^src\/features\/admin\/components\/payments-bars\.tsx$/,
];

const onDemand = (key) => ON_DEMAND.some((pattern) => pattern.test(key));
const afterPage = (key) => AFTER_PAGE.some((pattern) => pattern.test(key));

/**
 * The JS files a first visit to `page` needs, from its build's `manifest`: the entry's chunk, its static
 * imports and dynamic imports (transitively), but ON_DEMAND chunks and other pages' route chunks (`pages`:
 * every page of the same build, so their own chunks are known); of the PROVIDER_CHUNKS (with what they
 * import), only on a page that shows the form, only the heaviest by `weigh(files)` (by default the file
 * count). AFTER_PAGE chunks are left out too, and returned apart: `later`, the files they add.
 * Returns the files, the provider chunk counted (null when the page loads none) and `later`.
 */
export function firstLoad(manifest, entry, page, pages = [page], weigh = (files) => files.length) {
  const chunkOf = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build's manifest has no chunk for ${key}`);
    return chunk;
  };
  const providers = new Set();
  const after = new Set();
  const visit = (files, key) => {
    const chunk = chunkOf(key);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(files, imported);
    for (const imported of chunk.dynamicImports ?? []) {
      if (onDemand(imported)) continue;
      if (afterPage(imported)) {
        after.add(imported);
        continue;
      }
      if (isRoute(imported, pages) && !page.routes.includes(imported)) continue;
      if (PROVIDER_CHUNKS.includes(imported)) {
        if (page.providerForm) providers.add(imported);
      } else visit(files, imported);
    }
  };
  const common = new Set();
  visit(common, entry);
  for (const route of page.routes) visit(common, route);
  let best = { files: common, provider: null, weight: -1 };
  for (const provider of providers) {
    const files = new Set(common);
    visit(files, provider);
    const weight = weigh([...files].filter((file) => !common.has(file)));
    if (weight > best.weight) best = { files, provider, weight };
  }
  const later = new Set(best.files);
  for (const key of after) visit(later, key);
  const js = (files) => [...files].filter((file) => file.endsWith('.js'));
  return {
    files: js(best.files),
    provider: best.provider,
    later: js(later).filter((file) => !best.files.has(file)),
  };
}

/** A file's size as it is, gzipped (level 9) and brotli-compressed (quality 11), as the build writes them. */
export function compressedSizes(buffer) {
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const sum = (sizes) =>
  sizes.reduce((t, s) => ({ raw: t.raw + s.raw, gzip: t.gzip + s.gzip, brotli: t.brotli + s.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });

const readJson = (file) => {
  if (!fs.existsSync(file))
    throw new Error(`${file} is missing: build with vite.config.ts (it builds every entry).`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
};

/**
 * Every budgeted page's first load in the build at `distDir`: the page, its files, the provider counted
 * and the sizes summed; `over` when any page is over its limit gzipped.
 */
export function measure(distDir) {
  const manifests = Object.fromEntries(
    Object.entries(BUILDS).map(([name, build]) => [name, readJson(path.join(distDir, build.manifest))]),
  );
  const pages = [...PAGES, ...sitePages(readJson(path.join(distDir, SITE_PAGE_LIST)))];
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file))
      sizes.set(file, { file, ...compressedSizes(fs.readFileSync(path.join(distDir, file))) });
    return sizes.get(file);
  };
  const gzipOf = (files) =>
    files.filter((file) => file.endsWith('.js')).reduce((t, f) => t + sizeOf(f).gzip, 0);
  const results = pages.map((page) => {
    const sameBuild = pages.filter((other) => other.build === page.build);
    const { files, provider, later } = firstLoad(
      manifests[page.build],
      BUILDS[page.build].entry,
      page,
      sameBuild,
      gzipOf,
    );
    const total = sum(files.map(sizeOf));
    const then = sum(later.map(sizeOf));
    return { page, files, provider, total, later, then, over: total.gzip > page.limit };
  });
  return { results, sizes, over: results.some((result) => result.over) };
}

const kB = (bytes) => (bytes / 1000).toFixed(2).padStart(8);

function main() {
  const args = process.argv.slice(2);
  const showFiles = args.includes('--files');
  const distArg = args.find((arg) => arg !== '--files');
  const distDir = path.resolve(distArg ?? path.join(import.meta.dirname, '..', 'dist'));
  let measured;
  try {
    measured = measure(distDir);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const { results, sizes, over } = measured;
  const names = [...results.map((r) => r.page.url), ...(showFiles || over ? [...sizes.keys()] : [])];
  const width = Math.max(...names.map((name) => name.length));
  const line = (name, size) => `${name.padEnd(width)} ${kB(size.raw)} ${kB(size.gzip)} ${kB(size.brotli)}`;
  console.log(`First-load JS per page (kB = 1,000 bytes)`);
  if (showFiles || over) {
    console.log(`${'file'.padEnd(width)}      raw     gzip   brotli`);
    const counted = new Set(results.flatMap((r) => r.files));
    for (const size of [...sizes.values()].filter((s) => counted.has(s.file)).sort((a, b) => b.gzip - a.gzip))
      console.log(line(size.file, size));
  }
  console.log(`${'page'.padEnd(width)}      raw     gzip   brotli  limit (gzip)`);
  for (const { page, files, provider, total, later, then, over: pageOver } of results) {
    const withProvider = provider ? `, with ${path.basename(provider)}` : '';
    const afterwards =
      later.length > 0 ? `; then ${(then.gzip / 1000).toFixed(2)} kB gzip after the page` : '';
    const verdict = pageOver ? 'OVER' : 'ok';
    console.log(
      `${line(page.url, total)}  ${String(page.limit / 1000).padStart(3)} kB ${verdict}  ${files.length} files${withProvider}${afterwards}`,
    );
  }
  const overCount = results.filter((r) => r.over).length;
  console.log(over ? `${overCount} page(s) OVER their limit` : 'every page within its limit');
  if (over) process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
