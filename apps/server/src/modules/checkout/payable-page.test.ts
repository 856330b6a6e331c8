/**
 * The public payment page is read in one statement (decision 0126): the same rows Drizzle's selects
 * give, the clinic's terms in force and the platform fee with them; and the public payment API keeps
 * no request context and writes no audit entry.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../../test/accounts.js';
import { connectedClinicWithLink } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog, clinics, paymentLinks, paymentRequests } from '../../db/schema/index.js';
import { termsInForce } from '../policies/index.js';
import { findPayablePage, payablePageStatement } from './queries.js';

describe("the payment page's one statement", () => {
  let app: FastifyInstance;
  let cookies: Record<string, string>;
  let clinicId: string;
  let linkId: string;

  beforeAll(async () => {
    app = await createTestApp();
    const clinic = await connectedClinicWithLink(app);
    cookies = clinic.cookies;
    clinicId = clinic.user.clinicId;
    linkId = clinic.linkId;
  });
  afterAll(() => app.close());

  const db = () => app.database.db;
  const rowOf = async <T>(rows: Promise<T[]>) => (await rows)[0] ?? null;
  const clinicRow = () => rowOf(db().select().from(clinics).where(eq(clinics.id, clinicId)));
  const linkRow = (id: string) => rowOf(db().select().from(paymentLinks).where(eq(paymentLinks.id, id)));

  it('reads a link and its clinic as Drizzle does, dates as dates', async () => {
    await db()
      .update(paymentLinks)
      .set({ expiresAt: new Date('2099-01-31T23:59:59.999Z'), maxPayments: 3 })
      .where(eq(paymentLinks.id, linkId));
    const page = await findPayablePage(db(), linkId);
    expect(page).toEqual({
      request: null,
      link: await linkRow(linkId),
      clinic: await clinicRow(),
      terms: null,
      // Migration 0001 stores the default 3.0%.
      feeText: '3.0',
    });
    expect(page?.link?.expiresAt).toBeInstanceOf(Date);
    expect(page?.clinic.createdAt).toBeInstanceOf(Date);
  });

  it("reads a request with its link, or without one, and nothing for an id that is neither's", async () => {
    const [withLink, custom] = await db()
      .insert(paymentRequests)
      .values([
        {
          clinicId,
          paymentLinkId: linkId,
          patientName: 'Grace Patient',
          patientEmail: 'grace@patient.example',
        },
        { clinicId, customAmount: 12_000, patientName: 'Ada Patient', patientEmail: 'ada@patient.example' },
      ])
      .returning();
    if (!withLink || !custom) throw new Error('two requests expected');
    expect(await findPayablePage(db(), withLink.id)).toMatchObject({
      request: withLink,
      link: await linkRow(linkId),
      clinic: await clinicRow(),
    });
    expect(await findPayablePage(db(), custom.id)).toMatchObject({ request: custom, link: null });
    expect(await findPayablePage(db(), randomUUID())).toBeUndefined();
  });

  it('carries the terms in force and the platform fee, read again on every call', async () => {
    const put = await app.inject({
      method: 'PUT',
      url: '/api/clinic/terms',
      cookies,
      payload: { text: 'Deposits are non-refundable within 48 hours.' },
    });
    expect(put.statusCode).toBe(200);
    const admin = await signedInAdmin(app);
    const fee = await app.inject({
      method: 'PUT',
      url: '/api/admin/platform-settings/fee',
      cookies: admin.cookies,
      payload: { platformFeePercent: 2.5 },
    });
    expect(fee.statusCode).toBe(200);
    const page = await findPayablePage(db(), linkId);
    expect(page).toMatchObject({
      terms: { version: 1, text: 'Deposits are non-refundable within 48 hours.' },
      feeText: '2.5',
    });
    // The terms in force as the policies module reads them.
    const inForce = await termsInForce(db(), clinicId);
    expect(page?.terms).toEqual({ id: inForce?.id, version: inForce?.version, text: inForce?.text });
    expect((await app.inject({ method: 'DELETE', url: '/api/clinic/terms', cookies })).statusCode).toBe(200);
    expect((await findPayablePage(db(), linkId))?.terms).toBeNull();
  });

  it('is the statement the bench sends, by name, text and values', () => {
    const id = randomUUID();
    const statement = payablePageStatement(id);
    expect(statement.name).toBe('checkout_payable_page');
    expect(statement.text).toMatch(/^select json_build_object\(/);
    expect(statement.values).toEqual(['platform_fee_percent', id]);
  });

  it('writes no audit entry for a page load and a Pay Now', async () => {
    const before = await db().select().from(auditLog);
    expect((await app.inject({ url: `/api/public/payments/${linkId}` })).statusCode).toBe(200);
    const payNow = await app.inject({
      method: 'POST',
      url: `/api/public/payments/${linkId}/payment-intents`,
      payload: { name: 'Ada Patient', email: 'ada@patient.example', attemptId: randomUUID() },
    });
    expect(payNow.statusCode).toBe(200);
    expect(await db().select().from(auditLog)).toEqual(before);
  });
});
