import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Packages a running server needs only for one feature, which load with its first use, not at start
 * (decision 0077: about 100 MB of a small server's memory). Each is a CommonJS package, so once loaded it
 * is in require.cache even when imported from an ES module.
 */
const LOADED_ON_FIRST_USE = ['sharp', 'twilio', 'nodemailer', '@aws-sdk/client-s3'];

/** A fresh Node process builds the app with SMTP and Twilio configured, and lists the packages loaded. */
const CHILD = `
import { createRequire } from 'node:module';
const { createTestApp } = await import(${JSON.stringify(path.join(SERVER_ROOT, 'test/test-app.ts'))});
const app = await createTestApp({
  env: {
    SMTP_URL: 'smtp://127.0.0.1:1',
    TWILIO_ACCOUNT_SID: 'AC${'0'.repeat(32)}',
    TWILIO_AUTH_TOKEN: 'token',
    TWILIO_FROM: '+447700900000',
  },
});
const loaded = new Set();
for (const file of Object.keys(createRequire(import.meta.url).cache)) {
  const match = /node_modules[\\\\/]((@[^\\\\/]+[\\\\/])?[^\\\\/]+)/.exec(file);
  if (match) loaded.add(match[1].replaceAll('\\\\', '/'));
}
console.log(JSON.stringify({ mailer: app.mailer.transport, loaded: [...loaded] }));
await app.close();
process.exit(0);
`;

describe('a starting server', () => {
  it('loads the image, SMS, SMTP and S3 packages only when first used', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', CHILD],
      { cwd: SERVER_ROOT, env: { ...process.env, NODE_ENV: 'test' }, timeout: 110_000 },
    );
    const { mailer, loaded } = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
      mailer: string;
      loaded: string[];
    };
    expect(mailer).toBe('smtp');
    // The check sees CommonJS packages: fastify is one the app loads at start.
    expect(loaded).toContain('fastify');
    for (const name of LOADED_ON_FIRST_USE) expect(loaded, name).not.toContain(name);
    // A fresh process opens its own database: on a busy 2-core machine that can take a while.
  }, 120_000);
});
