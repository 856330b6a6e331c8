/**
 * scripts/check-js-budget.mjs, which `npm run build` runs (decisions 0117 and 0127), run on a small
 * build laid out as vite.config.ts writes one: what it counts in each page's first load, and that it
 * fails the build when a page is over its limit. (It lives here, beside the pages, for the web test
 * project to run it.)
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/check-js-budget.mjs');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;

/** A chunk of about `kB` kilobytes gzipped (random bytes do not compress). */
const chunk = (kB: number) => randomBytes(Math.round(kB * 1000));

/**
 * A build with the three manifests and the site's page list; `sizes` gives each file's gzipped kB
 * (1 when not given).
 */
function build({
  payment,
  site,
  app,
  sitePages,
  sizes = {},
}: {
  payment?: Manifest;
  site?: Manifest;
  app?: Manifest;
  sitePages?: { path: string; module: string }[];
  sizes?: Record<string, number>;
}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinicpay-budget-'));
  dirs.push(dir);
  const manifests: [string, Manifest][] = [
    [
      'payment-manifest.json',
      payment ?? {
        'payment.html': {
          file: 'assets/payment.js',
          dynamicImports: ['src/features/checkout/confirm-charge-page.tsx'],
        },
        'src/features/checkout/confirm-charge-page.tsx': { file: 'assets/confirm-charge.js' },
      },
    ],
    ['site-manifest.json', site ?? { 'site.html': { file: 'assets/site.js' } }],
    [
      'manifest.json',
      app ?? {
        'index.html': {
          file: 'assets/index.js',
          dynamicImports: [
            'src/app/layouts/clinic-area.tsx',
            'src/app/routes/clinic-home.tsx',
            'src/app/layouts/admin-area.tsx',
            'src/app/routes/admin-home.tsx',
          ],
        },
        'src/app/layouts/clinic-area.tsx': { file: 'assets/clinic-area.js' },
        'src/app/routes/clinic-home.tsx': { file: 'assets/clinic-home.js' },
        'src/app/layouts/admin-area.tsx': { file: 'assets/admin-area.js' },
        'src/app/routes/admin-home.tsx': { file: 'assets/admin-home.js' },
      },
    ],
  ];
  fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'assets'));
  for (const [name, manifest] of manifests) {
    fs.writeFileSync(path.join(dir, '.vite', name), JSON.stringify(manifest));
    for (const { file } of Object.values(manifest)) {
      fs.writeFileSync(path.join(dir, file), chunk(sizes[file] ?? 1));
    }
  }
  fs.writeFileSync(path.join(dir, '.vite', 'site-pages.json'), JSON.stringify(sitePages ?? []));
  return dir;
}

function run(dir: string) {
  const result = spawnSync(process.execPath, [SCRIPT, dir], { encoding: 'utf8' });
  const pages = new Map<string, { gzipKB: number; files: number; verdict: string }>();
  for (const line of result.stdout.split('\n')) {
    const match = /^(\/\S*)\s+[\d.]+\s+([\d.]+)\s+[\d.]+\s+\d+ kB (ok|OVER)\s+(\d+) files/.exec(line);
    if (match) {
      pages.set(match[1] ?? '', {
        gzipKB: Number(match[2]),
        files: Number(match[4]),
        verdict: match[3] ?? '',
      });
    }
  }
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, pages };
}

describe('the first-load JS budget', () => {
  it("counts each public page's entry and its own route chunk, not the other pages' chunks", () => {
    const dir = build({
      site: {
        'site.html': {
          file: 'assets/site.js',
          imports: ['_preact.js'],
          dynamicImports: ['src/app/routes/landing.tsx', 'src/app/routes/sign-in.tsx'],
        },
        '_preact.js': { file: 'assets/preact.js' },
        'src/app/routes/landing.tsx': { file: 'assets/landing.js', imports: ['site.html'] },
        'src/app/routes/sign-in.tsx': { file: 'assets/sign-in.js', imports: ['site.html', '_zod.js'] },
        '_zod.js': { file: 'assets/zod.js' },
      },
      sitePages: [
        { path: '/', module: 'src/app/routes/landing.tsx' },
        { path: '/sign-in', module: 'src/app/routes/sign-in.tsx' },
      ],
      sizes: { 'assets/site.js': 30, 'assets/preact.js': 10, 'assets/zod.js': 20, 'assets/sign-in.js': 5 },
    });
    const { status, pages } = run(dir);
    expect(status).toBe(0);
    expect(pages.get('/')?.files).toBe(3);
    expect(pages.get('/')?.gzipKB).toBeGreaterThan(41);
    expect(pages.get('/')?.gzipKB).toBeLessThan(42);
    expect(pages.get('/sign-in')?.files).toBe(4);
    expect(pages.get('/sign-in')?.gzipKB).toBeGreaterThan(65);
    expect(pages.get('/sign-in')?.gzipKB).toBeLessThan(66);
  });

  it('fails the build, naming the page, when a public page is over 100 kB gzipped', () => {
    const dir = build({
      site: {
        'site.html': { file: 'assets/site.js', dynamicImports: ['src/app/routes/sign-up.tsx'] },
        'src/app/routes/sign-up.tsx': { file: 'assets/sign-up.js', imports: ['site.html'] },
      },
      sitePages: [{ path: '/sign-up', module: 'src/app/routes/sign-up.tsx' }],
      sizes: { 'assets/site.js': 60, 'assets/sign-up.js': 41 },
    });
    const { status, stdout, pages } = run(dir);
    expect(status).toBe(1);
    expect(pages.get('/sign-up')?.verdict).toBe('OVER');
    expect(pages.get('/payment/{id}')?.verdict).toBe('ok');
    expect(stdout).toContain('1 page(s) OVER their limit');
  });

  it("counts the admin console's layout and home page, not a dialog opened on demand, and a chart apart", () => {
    const dir = build({
      app: {
        'index.html': {
          file: 'assets/index.js',
          dynamicImports: [
            'src/app/layouts/clinic-area.tsx',
            'src/app/routes/clinic-home.tsx',
            'src/app/layouts/admin-area.tsx',
            'src/app/routes/admin-home.tsx',
            'src/app/routes/admin-clinics.tsx',
          ],
        },
        'src/app/layouts/clinic-area.tsx': { file: 'assets/clinic-area.js' },
        'src/app/routes/clinic-home.tsx': { file: 'assets/clinic-home.js' },
        'src/app/layouts/admin-area.tsx': { file: 'assets/admin-area.js', imports: ['index.html'] },
        'src/app/routes/admin-home.tsx': {
          file: 'assets/admin-home.js',
          imports: ['index.html'],
          dynamicImports: [
            'src/components/ui/dialog-parts.tsx',
            'src/features/admin/components/payments-bars.tsx',
          ],
        },
        'src/app/routes/admin-clinics.tsx': { file: 'assets/admin-clinics.js' },
        'src/components/ui/dialog-parts.tsx': { file: 'assets/dialog-parts.js' },
        'src/features/admin/components/payments-bars.tsx': { file: 'assets/payments-bars.js' },
      },
      sizes: {
        'assets/index.js': 150,
        'assets/admin-clinics.js': 80,
        'assets/dialog-parts.js': 15,
        'assets/payments-bars.js': 100,
      },
    });
    const { status, stdout, pages } = run(dir);
    expect(status).toBe(0);
    expect(pages.get('/admin')?.files).toBe(3);
    expect(pages.get('/admin')?.gzipKB).toBeLessThan(154);
    expect(stdout).toMatch(/\/admin .* then 100\.\d\d kB gzip after the page/);
  });

  it('fails the build when the admin console is over 200 kB gzipped', () => {
    const dir = build({ sizes: { 'assets/index.js': 197, 'assets/admin-home.js': 4 } });
    const { status, pages } = run(dir);
    expect(status).toBe(1);
    expect(pages.get('/admin')?.verdict).toBe('OVER');
  });

  it('fails, saying what is missing, when a build did not write its manifest or page list', () => {
    const dir = build({});
    fs.rmSync(path.join(dir, '.vite', 'site-pages.json'));
    const { status, stderr } = run(dir);
    expect(status).toBe(1);
    expect(stderr).toContain('site-pages.json is missing');
  });
});
