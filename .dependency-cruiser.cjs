/**
 * The layout rules of docs/ARCHITECTURE.md on resolved paths (dependency-cruiser): every import is
 * resolved to the file it loads, so a rule holds however the import is written (`../../modules/x/…`,
 * a module's subfolder, an alias), and it holds for app.ts, main.ts, cli/, the benches and the tests
 * too. `npm run lint` runs it; apps/server/test/architecture.test.ts proves each rule refuses what it
 * should.
 */
const MODULES = '^apps/server/src/modules/';

module.exports = {
  forbidden: [
    {
      name: 'module-public-face',
      comment:
        "A module is used only through its index.ts (docs/ARCHITECTURE.md): import '../<module>/index.js'.",
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/` },
      to: { path: `${MODULES}[^/]+/`, pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`] },
    },
    {
      name: 'outside-modules-use-public-faces',
      comment:
        "app.ts, main.ts, cli/ and the server's tests use a module only through its index.ts (docs/ARCHITECTURE.md).",
      severity: 'error',
      from: { path: '^apps/server/(src/[^/]+\\.ts$|src/cli/|test/)' },
      to: { path: `${MODULES}[^/]+/`, pathNot: `${MODULES}[^/]+/index\\.ts$` },
    },
    {
      name: 'benches-measure-services',
      comment:
        'A bench measures a module through its index.ts or its service (service.ts, report.ts), never its queries or routes (docs/benchmarks.md).',
      severity: 'error',
      from: { path: '^apps/server/bench/' },
      to: { path: `${MODULES}[^/]+/`, pathNot: `${MODULES}[^/]+/(index|service|report)\\.ts$` },
    },
    {
      name: 'layers-below-modules',
      comment:
        'mail/, gateway/, db/, http/, jobs/ and storage/ sit below the modules and never import them (docs/ARCHITECTURE.md).',
      severity: 'error',
      from: { path: '^apps/server/src/(mail|gateway|db|http|jobs|storage)/' },
      to: { path: MODULES },
    },
    {
      name: 'web-features-apart',
      comment:
        'Web features never import each other or the app; the app composes them (docs/ARCHITECTURE.md).',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/(features|app)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'zod-mini-in-one-folder',
      comment:
        'What the payment pages parse is written in zod/mini, in packages/shared/src/mini/ alone; everything else uses zod (decisions 0116 and 0120).',
      severity: 'error',
      from: { pathNot: '^packages/shared/src/mini/' },
      to: { path: '^node_modules/zod/(v4/)?mini/' },
    },
    {
      name: 'web-shared-code-knows-no-feature',
      comment: 'components/ and lib/ are shared by every feature and import none (docs/ARCHITECTURE.md).',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules stay in the graph as leaves (doNotFollow), so a rule can name a package.
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
