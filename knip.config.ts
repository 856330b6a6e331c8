/**
 * knip (`npm run lint`): an unused file, export or dependency, or one used but not declared, fails lint.
 * Each workspace names its entries (what runs: the server's main and CLIs, the benches, the web app's two
 * HTML entries, every test) so that what nothing reaches from them is reported.
 */
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  // An export used in its own file too is part of that file's API, not dead code.
  ignoreExportsUsedInFile: true,
  // `script` (util-linux) gives create-admin's test a terminal; it is a Debian tool, not a package.
  ignoreBinaries: ['script'],
  // CSS uses packages too (`@import "tailwindcss"`, the Inter font's `url(...)`): read them as imports.
  compilers: {
    css: (text: string) =>
      [
        ...[...text.matchAll(/(?<=@)import[^;]+/g)].map(([line]) => line),
        ...[...text.matchAll(/url\("(@[^"]+)"\)/g)].map(([, path]) => `import '${path}'`),
      ].join('\n'),
  },
  workspaces: {
    '.': {
      entry: ['scripts/*.ts'],
      project: ['scripts/**/*.ts'],
      // vitest.config.ts names the web projects' setup files relative to their root.
      ignoreUnresolved: ['./src/test-setup.ts', './src/test-setup-payment.ts'],
    },
    'apps/server': {
      entry: ['src/cli/*.ts', 'bench/*.ts', 'src/**/*.test.ts', 'test/**/*.ts'],
      project: ['src/**/*.{ts,tsx}', 'test/**/*.ts', 'bench/**/*.ts'],
      // build.mjs compiles @clinicpay/shared into the server's dist, so what shared imports at run time
      // is the server's dependency too.
      ignoreDependencies: ['libphonenumber-js'],
    },
    'apps/web': {
      // site-prerender.tsx: the build's own pre-rendering entry (vite.config.ts, decision 0130).
      entry: [
        'src/payment-main.tsx',
        'src/site-main.tsx',
        'src/site-prerender.tsx',
        'scripts/*.mjs',
        'src/**/*.test.{ts,tsx}',
      ],
      project: ['src/**/*.{ts,tsx,css}', 'scripts/*.mjs'],
      // The web tests' environment, named in the root vitest.config.ts.
      ignoreDependencies: ['jsdom'],
    },
    'packages/shared': {
      entry: ['src/**/*.test.ts'],
      project: ['src/**/*.ts'],
    },
    e2e: {
      entry: ['tests/**/*.ts'],
      project: ['**/*.ts'],
    },
  },
};

export default config;
