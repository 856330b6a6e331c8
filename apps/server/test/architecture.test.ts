/**
 * The layout rules of docs/ARCHITECTURE.md are kept by the linter (biome.json overrides). Each case
 * writes one import into a file at a given path of a scratch tree that carries the project's own
 * biome.json, lints it as `npm run lint` would, and expects the rule to refuse the crossing and allow
 * the sanctioned way.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIOME = fileURLToPath(new URL('../../../node_modules/.bin/biome', import.meta.url));
const CONFIG = JSON.parse(readFileSync(new URL('../../../biome.json', import.meta.url), 'utf8'));

function lint(filePath: string, source: string) {
  const root = mkdtempSync(join(tmpdir(), 'clinicpay-lint-'));
  try {
    // The scratch tree is no git checkout, so the VCS settings are left out; every rule is kept.
    const { $schema: _schema, vcs: _vcs, ...config } = CONFIG;
    writeFileSync(join(root, 'biome.json'), JSON.stringify(config));
    mkdirSync(dirname(join(root, filePath)), { recursive: true });
    writeFileSync(join(root, filePath), source);
    const result = spawnSync(BIOME, ['lint', filePath], { cwd: root, encoding: 'utf8' });
    return { failed: result.status !== 0, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const use = (specifier: string) => `import { thing } from '${specifier}';\nexport const used = thing;\n`;

describe('the module boundaries', () => {
  it('refuses a server module reaching into another module’s internals', () => {
    const result = lint('apps/server/src/modules/requests/example.ts', use('../clinics/queries.js'));
    expect(result.failed).toBe(true);
    expect(result.output).toContain('A module is used only through its index.ts');
  });

  it('allows a module’s public face, its own files and the layers below', () => {
    for (const specifier of ['../clinics/index.js', './queries.js', '../../db/client.js']) {
      expect(lint('apps/server/src/modules/requests/example.ts', use(specifier)).failed).toBe(false);
    }
  });

  it('refuses mail/, gateway/, db/, http/, jobs/ and storage/ importing a module', () => {
    for (const folder of ['mail', 'gateway/sandbox', 'db', 'http', 'jobs', 'storage']) {
      const depth = folder.split('/').length;
      const specifier = `${'../'.repeat(depth)}modules/clinics/index.js`;
      const result = lint(`apps/server/src/${folder}/example.ts`, use(specifier));
      expect(result.failed, folder).toBe(true);
      expect(result.output).toContain('sit below the modules');
    }
  });

  it('refuses a web feature importing another feature or the app', () => {
    for (const specifier of [
      '@/features/links/api/list-payment-links',
      '@/app/router',
      '../../links/api/x',
    ]) {
      const result = lint('apps/web/src/features/payments/components/example.tsx', use(specifier));
      expect(result.failed, specifier).toBe(true);
      expect(result.output).toContain('Web features never import each other');
    }
    expect(lint('apps/web/src/features/payments/components/example.tsx', use('../api/x')).failed).toBe(false);
  });

  it('refuses a file at a feature’s top importing a sibling feature', () => {
    const result = lint('apps/web/src/features/pricing/example.tsx', use('../marketing/page-section'));
    expect(result.failed).toBe(true);
    expect(result.output).toContain('Web features never import each other');
    for (const specifier of ['./components/x', './api/x', '@/components/layout/page-section']) {
      expect(lint('apps/web/src/features/pricing/example.tsx', use(specifier)).failed, specifier).toBe(false);
    }
  });

  it('refuses shared components and lib importing a feature', () => {
    const result = lint('apps/web/src/components/ui/example.tsx', use('@/features/links/api/x'));
    expect(result.failed).toBe(true);
    expect(result.output).toContain('shared by every feature');
  });
});
