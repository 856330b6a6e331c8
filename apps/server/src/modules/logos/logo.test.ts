/**
 * The clinic logo end to end through the real app (local-disk storage in a temporary DATA_DIR):
 * upload, re-encoding, serving, replacing, deleting, and every bad input leaving nothing stored.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LOGO_MAX_BYTES, LOGO_MESSAGES } from '@clinicpay/shared';
import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInClinic } from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog } from '../../db/schema/index.js';

type Cookies = Record<string, string>;

function imageOf(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 4, background: { r: 20, g: 110, b: 200, alpha: 0.8 } },
  });
}

/** A photo-like image: noise compresses badly, so cutting the file in half cuts the pixel data. */
function noisyImage(width: number, height: number) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
}

function formWith(bytes: Buffer | string, filename: string, type: string, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type }), filename);
  return form;
}

describe('/api/clinic/logo', () => {
  let app: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'clinicpay-logo-test-'));
    app = await createTestApp({ env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = (cookies: Cookies | undefined, payload: FormData | object) =>
    app.inject({ method: 'POST', url: '/api/clinic/logo', cookies, payload: payload as FormData });
  const remove = (cookies: Cookies | undefined) =>
    app.inject({ method: 'DELETE', url: '/api/clinic/logo', cookies });
  const clinicOf = async (cookies: Cookies) =>
    (await app.inject({ url: '/api/clinic', cookies })).json().clinic;
  const storedFiles = async (clinicId: string) =>
    readdir(path.join(dataDir, 'logos', clinicId)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });

  /** The clinic's logo entries in the audit log, oldest first: action, actor, entity and details. */
  const logoEntries = (clinicId: string) =>
    app.database.db
      .select({
        action: auditLog.action,
        actorUserId: auditLog.actorUserId,
        entityType: auditLog.entityType,
        entityId: auditLog.entityId,
        details: auditLog.details,
      })
      .from(auditLog)
      .where(and(eq(auditLog.clinicId, clinicId), like(auditLog.action, 'clinic.logo_%')))
      .orderBy(asc(auditLog.createdAt));

  async function expectNothingStored(cookies: Cookies, clinicId: string) {
    expect(await storedFiles(clinicId)).toEqual([]);
    expect((await clinicOf(cookies)).logoUrl).toBeNull();
  }

  it('accepts a PNG, re-encodes it to WebP inside 512 × 512 and serves it with a one-hour cache', async () => {
    const { cookies, user } = await signedInClinic(app);
    const png = await imageOf(1200, 800).png().toBuffer();

    const response = await upload(cookies, formWith(png, 'logo.png', 'image/png'));

    expect(response.statusCode).toBe(200);
    const { logoUrl } = response.json();
    expect(logoUrl).toMatch(new RegExp(`^/api/public/logos/${user.clinicId}/\\d+\\.webp$`));
    expect((await clinicOf(cookies)).logoUrl).toBe(logoUrl);
    expect(await storedFiles(user.clinicId)).toEqual([path.basename(logoUrl)]);

    const served = await app.inject({ url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=3600');
    const image = await sharp(served.rawPayload).metadata();
    expect(image).toMatchObject({ format: 'webp', width: 512, height: 341, hasAlpha: true });
  });

  it('accepts a JPEG, keeps a small one at its size and strips its EXIF data', async () => {
    const { cookies } = await signedInClinic(app);
    const jpeg = await imageOf(300, 200)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret Clinic Photographer', Artist: 'Dr Hidden' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const response = await upload(cookies, formWith(jpeg, 'logo.jpg', 'image/jpeg'));

    expect(response.statusCode).toBe(200);
    const served = await app.inject({ url: response.json().logoUrl });
    const image = await sharp(served.rawPayload).metadata();
    expect(image).toMatchObject({ format: 'webp', width: 300, height: 200 });
    expect(image.exif).toBeUndefined();
    expect(served.rawPayload.includes('Dr Hidden')).toBe(false);
  });

  it('accepts a WebP whatever name and type the browser gives it', async () => {
    const { cookies } = await signedInClinic(app);
    const webp = await imageOf(64, 64).webp().toBuffer();

    const response = await upload(cookies, formWith(webp, 'logo.bin', 'application/octet-stream'));

    expect(response.statusCode).toBe(200);
    const served = await app.inject({ url: response.json().logoUrl });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 64 });
  });

  it('shows the logo URL on the public payment page data', async () => {
    const { cookies } = await signedInClinic(app);
    const { logoUrl } = (
      await upload(cookies, formWith(await imageOf(40, 40).png().toBuffer(), 'a.png', 'image/png'))
    ).json();
    const link = await app.inject({
      method: 'POST',
      url: '/api/payment-links',
      cookies,
      payload: { title: 'Consultation', amount: 5000, type: 'consultation' },
    });
    expect(link.statusCode).toBe(201);

    const page = await app.inject({ url: `/api/public/payments/${link.json().link.id}` });

    expect(page.json().clinic.logo).toBe(logoUrl);
    expect((await app.inject({ url: page.json().clinic.logo })).statusCode).toBe(200);
  });

  it('replaces the logo: the new one is served and the old file is removed', async () => {
    const { cookies, user } = await signedInClinic(app);
    const first = (
      await upload(cookies, formWith(await imageOf(50, 50).png().toBuffer(), 'a.png', 'image/png'))
    ).json();
    const second = await upload(
      cookies,
      formWith(await imageOf(80, 40).png().toBuffer(), 'b.png', 'image/png'),
    );

    expect(second.statusCode).toBe(200);
    expect(second.json().logoUrl).not.toBe(first.logoUrl);
    expect((await clinicOf(cookies)).logoUrl).toBe(second.json().logoUrl);
    expect(await storedFiles(user.clinicId)).toEqual([path.basename(second.json().logoUrl)]);
    expect((await app.inject({ url: first.logoUrl })).statusCode).toBe(404);
    const served = await app.inject({ url: second.json().logoUrl });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 80, height: 40 });
    // Each upload is audited against the clinic, by the member, with the URL before and after.
    const byMember = { actorUserId: user.id, entityType: 'clinic', entityId: user.clinicId };
    expect(await logoEntries(user.clinicId)).toEqual([
      {
        ...byMember,
        action: 'clinic.logo_updated',
        details: { before: { logoUrl: null }, after: { logoUrl: first.logoUrl } },
      },
      {
        ...byMember,
        action: 'clinic.logo_updated',
        details: { before: { logoUrl: first.logoUrl }, after: { logoUrl: second.json().logoUrl } },
      },
    ]);
  });

  it('deletes the logo and its file; a second delete answers 404 No logo to delete', async () => {
    const { cookies, user } = await signedInClinic(app);
    const { logoUrl } = (
      await upload(cookies, formWith(await imageOf(40, 40).png().toBuffer(), 'a.png', 'image/png'))
    ).json();

    const response = await remove(cookies);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ logoUrl: null });
    await expectNothingStored(cookies, user.clinicId);
    expect((await app.inject({ url: logoUrl })).statusCode).toBe(404);

    const again = await remove(cookies);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'NO_LOGO', message: LOGO_MESSAGES.noLogo });
    // The removal is audited once; the refused second delete is not.
    expect((await logoEntries(user.clinicId)).slice(1)).toEqual([
      {
        action: 'clinic.logo_removed',
        actorUserId: user.id,
        entityType: 'clinic',
        entityId: user.clinicId,
        details: { before: { logoUrl }, after: { logoUrl: null } },
      },
    ]);
  });

  const badUploads: [string, () => Promise<FormData | object>, number, string, string][] = [
    [
      'a file over 2 MB',
      async () => {
        const png = await imageOf(10, 10).png().toBuffer();
        return formWith(
          Buffer.concat([png, Buffer.alloc(LOGO_MAX_BYTES + 1 - png.length, 7)]),
          'big.png',
          'image/png',
        );
      },
      413,
      'LOGO_TOO_LARGE',
      LOGO_MESSAGES.tooLarge,
    ],
    [
      'an SVG',
      async () =>
        formWith(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
          'logo.svg',
          'image/svg+xml',
        ),
      415,
      'LOGO_TYPE_NOT_ALLOWED',
      LOGO_MESSAGES.wrongType,
    ],
    [
      'a text file renamed .png',
      async () => formWith('just some text, not an image', 'logo.png', 'image/png'),
      415,
      'LOGO_TYPE_NOT_ALLOWED',
      LOGO_MESSAGES.wrongType,
    ],
    [
      'a GIF (an image, but not an accepted type)',
      async () => formWith(await imageOf(10, 10).gif().toBuffer(), 'logo.gif', 'image/gif'),
      415,
      'LOGO_TYPE_NOT_ALLOWED',
      LOGO_MESSAGES.wrongType,
    ],
    [
      'a truncated PNG',
      async () => {
        const png = await noisyImage(200, 200).png().toBuffer();
        return formWith(png.subarray(0, Math.floor(png.length / 2)), 'cut.png', 'image/png');
      },
      400,
      'LOGO_UNREADABLE',
      LOGO_MESSAGES.unreadable,
    ],
    [
      'a truncated JPEG',
      async () => {
        const jpeg = await noisyImage(200, 200).jpeg().toBuffer();
        return formWith(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'cut.jpg', 'image/jpeg');
      },
      400,
      'LOGO_UNREADABLE',
      LOGO_MESSAGES.unreadable,
    ],
    [
      'a decompression bomb (6000 × 6000 pixels in a small file)',
      async () => {
        const bomb = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#000' } })
          .png({ compressionLevel: 9 })
          .toBuffer();
        expect(bomb.length).toBeLessThan(LOGO_MAX_BYTES);
        return formWith(bomb, 'bomb.png', 'image/png');
      },
      400,
      'LOGO_UNREADABLE',
      LOGO_MESSAGES.tooManyPixels,
    ],
    [
      'no file, only a text field',
      async () => {
        const form = new FormData();
        form.append('file', 'not a file');
        return form;
      },
      400,
      'BAD_REQUEST',
      LOGO_MESSAGES.noFile,
    ],
    [
      'an empty file',
      async () => formWith(Buffer.alloc(0), 'empty.png', 'image/png'),
      400,
      'BAD_REQUEST',
      LOGO_MESSAGES.noFile,
    ],
    [
      'a JSON body instead of a file',
      async () => ({ logoUrl: '/etc/passwd' }),
      400,
      'BAD_REQUEST',
      LOGO_MESSAGES.noFile,
    ],
  ];

  it.each(badUploads)('refuses %s and stores nothing', async (_name, build, status, code, message) => {
    const { cookies, user } = await signedInClinic(app);

    const response = await upload(cookies, await build());

    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code, message });
    await expectNothingStored(cookies, user.clinicId);
    expect(await logoEntries(user.clinicId)).toEqual([]);
  });

  it('keeps the current logo when a bad upload comes after it', async () => {
    const { cookies, user } = await signedInClinic(app);
    const { logoUrl } = (
      await upload(cookies, formWith(await imageOf(40, 40).png().toBuffer(), 'a.png', 'image/png'))
    ).json();

    const response = await upload(
      cookies,
      formWith('<svg xmlns="http://www.w3.org/2000/svg"/>', 'x.svg', 'image/svg+xml'),
    );

    expect(response.statusCode).toBe(415);
    expect((await clinicOf(cookies)).logoUrl).toBe(logoUrl);
    // Only the good upload is audited.
    expect((await logoEntries(user.clinicId)).map((entry) => entry.action)).toEqual(['clinic.logo_updated']);
    expect(await storedFiles(user.clinicId)).toEqual([path.basename(logoUrl)]);
  });

  it('refuses a malformed multipart body with a 400, not a 500', async () => {
    const { cookies, user } = await signedInClinic(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/clinic/logo',
      cookies,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect(response.statusCode).toBe(400);
    await expectNothingStored(cookies, user.clinicId);
    expect(await logoEntries(user.clinicId)).toEqual([]);
  });

  it('answers 401 to an anonymous upload or delete and 403 to an admin, storing nothing', async () => {
    const png = await imageOf(20, 20).png().toBuffer();
    const before = await readdir(path.join(dataDir, 'logos')).catch(() => []);

    const anonymous = await upload(undefined, formWith(png, 'a.png', 'image/png'));
    expect(anonymous.statusCode).toBe(401);
    expect((await remove(undefined)).statusCode).toBe(401);
    const admin = await signedInAdmin(app);
    expect((await upload(admin.cookies, formWith(png, 'a.png', 'image/png'))).statusCode).toBe(403);

    expect(await readdir(path.join(dataDir, 'logos')).catch(() => [])).toEqual(before);
  });

  it("only ever acts on the caller's own clinic: another clinic cannot delete or replace yours", async () => {
    const owner = await signedInClinic(app);
    const other = await signedInClinic(app);
    const { logoUrl } = (
      await upload(owner.cookies, formWith(await imageOf(40, 40).png().toBuffer(), 'a.png', 'image/png'))
    ).json();

    const deleted = await remove(other.cookies);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toMatchObject({ code: 'NO_LOGO' });
    const uploaded = await upload(
      other.cookies,
      formWith(await imageOf(30, 30).png().toBuffer(), 'b.png', 'image/png'),
    );
    expect(uploaded.json().logoUrl).toContain(`/${other.user.clinicId}/`);
    // The refused delete is not audited; their own upload is, against their clinic alone.
    expect((await logoEntries(other.user.clinicId)).map((entry) => entry.action)).toEqual([
      'clinic.logo_updated',
    ]);
    expect(await logoEntries(owner.user.clinicId)).toHaveLength(1);

    expect((await clinicOf(owner.cookies)).logoUrl).toBe(logoUrl);
    expect(await storedFiles(owner.user.clinicId)).toEqual([path.basename(logoUrl)]);
    expect((await app.inject({ url: logoUrl })).statusCode).toBe(200);
  });

  it.each([
    '/api/public/logos/..%2F..%2F..%2Fetc/passwd',
    '/api/public/logos/00000000-0000-0000-0000-000000000000/..%2F..%2Fdata.db',
    '/api/public/logos/00000000-0000-0000-0000-000000000000/123.webp',
    '/api/public/logos/not-a-clinic/123.webp',
    '/api/public/logos/00000000-0000-0000-0000-000000000000/logo.svg',
  ])('serves nothing outside the logo store: %s answers 404', async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });
});
