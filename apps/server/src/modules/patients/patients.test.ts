/**
 * Patients through the real app and the sandbox: a request and the payment made from it file under
 * one patient, whatever the case of the email; the Patients page lists, searches and pages them; a
 * patient's page shows their payments and requests; another clinic's patients, and the same person at
 * another clinic, are kept apart.
 */
import { randomUUID } from 'node:crypto';
import { PATIENT_MESSAGES } from '@clinicpay/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClinic } from '../../../test/accounts.js';
import { confirmWithCard, connectedClinicWithLink, settleSandbox } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { patients, payments } from '../../db/schema/index.js';

describe('patients', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  async function pay(pageId: string, payer: { name: string; email: string; phone?: string }) {
    const intent = (
      await app.inject({
        method: 'POST',
        url: `/api/public/payments/${pageId}/payment-intents`,
        payload: { ...payer, attemptId: randomUUID() },
      })
    ).json();
    await confirmWithCard(app, intent, '4242424242424242');
    await settleSandbox(app);
    return intent.paymentIntentId as string;
  }

  const list = (cookies: Record<string, string>, query = '') =>
    app.inject({ url: `/api/patients${query}`, cookies });

  /** A new clinic with 1,005 patients, '<first> Patient 1' to '<first> Patient 1005'. */
  async function clinicWithPatients(first: string) {
    const clinic = await signedInClinic(app);
    await app.database.sql.executeSql(
      `insert into patients (clinic_id, name, email)
       select $1, $2 || ' Patient ' || i, lower($2) || i || '@patients.example' from generate_series(1, 1005) as i`,
      [clinic.user.clinicId, first],
    );
    return clinic;
  }

  it('files a request and the payment made from it under one patient, named as the clinic named them', async () => {
    const clinic = await connectedClinicWithLink(app, 4500);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/payment-requests',
      cookies: clinic.cookies,
      payload: {
        patientName: 'Bob Brown',
        patientEmail: 'Bob.Brown@Patient.example',
        patientPhone: '07700 900123',
        paymentLinkId: clinic.linkId,
      },
    });
    expect(sent.statusCode).toBe(201);
    const requestId = sent.json().id as string;
    const intentId = await pay(requestId, { name: 'Robert Brown', email: ' bob.brown@patient.example ' });
    await pay(clinic.linkId, { name: 'Ada Patient', email: 'ada@patient.example', phone: '020 7946 0000' });

    const response = await list(clinic.cookies);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ page: 1, pageSize: 25, total: 2 });
    expect(page.items).toEqual([
      expect.objectContaining({
        name: 'Ada Patient',
        email: 'ada@patient.example',
        phone: '+442079460000',
        paymentCount: 1,
        totalPaid: 4500,
      }),
      expect.objectContaining({
        // The payer typed another name: only the clinic's own requests rename a patient.
        name: 'Bob Brown',
        email: 'bob.brown@patient.example',
        // The request's phone stays: the payment gave none.
        phone: '+447700900123',
        paymentCount: 1,
        totalPaid: 4500,
      }),
    ]);

    const bob = page.items[1];
    const detail = await app.inject({ url: `/api/patients/${bob.id}`, cookies: clinic.cookies });
    expect(detail.statusCode).toBe(200);
    const [payment] = await app.database.db
      .select()
      .from(payments)
      .where(eq(payments.stripePaymentId, intentId));
    expect(payment?.patientId).toBe(bob.id);
    expect(detail.json()).toMatchObject({
      patient: { id: bob.id, name: 'Bob Brown', paymentCount: 1, totalPaid: 4500 },
      payments: [
        {
          id: payment?.id,
          reference: payment?.paymentRef,
          title: 'Consultation',
          amount: 4500,
          refundedAmount: 0,
          status: 'paid',
          disputeStatus: null,
        },
      ],
      requests: [
        { id: requestId, title: 'Consultation', amount: 4500, paidAt: expect.any(String), state: 'paid' },
      ],
    });
  });

  it("gives each of a patient's requests its state: waiting, or cancelled by the clinic", async () => {
    const { cookies } = await signedInClinic(app);
    const send = async () =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/payment-requests',
          cookies,
          payload: { patientName: 'Cara Patient', patientEmail: 'cara@patient.example', customAmount: 1000 },
        })
      ).json().id as string;
    const waiting = await send();
    const cancelled = await send();
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/payment-requests/${cancelled}/cancel`,
      cookies,
    });
    expect(cancel.statusCode).toBe(200);
    const [patient] = (await list(cookies, '?search=cara%40')).json().items;
    const detail = (await app.inject({ url: `/api/patients/${patient.id}`, cookies })).json();
    expect(
      Object.fromEntries(detail.requests.map((row: { id: string; state: string }) => [row.id, row.state])),
    ).toEqual({ [waiting]: 'open', [cancelled]: 'cancelled' });
  });

  it("lets no payer change a patient's record, and the clinic's next request rename them", async () => {
    const clinic = await connectedClinicWithLink(app, 4500);
    const send = (name: string, phone?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payment-requests',
        cookies: clinic.cookies,
        payload: {
          patientName: name,
          patientEmail: 'dee@patient.example',
          patientPhone: phone,
          customAmount: 1000,
        },
      });
    await send('Dee Patient', '07700 900456');
    // Anyone with the link may pay under any address: it files under the patient, changing nothing.
    await pay(clinic.linkId, { name: 'Not Dee', email: 'DEE@patient.example', phone: '020 7946 0999' });
    const [afterPayment] = (await list(clinic.cookies, '?search=dee%40')).json().items;
    expect(afterPayment).toMatchObject({ name: 'Dee Patient', phone: '+447700900456', paymentCount: 1 });
    await send('Deirdre Patient');
    const [afterRequest] = (await list(clinic.cookies, '?search=dee%40')).json().items;
    expect(afterRequest).toMatchObject({ name: 'Deirdre Patient', phone: '+447700900456' });
  });

  it('searches by name, email or phone, ignoring case, and pages by name', async () => {
    const { cookies } = await signedInClinic(app);
    for (let n = 1; n <= 27; n++) {
      const sent = await app.inject({
        method: 'POST',
        url: '/api/payment-requests',
        cookies,
        payload: {
          patientName: `Patient ${String(n).padStart(2, '0')}`,
          patientEmail: `p${n}@search.example`,
          patientPhone: n === 7 ? '07700 900777' : undefined,
          customAmount: 1000 + n,
        },
      });
      expect(sent.statusCode).toBe(201);
    }
    const second = (await list(cookies, '?page=2')).json();
    expect(second.total).toBe(27);
    expect(second.items.map((item: { name: string }) => item.name)).toEqual(['Patient 26', 'Patient 27']);
    expect((await list(cookies, '?search=PATIENT%2003')).json().items).toHaveLength(1);
    expect((await list(cookies, '?search=p12%40search')).json().items[0].name).toBe('Patient 12');
    expect((await list(cookies, '?search=900777')).json().items[0].name).toBe('Patient 07');
    // LIKE's wildcards are only characters here.
    expect((await list(cookies, '?search=%25')).json().total).toBe(0);
    // Shorter than a trigram: a word's start only (decision 0136), so 'pa' is every "Patient", 'ti' none.
    expect((await list(cookies, '?search=pa')).json().total).toBe(27);
    expect((await list(cookies, '?search=ti')).json().total).toBe(0);
    expect((await list(cookies, '?search=p1')).json().total).toBe(11);
    expect((await list(cookies, '?search=nobody')).json()).toMatchObject({ items: [], total: 0 });
  });

  it('counts every patient, and a search up to 1,000 matches, saying when there are more', async () => {
    const { cookies } = await clinicWithPatients('Many');
    expect((await list(cookies)).json()).toMatchObject({ total: 1005, moreMatches: false });
    expect((await list(cookies, '?search=many')).json()).toMatchObject({ total: 1000, moreMatches: true });
    expect((await list(cookies, '?search=many%20patient%20100')).json()).toMatchObject({
      // 100 and 1000 to 1005.
      total: 7,
      moreMatches: false,
    });
  });

  it('pages by name to the last patient, the later pages read from the last name back, and none past it', async () => {
    const { cookies, user } = await clinicWithPatients('Paged');
    // The order the database gives by name, ignoring case (its own collation, as the list's).
    const ordered = await app.database.db
      .select({ name: patients.name })
      .from(patients)
      .where(eq(patients.clinicId, user.clinicId))
      .orderBy(sql`lower(${patients.name})`, patients.id);
    const pages: string[][] = [];
    for (let page = 1; page <= 41; page++) {
      const body = (await list(cookies, `?page=${page}`)).json();
      expect(body.total).toBe(1005);
      pages.push(body.items.map((item: { name: string }) => item.name));
    }
    // 40 pages of 25 and the last of 5: pages 21 to 41 are read from the end.
    expect(pages.map((page) => page.length)).toEqual([...Array(40).fill(25), 5]);
    expect(pages.flat()).toEqual(ordered.map((row) => row.name));
    expect((await list(cookies, '?page=42')).json()).toMatchObject({ items: [], total: 1005 });
  });

  it("reads a page's ids from the name index alone, which carries the name (migration 0040)", async () => {
    const result = await app.database.sql.executeSql(
      "select indexdef from pg_indexes where indexname = 'patients_clinic_lower_name_idx'",
    );
    expect(result.rows).toEqual([
      { indexdef: expect.stringMatching(/\(clinic_id, lower\(name\), id\) INCLUDE \(name\)$/) },
    ]);
  });

  it("keeps each clinic's patients its own, even the same person", async () => {
    const first = await connectedClinicWithLink(app, 2000);
    const second = await connectedClinicWithLink(app, 3000);
    await pay(first.linkId, { name: 'Cara Shared', email: 'cara@shared.example' });
    await pay(second.linkId, { name: 'Cara S', email: 'cara@shared.example' });
    const [ofFirst] = (await list(first.cookies)).json().items;
    const [ofSecond] = (await list(second.cookies)).json().items;
    expect(ofFirst).toMatchObject({ name: 'Cara Shared', totalPaid: 2000 });
    expect(ofSecond).toMatchObject({ name: 'Cara S', totalPaid: 3000 });
    // What a patient paid is after refunds.
    const [payment] = await app.database.db.select().from(payments).where(eq(payments.patientId, ofFirst.id));
    const refund = await app.inject({
      method: 'POST',
      url: `/api/payments/${payment?.id}/refunds`,
      cookies: first.cookies,
      payload: { amount: 500 },
    });
    expect(refund.statusCode).toBe(200);
    expect((await list(first.cookies)).json().items[0]).toMatchObject({ paymentCount: 1, totalPaid: 1500 });
    expect(ofFirst.id).not.toBe(ofSecond.id);

    const across = await app.inject({ url: `/api/patients/${ofFirst.id}`, cookies: second.cookies });
    expect(across.statusCode).toBe(404);
    expect(across.json()).toMatchObject({ code: 'PATIENT_NOT_FOUND', message: PATIENT_MESSAGES.notFound });
    const rows = await app.database.db
      .select()
      .from(patients)
      .where(eq(patients.email, 'cara@shared.example'));
    expect(rows).toHaveLength(2);
  });

  it('refuses a malformed id, a bad page and a visitor without a session', async () => {
    const { cookies } = await signedInClinic(app);
    expect((await app.inject({ url: '/api/patients/not-an-id', cookies })).statusCode).toBe(404);
    expect((await list(cookies, '?page=0')).statusCode).toBe(400);
    expect((await list(cookies, `?search=${'x'.repeat(201)}`)).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/patients' })).statusCode).toBe(401);
    expect((await app.inject({ url: `/api/patients/${randomUUID()}` })).statusCode).toBe(401);
  });
});
