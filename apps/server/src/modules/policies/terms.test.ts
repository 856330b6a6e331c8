/**
 * The clinic's payment terms (docs/decisions/0107-payment-terms.md): versioned in Settings, accepted on
 * the payment page before paying, kept with the payment (version, time, IP address), shown in its
 * details, linked from the receipt, and part of a dispute's evidence. Without terms nothing changes.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo } from '../../../test/accounts.js';
import { confirmWithCard, connectedClinicWithLink, sandboxOf, settleSandbox } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog, payments } from '../../db/schema/index.js';

const TERMS = 'Deposits are non-refundable within 48 hours of the appointment. Balances are due on the day.';

describe('payment terms', () => {
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

  const putTerms = (text: string) =>
    app.inject({ method: 'PUT', url: '/api/clinic/terms', cookies, payload: { text } });
  const pageData = async () => (await app.inject({ url: `/api/public/payments/${linkId}` })).json();
  const payNow = (extra: object = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/public/payments/${linkId}/payment-intents`,
      payload: { name: 'Ada Patient', email: 'ada@patient.example', attemptId: randomUUID(), ...extra },
      remoteAddress: '198.51.100.23',
    });

  it('asks nothing of the patient while the clinic has no terms', async () => {
    expect((await pageData()).terms).toBeNull();
    expect((await payNow()).statusCode).toBe(200);
  });

  it('keeps every version, saves the same text once, turns off, and audits each change', async () => {
    const first = await putTerms(TERMS);
    expect(first.json()).toMatchObject({ changed: true, terms: { version: 1, text: TERMS } });
    expect((await putTerms(TERMS)).json()).toMatchObject({ changed: false, terms: { version: 1 } });
    const second = await putTerms(`${TERMS} Refunds take 5 to 10 days.`);
    expect(second.json()).toMatchObject({ changed: true, terms: { version: 2 } });
    expect((await app.inject({ method: 'DELETE', url: '/api/clinic/terms', cookies })).json()).toEqual({
      terms: null,
      changed: true,
    });
    expect((await app.inject({ url: '/api/clinic/terms', cookies })).json().terms).toBeNull();
    expect((await pageData()).terms).toBeNull();
    const restored = await putTerms(TERMS);
    expect(restored.json()).toMatchObject({ changed: true, terms: { version: 4, text: TERMS } });
    const actions = (
      await app.database.db.select().from(auditLog).where(eq(auditLog.entityId, clinicId))
    ).map((entry) => entry.action);
    expect(actions.filter((action) => action.startsWith('terms.'))).toEqual([
      'terms.updated',
      'terms.updated',
      'terms.turned_off',
      'terms.updated',
    ]);
  });

  it('refuses terms too short, too long or with control characters, changing nothing', async () => {
    for (const text of ['Too short', 'x'.repeat(5001), `${TERMS}\u0000`]) {
      const response = await putTerms(text);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors.text).toEqual(expect.any(String));
    }
    expect((await app.inject({ url: '/api/clinic/terms', cookies })).json().terms.version).toBe(4);
  });

  it('refuses Pay Now until the box is ticked under the version in force', async () => {
    const page = await pageData();
    expect(page.terms).toEqual({ id: expect.any(String), version: 4, text: TERMS });
    const unticked = await payNow();
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().fieldErrors.termsAccepted).toBe(
      'Please confirm you have read and accept the payment terms',
    );
    const stale = await payNow({ termsAccepted: true, termsVersion: 3 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().fieldErrors.termsAccepted).toBe(
      'The clinic’s payment terms have just changed. Please read them again before paying.',
    );
  });

  it('keeps the accepted version, time and IP address with the payment, in its details and on the receipt', async () => {
    const page = await pageData();
    const before = Date.now();
    const intent = (await payNow({ termsAccepted: true, termsVersion: 4 })).json();
    await confirmWithCard(app, intent, '4242424242424242');
    await sandboxOf(app).events.deliverDue();
    const [payment] = await app.database.db
      .select()
      .from(payments)
      .where(eq(payments.stripePaymentId, intent.paymentIntentId));
    expect(payment?.termsId).toBe(page.terms.id);
    expect(payment?.termsAcceptedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const details = (await app.inject({ url: `/api/payments/${payment?.id}`, cookies })).json();
    expect(details.termsAccepted).toEqual({
      id: page.terms.id,
      version: 4,
      acceptedAt: payment?.termsAcceptedAt?.toISOString(),
      ip: '198.51.100.23',
    });

    const receipt = await lastMailTo(app, 'ada@patient.example');
    expect(receipt?.subject).toMatch(/^Payment receipt from/);
    expect(receipt?.textBody).toContain('Payment terms you accepted');
    expect(receipt?.textBody).toContain(`${app.config.publicUrl}/payment/terms/${page.terms.id}`);

    const shown = await app.inject({ url: `/api/public/clinic-terms/${page.terms.id}` });
    expect(shown.json()).toMatchObject({ version: 4, text: TERMS, clinicName: 'Harley Street Dental' });
    for (const id of [randomUUID(), 'not-an-id']) {
      const missing = await app.inject({ url: `/api/public/clinic-terms/${id}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Payment terms not found');
    }
  });

  it('puts the accepted terms in a dispute’s evidence', async () => {
    const intent = (await payNow({ termsAccepted: true, termsVersion: 4 })).json();
    await confirmWithCard(app, intent, '4000000000000259');
    await settleSandbox(app);
    const disputes = (await app.inject({ url: '/api/disputes', cookies })).json().items;
    expect(disputes.length).toBeGreaterThan(0);
    const detail = (await app.inject({ url: `/api/disputes/${disputes[0].id}`, cookies })).json();
    expect(detail.known.terms).toMatchObject({ version: 4, text: TERMS });
  });
});
