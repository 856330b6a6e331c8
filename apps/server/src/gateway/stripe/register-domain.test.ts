/**
 * `npm run stripe:register-domain` (src/cli/stripe-register-domain.ts) run as its own process through
 * tsx, against the local stand-in for the Stripe API the contract test uses (--api-base), from an
 * empty working directory so no developer's .env is read, with only the environment each test gives.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDER_API_VERSION } from '../gateway.js';
import { type StripeStandIn, startStripeStandIn } from './stripe-stand-in.js';

const SCRIPT = path.resolve(import.meta.dirname, '../../cli/stripe-register-domain.ts');
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const folders: string[] = [];
function emptyFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'clinicpay-register-domain-'));
  folders.push(folder);
  return folder;
}

function runCli(args: string[], env: Record<string, string>, cwd = emptyFolder()): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', TSX, SCRIPT, ...args],
      { cwd, env: { PATH: process.env.PATH ?? '', ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

// Each test starts the command as a process that loads TypeScript through tsx: a few seconds each on a
// busy machine.
describe('npm run stripe:register-domain', { timeout: 120_000 }, () => {
  let standIn: StripeStandIn;
  const apiBase = () => ['--api-base', standIn.url];

  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  afterAll(() => standIn?.close());
  beforeEach(() => {
    standIn.requests.length = 0;
    standIn.replies.length = 0;
  });
  afterEach(() => {
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });

  it("registers the domain given with Stripe and prints each wallet's status", async () => {
    standIn.replies.push({
      status: 200,
      body: {
        id: 'pmd_1',
        object: 'payment_method_domain',
        domain_name: 'pay.example.com',
        enabled: true,
        livemode: true,
        created: 1_700_000_000,
        apple_pay: {
          status: 'inactive',
          status_details: { error_message: 'The domain could not be verified with Apple.' },
        },
        google_pay: { status: 'active' },
        link: { status: 'active' },
        paypal: { status: 'active' },
        amazon_pay: { status: 'active' },
        klarna: { status: 'active' },
      },
    });
    const run = await runCli(['--domain', 'Pay.Example.com', ...apiBase()], {
      STRIPE_SECRET_KEY: 'sk_live_register',
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);

    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_method_domains' });
    expect(Object.fromEntries(request?.params ?? [])).toEqual({
      domain_name: 'pay.example.com',
      enabled: 'true',
    });
    expect(request?.headers.authorization).toBe('Bearer sk_live_register');
    expect(request?.headers['stripe-version']).toBe(PROVIDER_API_VERSION);

    expect(run.stdout).toBe(
      [
        'Registered pay.example.com with Stripe in live mode (and test mode): pmd_1',
        '  enabled:    yes',
        '  Apple Pay:  inactive (The domain could not be verified with Apple.)',
        '  Google Pay: active',
        '  Link:       active',
        '',
      ].join('\n'),
    );
  });

  it("registers PUBLIC_URL's host when no domain is given, reading .env like the server", async () => {
    const cwd = emptyFolder();
    fs.writeFileSync(
      path.join(cwd, '.env'),
      'STRIPE_SECRET_KEY=sk_test_fromenvfile\nPUBLIC_URL=https://pay.clinic.example/\n',
    );
    // The stand-in's address through STRIPE_API_BASE, the option's environment form.
    const run = await runCli([], { STRIPE_API_BASE: standIn.url }, cwd);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(standIn.requests.map((request) => request.params.get('domain_name'))).toEqual([
      'pay.clinic.example',
    ]);
    expect(standIn.requests[0]?.headers.authorization).toBe('Bearer sk_test_fromenvfile');
    expect(run.stdout).toContain('Registered pay.clinic.example with Stripe in test mode: pmd_standin');
    expect(run.stdout).toContain('  Apple Pay:  active');
  });

  it('refuses without a secret key, asking Stripe nothing', async () => {
    const run = await runCli(['--domain', 'pay.example.com', ...apiBase()], {});
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('STRIPE_SECRET_KEY is not set');
    expect(run.stdout).toBe('');
    expect(standIn.requests).toEqual([]);
  });

  it('refuses a publishable key in place of the secret key', async () => {
    const run = await runCli(['--domain', 'pay.example.com', ...apiBase()], {
      STRIPE_SECRET_KEY: 'pk_live_oops',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('STRIPE_SECRET_KEY is not a Stripe secret key');
    expect(standIn.requests).toEqual([]);
  });

  it.each([
    ['a URL', 'https://pay.example.com/'],
    ['a bare host', 'localhost'],
    ['an IP address', '203.0.113.7'],
  ])('refuses %s as the domain, asking Stripe nothing', async (_name, domain) => {
    const run = await runCli(['--domain', domain, ...apiBase()], { STRIPE_SECRET_KEY: 'sk_test_register' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`--domain '${domain}' is not a domain name`);
    expect(run.stderr).toContain('e.g. pay.example.com');
    expect(standIn.requests).toEqual([]);
  });

  it('refuses without a domain or PUBLIC_URL', async () => {
    const run = await runCli(apiBase(), { STRIPE_SECRET_KEY: 'sk_test_register' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('--domain, or set PUBLIC_URL');
    expect(standIn.requests).toEqual([]);
  });

  it("exits non-zero with Stripe's reason when Stripe refuses", async () => {
    standIn.replies.push({
      status: 401,
      body: {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_***ster' },
      },
    });
    const run = await runCli(['--domain', 'pay.example.com', ...apiBase()], {
      STRIPE_SECRET_KEY: 'sk_test_register',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'Stripe did not register pay.example.com: Invalid API Key provided: sk_test_***ster\n',
    );
    expect(run.stdout).toBe('');
    expect(standIn.requests).toHaveLength(1);
  });
});
