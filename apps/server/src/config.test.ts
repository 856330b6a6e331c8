import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadEnvFile } from './config.js';

describe('loadConfig', () => {
  it('runs locally with no configuration at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      isProduction: false,
      port: 3000,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('lists every bad key, not just the first', () => {
    const error = (() => {
      try {
        loadConfig({ PORT: 'seventy', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', SUPPORT_EMAIL: 'nope' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    const keys = (error as ConfigError).problems.map((problem) => problem.split(':')[0]);
    expect(keys.sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT', 'SUPPORT_EMAIL']);
  });

  it('refuses production without SMTP_URL, PUBLIC_URL and AUTH_SECRET', () => {
    const error = (() => {
      try {
        loadConfig({ NODE_ENV: 'production' });
      } catch (caught) {
        return caught as ConfigError;
      }
    })();
    expect(error?.problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'AUTH_SECRET',
      'PUBLIC_URL',
      'SMTP_URL',
      'STRIPE_SECRET_KEY',
    ]);
  });

  it('accepts production with SMTP and a public URL', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com:587',
      PUBLIC_URL: 'https://pay.example.com/',
      AUTH_SECRET: 'a'.repeat(32),
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_a',
      STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_b',
    });
    expect(config.isProduction).toBe(true);
    expect(config.gateway.kind).toBe('stripe');
    expect(config.publicUrl).toBe('https://pay.example.com');
  });

  it('logs readable lines at a terminal outside production, JSON otherwise or when LOG_FORMAT says so', () => {
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com:587',
      PUBLIC_URL: 'https://pay.example.com/',
      AUTH_SECRET: 'a'.repeat(32),
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_a',
      STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_b',
    };
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig(production, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ ...production, LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('uses the sandbox without Stripe keys, and wants every Stripe key once one is set', () => {
    expect(loadConfig({}).gateway.kind).toBe('sandbox');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY[\s\S]*STRIPE_WEBHOOK_SECRET[\s\S]*STRIPE_CONNECT_WEBHOOK_SECRET/,
    );
  });

  it("takes the sandbox's verification time in whole seconds, 5 unless set", () => {
    expect(loadConfig({}).gateway).toMatchObject({ kind: 'sandbox', verificationSeconds: 5 });
    expect(loadConfig({ SANDBOX_VERIFICATION_SECONDS: '12' }).gateway).toMatchObject({
      verificationSeconds: 12,
    });
    expect(() => loadConfig({ SANDBOX_VERIFICATION_SECONDS: '-1' })).toThrow(/SANDBOX_VERIFICATION_SECONDS/);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).databaseUrl).toBeUndefined();
  });
});

describe('loadEnvFile', () => {
  const keys = ['CLINICPAY_TEST_FROM_FILE', 'CLINICPAY_TEST_QUOTED', 'CLINICPAY_TEST_REAL', 'SUPPORT_PHONE'];
  const before = Object.fromEntries(keys.map((key) => [key, process.env[key]]));
  const dirs: string[] = [];
  afterEach(() => {
    for (const key of keys) {
      if (before[key] === undefined) delete process.env[key];
      else process.env[key] = before[key];
    }
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const envFile = (text: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinicpay-env-'));
    dirs.push(dir);
    const file = path.join(dir, '.env');
    fs.writeFileSync(file, text);
    return file;
  };

  it('reads a .env file into the environment, the real environment winning', () => {
    const file = envFile(
      '# a comment\nCLINICPAY_TEST_FROM_FILE=from the file\nCLINICPAY_TEST_QUOTED="a # b"\nCLINICPAY_TEST_REAL=file\n',
    );
    process.env.CLINICPAY_TEST_REAL = 'real';
    delete process.env.CLINICPAY_TEST_FROM_FILE;
    expect(loadEnvFile(file)).toBe(file);
    expect(process.env.CLINICPAY_TEST_FROM_FILE).toBe('from the file');
    expect(process.env.CLINICPAY_TEST_QUOTED).toBe('a # b');
    expect(process.env.CLINICPAY_TEST_REAL).toBe('real');
  });

  it('gives loadConfig what the file sets', () => {
    delete process.env.SUPPORT_PHONE;
    loadEnvFile(envFile('SUPPORT_PHONE=020 7946 0999\n'));
    expect(loadConfig(process.env).supportPhone).toBe('020 7946 0999');
  });

  it('does nothing without a file', () => {
    const snapshot = { ...process.env };
    expect(loadEnvFile(path.join(os.tmpdir(), 'clinicpay-no-such-dir', '.env'))).toBeUndefined();
    expect(process.env).toEqual(snapshot);
  });

  it('stops with a ConfigError naming a .env that cannot be read', () => {
    const dir = path.dirname(envFile(''));
    const unreadable = path.join(dir, 'folder.env');
    fs.mkdirSync(unreadable);
    expect(() => loadEnvFile(unreadable)).toThrow(ConfigError);
    expect(() => loadEnvFile(unreadable)).toThrow(unreadable);
  });
});
