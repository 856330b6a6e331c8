/**
 * The QR codes of payment links and requests through the real app: the PNG, read back by a QR reader
 * (jsQR), gives the payment page's address; the SVG is an SVG document; another clinic's link or
 * request, a malformed id and an unknown format are refused; a visitor needs a session.
 */

import type { FastifyInstance } from 'fastify';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClinic } from '../../test/accounts.js';
import { createTestApp } from '../../test/test-app.js';

/** What a QR reader reads from a PNG image. */
function readQr(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

describe('QR codes of payment pages', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  async function clinicWithLinkAndRequest() {
    const clinic = await signedInClinic(app);
    const link = (
      await app.inject({
        method: 'POST',
        url: '/api/payment-links',
        cookies: clinic.cookies,
        payload: { title: 'Consultation', amount: 4500 },
      })
    ).json().link;
    const request = (
      await app.inject({
        method: 'POST',
        url: '/api/payment-requests',
        cookies: clinic.cookies,
        payload: { patientName: 'Ada Patient', patientEmail: 'ada@patient.example', customAmount: 2000 },
      })
    ).json();
    return { cookies: clinic.cookies, linkId: link.id as string, requestId: request.id as string };
  }

  it("gives a link's and a request's payment page as PNG and SVG downloads", async () => {
    const { cookies, linkId, requestId } = await clinicWithLinkAndRequest();
    const png = await app.inject({ url: `/api/payment-links/${linkId}/qr-code?format=png`, cookies });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBe(`attachment; filename="clinicpay-link-${linkId}.png"`);
    expect(readQr(png.rawPayload)).toBe(`${app.config.publicUrl}/payment/${linkId}`);

    const svg = await app.inject({ url: `/api/payment-links/${linkId}/qr-code`, cookies });
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);

    const requestPng = await app.inject({
      url: `/api/payment-requests/${requestId}/qr-code?format=png`,
      cookies,
    });
    expect(requestPng.statusCode).toBe(200);
    expect(readQr(requestPng.rawPayload)).toBe(`${app.config.publicUrl}/payment/${requestId}`);
  });

  it("refuses another clinic's link or request, a malformed id, an unknown format and a visitor", async () => {
    const owner = await clinicWithLinkAndRequest();
    const other = await signedInClinic(app);
    const link = await app.inject({
      url: `/api/payment-links/${owner.linkId}/qr-code`,
      cookies: other.cookies,
    });
    expect(link.statusCode).toBe(404);
    expect(link.json().code).toBe('LINK_NOT_FOUND');
    const request = await app.inject({
      url: `/api/payment-requests/${owner.requestId}/qr-code`,
      cookies: other.cookies,
    });
    expect(request.statusCode).toBe(404);
    expect(request.json()).toMatchObject({
      code: 'PAYMENT_REQUEST_NOT_FOUND',
      message: 'Payment request not found',
    });
    const malformed = await app.inject({
      url: '/api/payment-requests/not-an-id/qr-code',
      cookies: other.cookies,
    });
    expect(malformed.statusCode).toBe(404);
    const format = await app.inject({
      url: `/api/payment-links/${owner.linkId}/qr-code?format=gif`,
      cookies: owner.cookies,
    });
    expect(format.statusCode).toBe(400);
    expect((await app.inject({ url: `/api/payment-links/${owner.linkId}/qr-code` })).statusCode).toBe(401);
  });
});
