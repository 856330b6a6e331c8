/**
 * The layout rules of docs/ARCHITECTURE.md are kept by `npm run lint`: dependency-cruiser
 * (.dependency-cruiser.cjs) for the boundaries, on resolved paths, and Biome's noImportCycles for cycles.
 * Each case here writes real files into a scratch tree that carries the project's own configuration,
 * runs the tool as `npm run lint` does, and expects each crossing refused, however the import is written,
 * and the sanctioned import allowed.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = (name: string) => join(REPO, 'node_modules/.bin', name);

/** A scratch tree with the project's lint configuration and `files` (path → source). */
function scratchTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'clinicpay-lint-'));
  // The scratch tree is no git checkout, so Biome's VCS settings are left out; every rule is kept.
  const {
    $schema: _schema,
    vcs: _vcs,
    ...biome
  } = JSON.parse(readFileSync(join(REPO, 'biome.json'), 'utf8'));
  writeFileSync(join(root, 'biome.json'), JSON.stringify(biome));
  for (const name of ['.dependency-cruiser.cjs', 'tsconfig.depcruise.json', 'tsconfig.base.json']) {
    copyFileSync(join(REPO, name), join(root, name));
  }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const use = (specifier: string) => `import { thing } from '${specifier}';\nexport const used = thing;\n`;
const THING = 'export const thing = 1;\n';

describe('the boundaries, on resolved paths (dependency-cruiser)', () => {
  /** The files imported: each module's public face and internals, a feature's files, the layers. */
  const targets = Object.fromEntries(
    [
      'apps/server/src/modules/clinics/index.ts',
      'apps/server/src/modules/clinics/queries.ts',
      'apps/server/src/modules/clinics/service.ts',
      'apps/server/src/modules/clinics/sub/helper.ts',
      'apps/server/src/modules/requests/queries.ts',
      'apps/server/src/db/client.ts',
      'apps/web/src/features/links/api/list-payment-links.ts',
      'apps/web/src/features/payments/api/x.ts',
      'apps/web/src/features/marketing/page-section.tsx',
      'apps/web/src/app/router.tsx',
      'apps/web/src/components/layout/page-section.tsx',
      'node_modules/zod/mini/index.js',
    ].map((path) => [path, THING]),
  );
  targets['node_modules/zod/package.json'] = JSON.stringify({
    name: 'zod',
    exports: { './mini': './mini/index.js', '.': './index.js' },
  });
  /** Each case: the importing file and what it imports; `refused` names the rule that must refuse it. */
  const cases: Array<{ from: string; specifier: string; refused?: string }> = [
    // A module reaching into another module, however the import is written.
    { from: 'modules/requests/a.ts', specifier: '../clinics/queries.js', refused: 'module-public-face' },
    {
      from: 'modules/requests/b.ts',
      specifier: '../../modules/clinics/queries.js',
      refused: 'module-public-face',
    },
    { from: 'modules/requests/c.ts', specifier: '../clinics/sub/helper.js', refused: 'module-public-face' },
    { from: 'modules/requests/d.test.ts', specifier: '../clinics/queries.js', refused: 'module-public-face' },
    { from: 'modules/requests/e.ts', specifier: '../clinics/index.js' },
    { from: 'modules/requests/f.ts', specifier: './queries.js' },
    { from: 'modules/requests/g.ts', specifier: '../../db/client.js' },
    // app.ts, main.ts, cli/ and the tests outside the modules.
    {
      from: 'app.ts',
      specifier: './modules/clinics/queries.js',
      refused: 'outside-modules-use-public-faces',
    },
    {
      from: 'main.ts',
      specifier: './modules/clinics/service.js',
      refused: 'outside-modules-use-public-faces',
    },
    {
      from: 'cli/x.ts',
      specifier: '../modules/clinics/queries.js',
      refused: 'outside-modules-use-public-faces',
    },
    {
      from: 'cli/x.test.ts',
      specifier: '../modules/clinics/sub/helper.js',
      refused: 'outside-modules-use-public-faces',
    },
    {
      from: '../test/x.ts',
      specifier: '../src/modules/clinics/queries.js',
      refused: 'outside-modules-use-public-faces',
    },
    { from: 'cli/y.ts', specifier: '../modules/clinics/index.js' },
    // The benches measure a service, never a query.
    {
      from: '../bench/x.ts',
      specifier: '../src/modules/clinics/queries.js',
      refused: 'benches-measure-services',
    },
    { from: '../bench/y.ts', specifier: '../src/modules/clinics/service.js' },
    // The layers below the modules.
    ...['mail', 'gateway/sandbox', 'db', 'http', 'jobs', 'storage'].map((folder) => ({
      from: `${folder}/below.ts`,
      specifier: `${'../'.repeat(folder.split('/').length)}modules/clinics/index.js`,
      refused: 'layers-below-modules',
    })),
  ];
  const webCases: Array<{ from: string; specifier: string; refused?: string }> = [
    {
      from: 'features/payments/components/a.tsx',
      specifier: '@/features/links/api/list-payment-links',
      refused: 'web-features-apart',
    },
    { from: 'features/payments/components/b.tsx', specifier: '@/app/router', refused: 'web-features-apart' },
    {
      from: 'features/payments/components/c.tsx',
      specifier: '../../links/api/list-payment-links',
      refused: 'web-features-apart',
    },
    { from: 'features/pricing/d.tsx', specifier: '../marketing/page-section', refused: 'web-features-apart' },
    { from: 'features/payments/components/e.tsx', specifier: '../api/x' },
    { from: 'features/payments/f.tsx', specifier: './api/x' },
    { from: 'features/pricing/g.tsx', specifier: '@/components/layout/page-section' },
    {
      from: 'components/ui/h.tsx',
      specifier: '@/features/links/api/list-payment-links',
      refused: 'web-shared-code-knows-no-feature',
    },
    {
      from: 'lib/i.ts',
      specifier: '../features/payments/api/x',
      refused: 'web-shared-code-knows-no-feature',
    },
  ];
  // zod/mini is written in one folder of shared, whoever else would import it.
  const miniCases: Array<{ from: string; specifier: string; refused?: string }> = [
    { from: 'packages/shared/src/x.ts', specifier: 'zod/mini', refused: 'zod-mini-in-one-folder' },
    { from: 'apps/web/src/features/checkout/y.ts', specifier: 'zod/mini', refused: 'zod-mini-in-one-folder' },
    {
      from: 'apps/server/src/modules/checkout/z.ts',
      specifier: 'zod/mini',
      refused: 'zod-mini-in-one-folder',
    },
    { from: 'packages/shared/src/mini/w.ts', specifier: 'zod/mini' },
  ];
  const all = [
    ...cases.map((c) => ({ ...c, path: join('apps/server/src', c.from) })),
    ...webCases.map((c) => ({ ...c, path: join('apps/web/src', c.from) })),
    ...miniCases.map((c) => ({ ...c, path: c.from })),
  ];
  let output = '';
  let failed = false;
  let root = '';

  beforeAll(() => {
    root = scratchTree({ ...targets, ...Object.fromEntries(all.map((c) => [c.path, use(c.specifier)])) });
    const result = spawnSync(
      BIN('depcruise'),
      ['apps', 'packages', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
      { cwd: root, encoding: 'utf8' },
    );
    output = `${result.stdout}${result.stderr}`;
    failed = result.status !== 0;
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** The violation line dependency-cruiser prints for the import of case `c`, if any. */
  const violation = (c: (typeof all)[number]) =>
    output.split('\n').find((line) => line.includes(`: ${c.path} →`));

  it('fails the run on a crossing', () => {
    expect(failed).toBe(true);
  });

  for (const c of all.filter((c) => c.refused)) {
    it(`refuses ${c.path} importing '${c.specifier}' (${c.refused})`, () => {
      expect(violation(c), output).toContain(`error ${c.refused}:`);
    });
  }

  it('allows each module’s public face, its own files, the layers below, a feature’s own files and zod/mini in its folder', () => {
    for (const c of all.filter((c) => !c.refused)) expect(violation(c), c.path).toBeUndefined();
  });
});

describe('import cycles (Biome)', () => {
  const a = 'apps/server/src/modules/auth/auth.ts';
  const b = 'apps/server/src/modules/notifications/index.ts';
  function lint(files: Record<string, string>) {
    const root = scratchTree(files);
    try {
      const result = spawnSync(BIN('biome'), ['lint', '.'], { cwd: root, encoding: 'utf8' });
      return { failed: result.status !== 0, output: `${result.stdout}${result.stderr}` };
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }

  it('refuses a cycle between modules, through their index files', () => {
    const result = lint({ [a]: use('../notifications/index.js'), [b]: use('../auth/auth.js') });
    expect(result.failed).toBe(true);
    expect(result.output).toContain('noImportCycles');
  });

  it('refuses a cycle made of type imports too', () => {
    const typeOnly = (specifier: string) =>
      `import type { Thing } from '${specifier}';\nexport type Used = Thing;\n`;
    const result = lint({ [a]: typeOnly('../notifications/index.js'), [b]: typeOnly('../auth/auth.js') });
    expect(result.failed).toBe(true);
    expect(result.output).toContain('noImportCycles');
  });

  it('allows the same imports one way only', () => {
    expect(lint({ [a]: use('../notifications/index.js'), [b]: THING }).failed).toBe(false);
  });
});

describe('server tests share a process (vitest.config.ts, docs/testing.md)', () => {
  /** Every server test file, from the repository root. */
  const testFiles = (folder: string): string[] =>
    readdirSync(join(REPO, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.ts$/.test(file))
      .map((file) => join(folder, file));

  it('replace no module with vi.mock, which reaches a module only before its first import', () => {
    const mocking = [...testFiles('apps/server/src'), ...testFiles('apps/server/test')].filter((file) =>
      /\bvi\.(mock|doMock)\(/.test(readFileSync(join(REPO, file), 'utf8')),
    );
    expect(mocking).toEqual([]);
  });
});
