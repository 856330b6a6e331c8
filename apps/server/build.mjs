/**
 * `npm run build` in this workspace: compiles the server for production into dist/, which
 * `node dist/main.js` runs (docs/decisions/0023-production-build.md).
 *
 * - Every module under src/ (tests and declaration files aside) becomes one JavaScript module at the
 *   same place under dist/, so paths made from import.meta.dirname (the migrations in ../drizzle, the
 *   built web app in ../../web/dist) resolve from dist/ exactly as from src/. The React Email
 *   templates (.tsx) are compiled like the rest.
 * - The workspace package @clinicpay/shared is TypeScript source, which Node.js cannot run: it is
 *   compiled once into dist/_shared/index.js, and each import of it is pointed there.
 * - Every other package stays an import from node_modules.
 *
 * Type checking is `npm run typecheck`'s job; this only strips types (esbuild). Usage:
 * `node build.mjs [outdir]` (default dist).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = import.meta.dirname;
const srcDir = path.join(root, 'src');
const outDir = path.resolve(root, process.argv[2] ?? 'dist');
const sharedOut = path.join(outDir, '_shared', 'index.js');
const sharedEntry = fileURLToPath(import.meta.resolve('@clinicpay/shared'));

const isTest = (file) => /\.test\.tsx?$/.test(file) || file.endsWith('.d.ts');
const entryPoints = fs
  .readdirSync(srcDir, { recursive: true })
  .map(String)
  .filter((file) => /\.tsx?$/.test(file) && !isTest(file))
  .map((file) => path.join(srcDir, file));

/** A relative import specifier from `fromDir` to `file`, with forward slashes. */
function relativeSpecifier(fromDir, file) {
  const relative = path.relative(fromDir, file).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** Leaves every import as an import, pointing @clinicpay/shared at its compiled copy. */
const keepImports = {
  name: 'keep-imports',
  setup(esbuild) {
    esbuild.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (args.path === '@clinicpay/shared') {
        const importerOut = path.join(outDir, path.relative(srcDir, path.dirname(args.importer)));
        return { path: relativeSpecifier(importerOut, sharedOut), external: true };
      }
      return { path: args.path, external: true };
    });
  },
};

const common = {
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  jsx: 'automatic',
  logLevel: 'warning',
};

fs.rmSync(outDir, { recursive: true, force: true });
await build({
  ...common,
  entryPoints,
  outbase: srcDir,
  outdir: outDir,
  bundle: true,
  plugins: [keepImports],
});
await build({
  ...common,
  entryPoints: [sharedEntry],
  outfile: sharedOut,
  bundle: true,
  packages: 'external',
});
