import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
    ]);
  });

  it('accepts production with SMTP and a public URL', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com:587',
      PUBLIC_URL: 'https://pay.example.com/',
      AUTH_SECRET: 'a'.repeat(32),
    });
    expect(config.isProduction).toBe(true);
    expect(config.publicUrl).toBe('https://pay.example.com');
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).databaseUrl).toBeUndefined();
  });
});
