import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

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

/** Where the payment pages' own build (below) lists its files for scripts/check-payment-budget.mjs. */
const PAYMENT_MANIFEST = '.vite/payment-manifest.json';

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

/** After the site's build, builds payment.html into the same directory with this same config. */
function paymentBuild(): Plugin {
  let outDir = '';
  let done = false;
  return {
    name: 'clinicpay:payment-build',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      if (done) return;
      done = true;
      const { build } = await import('vite');
      await build({
        configFile: path.join(import.meta.dirname, 'vite.config.ts'),
        mode: PAYMENT_MODE,
        build: { outDir },
      });
    },
  };
}

export default defineConfig(({ command, mode }) => ({
  // Builds log warnings and errors only: the per-file size table (three lines a file with the
  // compressed copies) buried the warnings in `npm start`'s output, and scripts/check-payment-budget.mjs
  // prints the sizes that matter. The dev server keeps its banner with its address. Decision 0099.
  logLevel: command === 'build' ? 'warn' : 'info',
  plugins: [
    react(),
    tailwindcss(),
    mode === PAYMENT_MODE ? paymentPageCopies() : paymentBuild(),
    // Brotli and gzip copies beside each file, sent by @fastify/static's preCompressed (docs/benchmarks.md).
    // Only when building: the plugin holds on to stdout from the moment it is made until the build ends.
    command === 'build' && compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      ...(mode === PAYMENT_MODE ? PREACT_FOR_REACT : []),
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
  build: {
    outDir: 'dist',
    sourcemap: true,
    // scripts/check-payment-budget.mjs walks the payment build's manifest for the pages' first load.
    manifest: mode === PAYMENT_MODE ? PAYMENT_MANIFEST : true,
    // The payment build adds to the site's build.
    emptyOutDir: mode !== PAYMENT_MODE,
    copyPublicDir: mode !== PAYMENT_MODE,
    rolldownOptions: {
      onLog(level, log, handler) {
        if (level === 'warn' && isReactRouterFeatureCheck(log)) return;
        handler(level, log);
      },
      input: path.resolve(import.meta.dirname, mode === PAYMENT_MODE ? 'payment.html' : 'index.html'),
      treeshake: { moduleSideEffects: (id: string) => !id.includes(sharedSource) },
    },
  },
}));
