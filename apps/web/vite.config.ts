import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { SITE_PAGES } from './src/app/site-pages.js';

/** `npm run dev` serves the app on 5173 and proxies the API to the watching server on 3000. */
const serverOrigin = process.env.CLINICPAY_SERVER_ORIGIN ?? 'http://localhost:3000';

/**
 * packages/shared only declares schemas, constants and pure functions, but as TypeScript source
 * without a `sideEffects` field the bundler kept every module its barrel re-exports, so one import
 * of a message text pulled every schema, the admin ones too, into every page
 * (docs/benchmarks.md, "Payment page first-load JS").
 */
const sharedSource = `${path.sep}packages${path.sep}shared${path.sep}`;

/** The mode of the payment pages' own build. */
const PAYMENT_MODE = 'payment-pages';

/** The mode of the public site's own build (decision 0127). */
const SITE_MODE = 'site-pages';

/** The build of site-prerender.tsx for Node, which draws each public page to HTML (decision 0130). */
const PRERENDER_MODE = 'site-prerender';

/** Where the pre-rendering build goes, beside the web build (never served). */
const PRERENDER_OUT_DIR = path.resolve(import.meta.dirname, 'node_modules/.cache/site-prerender');

/**
 * Where a public page's pre-rendered copy of site.html is written in the web build (decision 0130): its
 * own, or another drawn for one case (site-prerender.tsx, copiesOf).
 */
const prerenderedHtml = (route: string, variant?: string) =>
  `site/${route}${variant ? `.${variant}` : ''}.html`;

/** Where the payment pages' own build (below) lists its files for scripts/check-js-budget.mjs. */
const PAYMENT_MANIFEST = '.vite/payment-manifest.json';

/** Where the public site's own build lists its files, for scripts/check-js-budget.mjs. */
const SITE_MANIFEST = '.vite/site-manifest.json';

/** The public pages' paths, HTML copies and route modules, for the server and the budget check. */
const SITE_PAGE_LIST = '.vite/site-pages.json';

/**
 * The payment pages' entry is built on its own (decision 0114): built with the site, it would share
 * chunks with it, and a chunk shared between two entries carries every export either uses (React
 * Router's data router, the site's providers). The server answers /payment/{id} with payment.html and
 * /payment/success and /payment/failed with its two copies (apps/server/src/http/web-app.ts).
 */
const PAYMENT_PAGES = ['payment-success.html', 'payment-failed.html'];

/**
 * The payment build runs on Preact through preact/compat (decision 0115): React and ReactDOM
 * are 67 kB gzipped, Preact with its hooks and compat layer about 10. The site, the dev server and the
 * unit tests keep React; the payment e2e and axe specs run against this build.
 */
export const PREACT_FOR_REACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * React Router reads React's `use` and `useOptimistic` through a computed property and falls back to
 * its own code when they are missing (React 18 has neither). preact/compat has neither, so in the
 * payment build Rolldown warns that the two imports "will always be undefined": true, and harmless,
 * since the fallbacks run. Only these two warnings are dropped; any other import preact/compat lacks
 * still warns. Decision 0099.
 */
function isReactRouterFeatureCheck(log: { code?: string; id?: string; message: string }): boolean {
  return (
    log.code === 'IMPORT_IS_UNDEFINED' &&
    /[\\/]node_modules[\\/]react-router[\\/]/.test(log.id ?? '') &&
    /Import `(use|useOptimistic)` will always be undefined because there is no matching export in '[^']*preact\/compat\//.test(
      stripVTControlCharacters(log.message),
    )
  );
}

function paymentPageCopies(): Plugin {
  return {
    name: 'clinicpay:payment-page-copies',
    apply: 'build',
    enforce: 'post', // after Vite has put payment.html in the bundle, before compression reads it
    generateBundle(_options, bundle) {
      const html = bundle['payment.html'];
      if (html?.type !== 'asset') return this.error('payment.html is not in the bundle');
      for (const fileName of PAYMENT_PAGES) this.emitFile({ type: 'asset', fileName, source: html.source });
    },
  };
}

/**
 * `.vite/site-pages.json`, the public pages the site build serves (decision 0127): each page's path, its
 * route module and whether it reads the session first; the pre-rendering step adds each page's drawn
 * copies (decision 0130). The server answers each path with its copy, naming the session in the `Link`
 * header where the page reads it first (apps/server/src/http/web-app.ts), and
 * scripts/check-js-budget.mjs counts each page's first load from it.
 */
function sitePageList(): Plugin {
  return {
    name: 'clinicpay:site-page-list',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const pages = SITE_PAGES.map((page) => {
        const module = `src/app/routes/${page.route}.tsx`;
        const chunk = chunks.find((c) => c.facadeModuleId === path.resolve(import.meta.dirname, module));
        if (!chunk) return this.error(`The site build has no chunk for ${module}`);
        return { path: page.path, module, readsSession: 'readsSession' in page };
      });
      this.emitFile({
        type: 'asset',
        fileName: SITE_PAGE_LIST,
        source: `${JSON.stringify(pages, null, 2)}\n`,
      });
    },
  };
}

/** What the site build and the full app's build take for sonner: it loads on the first toast (decision 0127). */
const SONNER_ON_DEMAND = path.resolve(import.meta.dirname, 'src/lib/sonner-on-demand.tsx');

/** What the site build takes for React Router: the parts of it the public pages use (decision 0127). */
const SITE_ROUTER = path.resolve(import.meta.dirname, 'src/lib/site-router.tsx');

/**
 * Libraries a build takes another module for, by the name the code imports (decision 0127): every import
 * of it but the substitute's own (sonner-on-demand.tsx imports the real sonner) gets the substitute. The
 * payment build keeps both libraries; the unit tests and the dev server run on the real ones.
 */
function substitutes(replacements: Record<string, string>): Plugin {
  return {
    name: 'clinicpay:substitutes',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const substitute = replacements[source];
      if (substitute && importer !== substitute) return substitute;
    },
  };
}

/**
 * After the full app's build, builds payment.html and then site.html into the same directory with this
 * same config, each in its own mode.
 */
function ownBuilds(): Plugin {
  let outDir = '';
  let done = false;
  return {
    name: 'clinicpay:own-builds',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      if (done) return;
      done = true;
      const { build } = await import('vite');
      for (const mode of [PAYMENT_MODE, SITE_MODE]) {
        await build({
          configFile: path.join(import.meta.dirname, 'vite.config.ts'),
          mode,
          build: { outDir },
        });
      }
      await build({
        configFile: path.join(import.meta.dirname, 'vite.config.ts'),
        mode: PRERENDER_MODE,
        build: { outDir: PRERENDER_OUT_DIR },
      });
      await writePrerenderedPages(outDir);
    },
  };
}

/**
 * Draws each public page with the pre-rendering build and writes it into its own copy of the built
 * site.html's root element, with a brotli and a gzip copy as the build's other files have (decision
 * 0130). A page that asks who is signed in gets a second copy drawn for a visitor known to be signed
 * out, its root marked with `data-session` (app/site-pages.ts); Reset password a copy for each thing
 * checking its link may find, its root marked with `data-link-state`; Join a copy for each thing checking
 * its invitation may find (decision 0134), listed by its `invitationKey`.
 *
 * The page is drawn by its HTML and stylesheet; its scripts only make it work, so the entry is fetched
 * at low priority (`fetchpriority="low"`) and loads the rest once the page is on screen
 * (src/site-main.tsx). Until it has, the root is `inert`, so that nothing in it can be pressed or typed
 * into (a form sent by the browser itself would put what was typed in the address).
 */
async function writePrerenderedPages(outDir: string) {
  const { copiesOf, renderSitePage } = (await import(
    pathToFileURL(path.join(PRERENDER_OUT_DIR, 'site-prerender.js')).href
  )) as typeof import('./src/site-prerender');
  const siteHtml = fs
    .readFileSync(path.join(outDir, 'site.html'), 'utf8')
    .replace(/<script type="module" /g, '<script type="module" fetchpriority="low" ')
    .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" ');
  const root = '<div id="root"></div>';
  if (!siteHtml.includes(root)) throw new Error(`The built site.html has no ${root}`);
  const listFile = path.join(outDir, SITE_PAGE_LIST);
  const listed = JSON.parse(fs.readFileSync(listFile, 'utf8')) as Record<string, unknown>[];
  for (const page of SITE_PAGES) {
    const files: Record<string, unknown> = {};
    for (const copy of copiesOf(page.path)) {
      const body = await renderSitePage(page.path, copy);
      const attributes = Object.entries(copy.data ?? {})
        .map(([name, value]) => ` data-${name}="${value}"`)
        .join('');
      const html = siteHtml.replace(root, () => `<div id="root" inert${attributes}>${body}</div>`);
      const name = prerenderedHtml(page.route, copy.variant);
      const file = path.join(outDir, name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, html);
      // Join's copies are read into the server's memory and sent from there, an open one filled in
      // (decision 0134): no compressed copy of them is ever sent.
      if (!copy.invitationKey) {
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(html));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(html, { level: 9 }));
      }
      if (copy.linkState) files.linkStateHtml = { ...(files.linkStateHtml ?? {}), [copy.linkState]: name };
      else if (copy.invitationKey)
        files.invitationHtml = { ...(files.invitationHtml ?? {}), [copy.invitationKey]: name };
      else files[copy.signedOut ? 'signedOutHtml' : 'html'] = name;
    }
    const entry = listed.find((candidate) => candidate.path === page.path);
    if (!entry) throw new Error(`${SITE_PAGE_LIST} does not list ${page.path}`);
    Object.assign(entry, files);
  }
  fs.writeFileSync(listFile, `${JSON.stringify(listed, null, 2)}\n`);
}

/** Each build's entry and manifest, by mode. */
function buildOf(mode: string) {
  if (mode === PRERENDER_MODE) return { input: 'src/site-prerender.tsx', manifest: false, own: true };
  if (mode === PAYMENT_MODE) return { input: 'payment.html', manifest: PAYMENT_MANIFEST, own: true };
  if (mode === SITE_MODE) return { input: 'site.html', manifest: SITE_MANIFEST, own: true };
  return { input: 'index.html', manifest: true, own: false };
}

export default defineConfig(({ command, mode }) => ({
  // Builds log warnings and errors only: the per-file size table (three lines a file with the
  // compressed copies) buried the warnings in `npm start`'s output, and scripts/check-js-budget.mjs
  // prints the sizes that matter. The dev server keeps its banner with its address. Decision 0099.
  logLevel: command === 'build' ? 'warn' : 'info',
  plugins: [
    react(),
    tailwindcss(),
    mode === PAYMENT_MODE
      ? paymentPageCopies()
      : mode === SITE_MODE
        ? sitePageList()
        : mode !== PRERENDER_MODE && ownBuilds(),
    (mode === SITE_MODE || mode === PRERENDER_MODE) &&
      substitutes({ sonner: SONNER_ON_DEMAND, 'react-router': SITE_ROUTER }),
    !buildOf(mode).own && substitutes({ sonner: SONNER_ON_DEMAND }),
    // Brotli and gzip copies beside each file, sent by @fastify/static's preCompressed (docs/benchmarks.md).
    // Only when building: the plugin holds on to stdout from the moment it is made until the build ends.
    command === 'build' && mode !== PRERENDER_MODE && compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      ...(buildOf(mode).own ? PREACT_FOR_REACT : []),
    ],
  },
  server: {
    proxy: {
      '/api': serverOrigin,
      '/dev': serverOrigin,
      '/healthz': serverOrigin,
      '/readyz': serverOrigin,
    },
  },
  // The pre-rendering build runs in Node with every package bundled in, so that each import of React
  // takes Preact as the site's build does.
  ssr: mode === PRERENDER_MODE ? { noExternal: true } : undefined,
  build: {
    outDir: 'dist',
    ssr: mode === PRERENDER_MODE,
    sourcemap: mode !== PRERENDER_MODE,
    // scripts/check-js-budget.mjs walks each build's manifest for the pages' first load.
    manifest: buildOf(mode).manifest,
    // The payment and site builds add to the full app's build.
    emptyOutDir: !buildOf(mode).own || mode === PRERENDER_MODE,
    copyPublicDir: !buildOf(mode).own,
    rolldownOptions: {
      onLog(level, log, handler) {
        if (level === 'warn' && isReactRouterFeatureCheck(log)) return;
        handler(level, log);
      },
      input: path.resolve(import.meta.dirname, buildOf(mode).input),
      treeshake: { moduleSideEffects: (id: string) => !id.includes(sharedSource) },
    },
  },
}));
