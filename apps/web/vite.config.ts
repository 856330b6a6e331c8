import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** `npm run dev` serves the app on 5173 and proxies the API to the watching server on 3000. */
const serverOrigin = process.env.CLINICPAY_SERVER_ORIGIN ?? 'http://localhost:3000';

/**
 * packages/shared only declares schemas, constants and pure functions, but as TypeScript source
 * without a `sideEffects` field the bundler kept every module its barrel re-exports, so one import
 * of a message text pulled every schema, the admin ones too, into every page (issue #15).
 */
const sharedSource = `${path.sep}packages${path.sep}shared${path.sep}`;

/**
 * The patient's landing pages, each with its own copy of index.html that also preloads the route's
 * chunks (issue #15): the router asks for a page's chunk only once the entry has run, one round trip
 * late. Preloading from index.html itself would make every visitor download the payment page, so the
 * server answers these URLs with these files (apps/server/src/http/web-app.ts).
 */
const ROUTE_PAGES: Record<string, string> = {
  'payment.html': 'src/app/routes/payment.tsx',
  'payment-success.html': 'src/app/routes/payment-success.tsx',
  'payment-failed.html': 'src/app/routes/payment-failed.tsx',
};

function staticImports(bundle: Rolldown.OutputBundle, fileName: string, seen = new Set<string>()) {
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk' || seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) staticImports(bundle, imported, seen);
  return seen;
}

/** The tags that load a route's chunks, their imports and their CSS, less what `html` already loads. */
function preloadTags(bundle: Rolldown.OutputBundle, routeFile: string, html: string, base: string) {
  const missing = (file: string) => !html.includes(`"${base}${file}"`);
  return [...staticImports(bundle, routeFile)].filter(missing).flatMap((file) => {
    const css = (bundle[file] as Rolldown.OutputChunk).viteMetadata?.importedCss ?? [];
    return [
      `<link rel="modulepreload" crossorigin href="${base}${file}">`,
      ...[...css]
        .filter(missing)
        .map((sheet) => `<link rel="stylesheet" crossorigin href="${base}${sheet}">`),
    ];
  });
}

/** Emits ROUTE_PAGES; the build fails when a route has no chunk of its own (no longer lazy). */
function routePreloadHtml(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'clinicpay:route-preload-html',
    apply: 'build',
    enforce: 'post', // after Vite has put index.html in the bundle, before compression reads it
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return this.error('index.html is not in the bundle');
      const html = String(index.source);
      for (const [fileName, module] of Object.entries(ROUTE_PAGES)) {
        const id = path.resolve(root, module);
        const route = Object.values(bundle).find((out) => out.type === 'chunk' && out.facadeModuleId === id);
        if (!route) return this.error(`No chunk was built for ${module}: is it still a lazy route?`);
        const tags = preloadTags(bundle, route.fileName, html, base).join('\n    ');
        this.emitFile({ type: 'asset', fileName, source: html.replace('</head>', `  ${tags}\n  </head>`) });
      }
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    routePreloadHtml(),
    // Brotli and gzip copies beside each file, sent by @fastify/static's preCompressed (issue #15).
    // Only when building: the plugin holds on to stdout from the moment it is made until the build ends.
    command === 'build' && compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
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
    // scripts/check-payment-budget.mjs walks the manifest for the payment page's first load.
    manifest: true,
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => !id.includes(sharedSource) },
    },
  },
}));
