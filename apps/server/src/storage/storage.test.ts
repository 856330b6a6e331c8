/**
 * The file stores. Local disk: real files in a temporary folder. S3: the real AWS SDK client talking
 * HTTP to a small in-test S3-compatible server on 127.0.0.1 (no network), through the whole app.
 */

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClinic } from '../../test/accounts.js';
import { createTestApp } from '../../test/test-app.js';
import { ConfigError, loadConfig } from '../config.js';
import { helmetOptions, logoImageOrigins } from '../http/security-headers.js';
import { createFileStorage, isSafeKey, localDiskStorage } from './index.js';

describe('local-disk storage', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'clinicpay-storage-test-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('puts, reads, lists and deletes a file under its key, with the type from the extension', async () => {
    const storage = localDiskStorage(root, '/files');
    await storage.put('clinic-a/1700000000000.webp', Buffer.from('bytes'), 'image/webp');

    const object = await storage.get('clinic-a/1700000000000.webp');
    if (!object) throw new Error('the stored file was not found');
    expect(object).toMatchObject({ contentType: 'image/webp', size: 5 });
    expect(await text(object.body)).toBe('bytes');
    expect(await readdir(path.join(root, 'clinic-a'))).toEqual(['1700000000000.webp']);
    expect(storage.urlFor('clinic-a/1700000000000.webp')).toBe('/files/clinic-a/1700000000000.webp');

    await storage.delete('clinic-a/1700000000000.webp');
    expect(await storage.get('clinic-a/1700000000000.webp')).toBeNull();
    await expect(storage.delete('clinic-a/1700000000000.webp')).resolves.toBeUndefined();
  });

  it.each(['../escape.webp', 'a/../../escape.webp', '/etc/passwd', 'a//b', '', 'a/.', 'a\\b', 'a/b c'])(
    'refuses the unsafe key %j for every operation',
    async (key) => {
      const storage = localDiskStorage(root, '/files');
      expect(isSafeKey(key)).toBe(false);
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe storage key/);
      await expect(storage.get(key)).rejects.toThrow(/unsafe storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/unsafe storage key/);
    },
  );

  it('is the default store, under DATA_DIR/<folder>', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: root });
    expect(config.s3).toBeUndefined();
    expect((await createFileStorage(config, 'logos', '/api/public/logos')).kind).toBe('local');
  });
});

describe('S3 configuration', () => {
  it('chooses S3 when S3_BUCKET is set, with path-style addressing for a custom endpoint', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      S3_BUCKET: 'cliniclogo',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://cdn.example.com/cliniclogo/',
    });
    expect(config.s3).toEqual({
      bucket: 'cliniclogo',
      region: 'eu-west-2',
      endpoint: 'http://minio.internal:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      publicUrl: 'https://cdn.example.com/cliniclogo',
    });
    const storage = (await createFileStorage(config, 'logos', '/api/public/logos')) as Awaited<
      ReturnType<typeof createFileStorage>
    > & { client: { config: { forcePathStyle?: boolean; region: () => Promise<string> } } };
    expect(storage.kind).toBe('s3');
    expect(storage.client.config.forcePathStyle).toBe(true);
    expect(await storage.client.config.region()).toBe('eu-west-2');
    expect(storage.urlFor('c/1.webp')).toBe('https://cdn.example.com/cliniclogo/c/1.webp');
    const csp = helmetOptions('sandbox', logoImageOrigins(config.s3)).contentSecurityPolicy;
    expect(csp && csp !== true && csp.directives?.imgSrc).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://cdn.example.com',
    ]);
    expect(logoImageOrigins(loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'cliniclogo' }).s3)).toEqual([]);
  });

  it.each([
    [
      { S3_BUCKET: 'cliniclogo', S3_ACCESS_KEY_ID: 'key' },
      'S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID',
    ],
    [{ S3_PUBLIC_URL: 'https://cdn.example.com' }, 'S3_PUBLIC_URL: is only used with S3_BUCKET'],
    [{ S3_BUCKET: 'Not A Bucket!' }, 'S3_BUCKET: must be an S3 bucket name, e.g. cliniclogo'],
    [{ S3_BUCKET: 'cliniclogo', S3_ENDPOINT: 'not a url' }, 'S3_ENDPOINT'],
  ])('refuses an incomplete or malformed S3 setting %j', (env, problem) => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'test', ...env });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.some((line) => line.startsWith(problem))).toBe(true);
  });
});

/** Just enough of S3's path-style REST API: PUT, GET and DELETE of /{bucket}/{key}. */
function startFakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string; cacheControl: string | undefined }>();
  const server = createServer(async (request, response) => {
    const key = decodeURIComponent(new URL(request.url ?? '/', 'http://s3').pathname);
    if (request.method === 'PUT') {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      objects.set(key, {
        body: Buffer.concat(chunks),
        contentType: String(request.headers['content-type']),
        cacheControl: request.headers['cache-control'],
      });
      response.writeHead(200, { etag: '"etag"' }).end();
    } else if (request.method === 'GET') {
      const object = objects.get(key);
      if (!object) {
        response
          .writeHead(404, { 'content-type': 'application/xml' })
          .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
        return;
      }
      response
        .writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length })
        .end(object.body);
    } else if (request.method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204).end();
    } else {
      response.writeHead(405).end();
    }
  });
  return { server, objects };
}

describe('the logo routes on S3-compatible storage', () => {
  let fake: ReturnType<typeof startFakeS3>;
  let endpoint: string;
  const apps: FastifyInstance[] = [];
  const s3Env = () => ({
    S3_BUCKET: 'cliniclogo',
    S3_ENDPOINT: endpoint,
    S3_REGION: 'eu-west-2',
    S3_ACCESS_KEY_ID: 'test-key',
    S3_SECRET_ACCESS_KEY: 'test-secret',
  });

  beforeAll(async () => {
    fake = startFakeS3();
    await new Promise<void>((resolve) => (fake.server as Server).listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await new Promise((resolve) => fake.server.close(resolve));
  });

  it('stores the re-encoded logo in the bucket with a one-hour cache, serves it and deletes it', async () => {
    const app = await createTestApp({ env: s3Env() });
    apps.push(app);
    const { cookies, user } = await signedInClinic(app);
    const form = new FormData();
    const png = await sharp({ create: { width: 60, height: 30, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    form.append('file', new Blob([png], { type: 'image/png' }), 'logo.png');

    const uploaded = await app.inject({ method: 'POST', url: '/api/clinic/logo', cookies, payload: form });

    expect(uploaded.statusCode).toBe(200);
    const { logoUrl } = uploaded.json();
    const key = `/cliniclogo/${user.clinicId}/${path.basename(logoUrl)}`;
    expect(logoUrl).toBe(`/api/public/logos/${user.clinicId}/${path.basename(logoUrl)}`);
    expect(fake.objects.get(key)).toMatchObject({
      contentType: 'image/webp',
      cacheControl: 'public, max-age=3600',
    });

    const served = await app.inject({ url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=3600');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 60,
      height: 30,
    });

    expect((await app.inject({ method: 'DELETE', url: '/api/clinic/logo', cookies })).statusCode).toBe(200);
    expect(fake.objects.has(key)).toBe(false);
    expect((await app.inject({ url: logoUrl })).statusCode).toBe(404);
  });

  it('points logo_url at S3_PUBLIC_URL when one is configured', async () => {
    const app = await createTestApp({
      env: { ...s3Env(), S3_PUBLIC_URL: 'https://cdn.example.com/cliniclogo' },
    });
    apps.push(app);
    const { cookies, user } = await signedInClinic(app);
    const form = new FormData();
    const webp = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#abcdef' } })
      .webp()
      .toBuffer();
    form.append('file', new Blob([webp], { type: 'image/webp' }), 'logo.webp');

    const { logoUrl } = (
      await app.inject({ method: 'POST', url: '/api/clinic/logo', cookies, payload: form })
    ).json();

    expect(logoUrl).toMatch(
      new RegExp(`^https://cdn\\.example\\.com/cliniclogo/${user.clinicId}/\\d+\\.webp$`),
    );
    expect(fake.objects.has(`/cliniclogo/${user.clinicId}/${path.basename(logoUrl)}`)).toBe(true);
  });
});
