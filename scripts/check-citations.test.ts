/** The citation check (scripts/check-citations.ts) on a small repository of its own. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anchorsOf, checkCitations, codeFiles } from './check-citations.js';

describe('the citation check', () => {
  let root: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'citations-'));
    write('docs/product.md', '<a id="send-payment-link"></a>\n### Send Payment Link\n\n## Payment History\n');
    write('docs/decisions/0104-requests-go.md', '# 0104\n');
    write('docs/benchmarks.md', '# Benchmarks\n');
    write(
      'apps/server/src/good.ts',
      [
        '/** The Send Payment Link screen (docs/product.md#send-payment-link, docs/product.md#payment-history). */',
        '// As decisions 0104 and 0104 say (docs/decisions/0104-requests-go.md); figures: docs/benchmarks.md.',
        '// Stripe: https://docs.stripe.com/metadata',
      ].join('\n'),
    );
    write(
      'apps/web/src/bad.tsx',
      [
        '// spec §2 "Send Payment Link"',
        '// as design.md says (issue #11)',
        '// docs/product.md#no-such-anchor and docs/gone.md',
        '// decision 0999',
      ].join('\n'),
    );
    write('apps/web/node_modules/dep/index.ts', '// spec §1: not ours');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('reads explicit anchors and heading slugs', () => {
    expect([...anchorsOf('<a id="x-y"></a>\n## Payment History (clinic)\n')]).toEqual([
      'x-y',
      'payment-history-clinic',
    ]);
  });

  it('passes citations that resolve, and finds each one that does not or points outside', () => {
    const files = codeFiles(root, ['apps/server', 'apps/web']);
    expect(files.sort()).toEqual(['apps/server/src/good.ts', 'apps/web/src/bad.tsx']);
    expect(checkCitations(root, files)).toEqual([
      { file: 'apps/web/src/bad.tsx', line: 1, problem: expect.stringContaining('old specification') },
      { file: 'apps/web/src/bad.tsx', line: 2, problem: expect.stringContaining('design notes') },
      { file: 'apps/web/src/bad.tsx', line: 2, problem: expect.stringContaining('tracker issue') },
      {
        file: 'apps/web/src/bad.tsx',
        line: 3,
        problem: 'cites docs/product.md#no-such-anchor: no such anchor',
      },
      { file: 'apps/web/src/bad.tsx', line: 3, problem: 'cites docs/gone.md, which does not exist' },
      { file: 'apps/web/src/bad.tsx', line: 4, problem: 'cites decision 0999, which has no record' },
    ]);
  });
});
