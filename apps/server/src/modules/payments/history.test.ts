import { randomUUID } from 'node:crypto';
import { CSV_COLUMNS } from '@clinicpay/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClinic } from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog, paymentLinks, paymentRequests, payments, refunds } from '../../db/schema/index.js';
import { clinicStats } from './service.js';

type Clinic = Awaited<ReturnType<typeof signedInClinic>>;

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function link(
  clinic: Clinic,
  values: { title: string; amount: number; type?: 'treatment' | 'deposit' },
) {
  const [row] = await app.database.db
    .insert(paymentLinks)
    .values({ clinicId: clinic.user.clinicId, description: `About ${values.title}`, ...values })
    .returning();
  if (!row) throw new Error('no link');
  return row;
}

async function payment(
  clinic: Clinic,
  values: {
    name?: string;
    email?: string;
    phone?: string | null;
    amount: number;
    paidAt: Date;
    status?: 'paid' | 'refunded' | 'partially_refunded' | 'pending';
    refundAmount?: number;
    type?: 'deposit' | 'treatment' | 'consultation' | 'other';
    title?: string;
    linkId?: string | null;
    requestId?: string | null;
  },
) {
  const [row] = await app.database.db
    .insert(payments)
    .values({
      clinicId: clinic.user.clinicId,
      paymentLinkId: values.linkId ?? null,
      paymentRequestId: values.requestId ?? null,
      patientName: values.name ?? 'Ada Patient',
      patientEmail: values.email ?? 'ada@patient.example',
      patientPhone: values.phone ?? null,
      amountPaid: values.amount,
      platformFee: Math.round(values.amount * 0.03),
      refundAmount: values.refundAmount ?? 0,
      netAmount: values.amount - Math.round(values.amount * 0.03),
      status: values.status ?? 'paid',
      type: values.type ?? 'deposit',
      title: values.title ?? 'Deposit',
      paymentRef: `CP-${randomUUID().slice(0, 8).toUpperCase()}`,
      stripePaymentId: `pi_${randomUUID()}`,
      paidAt: values.paidAt,
    })
    .returning();
  if (!row) throw new Error('no payment');
  return row;
}

async function request(
  clinic: Clinic,
  values: {
    name: string;
    customAmount?: number;
    linkId?: string;
    sentAt?: Date;
    message?: string;
    clinicReference?: string;
    cancelledAt?: Date;
    expiresAt?: Date;
  },
) {
  const [row] = await app.database.db
    .insert(paymentRequests)
    .values({
      clinicId: clinic.user.clinicId,
      paymentLinkId: values.linkId ?? null,
      customAmount: values.linkId ? null : (values.customAmount ?? 1000),
      patientName: values.name,
      patientEmail: `${values.name.toLowerCase().replaceAll(' ', '.')}@patient.example`,
      message: values.message ?? null,
      clinicReference: values.clinicReference ?? null,
      sentAt: values.sentAt ?? new Date(),
      cancelledAt: values.cancelledAt ?? null,
      expiresAt: values.expiresAt ?? null,
    })
    .returning();
  if (!row) throw new Error('no request');
  return row;
}

const get = (clinic: Clinic | undefined, url: string) =>
  app.inject({ method: 'GET', url, cookies: clinic?.cookies });
const names = (body: { items: { patientName: string }[] }) => body.items.map((item) => item.patientName);

describe('GET /api/payments filters', () => {
  let clinic: Clinic;
  beforeAll(async () => {
    clinic = await signedInClinic(app);
    const treatment = await link(clinic, { title: 'Root Canal', amount: 30_000, type: 'treatment' });
    // 2026-03-29 is the day London moves to summer time; 23:30 UTC on 2026-07-14 is 00:30 on the 15th.
    await payment(clinic, {
      name: 'Alice Smith',
      email: 'alice@example.com',
      phone: '07700900123',
      amount: 4500,
      paidAt: new Date('2026-07-14T23:30:00Z'),
    });
    await payment(clinic, {
      name: 'Bob Jones',
      amount: 30_000,
      paidAt: new Date('2026-07-14T12:00:00Z'),
      type: 'treatment',
      title: 'Root Canal',
      linkId: treatment.id,
      status: 'refunded',
      refundAmount: 30_000,
    });
    await payment(clinic, {
      name: 'Carol 100%_off',
      amount: 2000,
      paidAt: new Date('2026-06-30T23:00:00Z'),
      status: 'partially_refunded',
      refundAmount: 500,
    });
    await request(clinic, {
      name: 'Dan Unpaid',
      customAmount: 9900,
      sentAt: new Date('2026-07-15T08:00:00Z'),
    });
    await request(clinic, {
      name: 'Eve Linked',
      linkId: treatment.id,
      sentAt: new Date('2026-07-10T08:00:00Z'),
    });
    const other = await signedInClinic(app);
    await payment(other, { name: 'Alice Other', amount: 100, paidAt: new Date('2026-07-14T12:00:00Z') });
  });

  it('lists everything newest first with the total', async () => {
    const body = (await get(clinic, '/api/payments')).json();
    expect(body.total).toBe(5);
    expect(names(body)).toEqual(['Dan Unpaid', 'Alice Smith', 'Bob Jones', 'Eve Linked', 'Carol 100%_off']);
    const eve = body.items[3];
    expect(eve).toMatchObject({ status: 'sent', amount: 30_000, type: 'treatment', linkTitle: 'Root Canal' });
    const page = (await get(clinic, '/api/payments?page=2&pageSize=2')).json();
    expect(page).toMatchObject({ page: 2, pageSize: 2, total: 5 });
    expect(names(page)).toEqual(['Bob Jones', 'Eve Linked']);
  });

  it('walks every page size to the same order, the older half read from the oldest end', async () => {
    const all = names((await get(clinic, '/api/payments')).json());
    for (const pageSize of [1, 2, 3, 4]) {
      const walked: string[] = [];
      for (let page = 1; page <= Math.ceil(all.length / pageSize); page++) {
        walked.push(...names((await get(clinic, `/api/payments?page=${page}&pageSize=${pageSize}`)).json()));
      }
      expect(walked).toEqual(all);
    }
    const beyond = (await get(clinic, '/api/payments?page=7&pageSize=1')).json();
    expect(beyond).toMatchObject({ items: [], total: 5, page: 7 });
    const filtered = (await get(clinic, '/api/payments?status=sent&page=2&pageSize=1')).json();
    expect(names(filtered)).toEqual(['Eve Linked']);
  });

  it('pages by cursor: Next and Previous give the pages offsets give, with or without filters', async () => {
    for (const query of ['pageSize=2', 'pageSize=1&type=treatment', 'pageSize=2&search=a']) {
      const pages = [];
      for (let page = 1; ; page++) {
        const body = (await get(clinic, `/api/payments?${query}&page=${page}`)).json();
        if (!body.items.length) break;
        pages.push(body);
      }
      for (let index = 1; index < pages.length; index++) {
        const cursor = pages[index - 1].nextCursor;
        const next = (await get(clinic, `/api/payments?${query}&page=${index + 1}&cursor=${cursor}`)).json();
        expect(next).toMatchObject({ page: index + 1, total: pages[0].total });
        expect(names(next)).toEqual(names(pages[index]));
        const back = pages[index].previousCursor;
        expect(
          names((await get(clinic, `/api/payments?${query}&page=${index}&cursor=${back}`)).json()),
        ).toEqual(names(pages[index - 1]));
      }
      const after = pages.at(-1).nextCursor;
      expect((await get(clinic, `/api/payments?${query}&cursor=${after}`)).json().items).toEqual([]);
    }
  });

  it("refuses a malformed cursor with 400, and another clinic's entry as a cursor finds nothing", async () => {
    const response = await get(clinic, '/api/payments?cursor=x1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Invalid page cursor' });
    const other = await signedInClinic(app);
    const theirs = await payment(other, { name: 'Not Yours', amount: 100, paidAt: new Date() });
    const body = (await get(clinic, `/api/payments?cursor=ap${theirs.id}`)).json();
    expect(body).toMatchObject({ items: [], total: 5 });
  });

  it('searches name, email, phone and reference case-insensitively, pattern characters literally', async () => {
    expect(names((await get(clinic, '/api/payments?search=aLiCe')).json())).toEqual(['Alice Smith']);
    expect(names((await get(clinic, '/api/payments?search=ALICE%40EXAMPLE')).json())).toEqual([
      'Alice Smith',
    ]);
    expect(names((await get(clinic, '/api/payments?search=07700%20900')).json())).toEqual(['Alice Smith']);
    // Digits inside a word are not read as a phone number.
    expect((await get(clinic, '/api/payments?search=x900123')).json().total).toBe(0);
    expect(names((await get(clinic, '/api/payments?search=dan.unpaid')).json())).toEqual(['Dan Unpaid']);
    expect(names((await get(clinic, '/api/payments?search=100%25_')).json())).toEqual(['Carol 100%_off']);
    // A term too short for a trigram finds the entries with a word starting with it (decision 0136),
    // its characters read literally: no word starts with '%' or '.'.
    expect((await get(clinic, '/api/payments?search=%25')).json().total).toBe(0);
    expect((await get(clinic, '/api/payments?search=.')).json().total).toBe(0);
    expect(names((await get(clinic, '/api/payments?search=sm')).json())).toEqual(['Alice Smith']);
    expect(names((await get(clinic, '/api/payments?search=UN')).json())).toEqual(['Dan Unpaid']);
    expect(names((await get(clinic, '/api/payments?search=10')).json())).toEqual(['Carol 100%_off']);
    expect((await get(clinic, '/api/payments?search=ic')).json().total).toBe(0);
    // Two digits are not a phone's digits ('07' would be '7', in every phone): only a word's start.
    expect(names((await get(clinic, '/api/payments?search=07')).json())).toEqual(['Alice Smith']);
    const bob = (await get(clinic, '/api/payments?search=bob')).json().items[0];
    const byReference = (await get(clinic, `/api/payments?search=${bob.reference.toLowerCase()}`)).json();
    expect(names(byReference)).toEqual(['Bob Jones']);
    // A phone stored in E.164 (decision 0018) is found as people type it, with its leading 0.
    const before = bob.patientPhone;
    await app.database.db
      .update(payments)
      .set({ patientPhone: '+447700900456' })
      .where(eq(payments.id, bob.id));
    try {
      expect(names((await get(clinic, '/api/payments?search=07700%20900456')).json())).toEqual(['Bob Jones']);
      expect(names((await get(clinic, '/api/payments?search=%2B44%207700%20900456')).json())).toEqual([
        'Bob Jones',
      ]);
    } finally {
      await app.database.db.update(payments).set({ patientPhone: before }).where(eq(payments.id, bob.id));
    }
  });

  it('filters by London days, the whole `to` day included', async () => {
    // 23:30 UTC on 14 July is 15 July in London; 23:00 UTC on 30 June is 1 July.
    expect(names((await get(clinic, '/api/payments?from=2026-07-15&to=2026-07-15')).json())).toEqual([
      'Dan Unpaid',
      'Alice Smith',
    ]);
    expect(names((await get(clinic, '/api/payments?from=2026-07-14&to=2026-07-14')).json())).toEqual([
      'Bob Jones',
    ]);
    expect(names((await get(clinic, '/api/payments?to=2026-07-01')).json())).toEqual(['Carol 100%_off']);
    expect(names((await get(clinic, '/api/payments?from=2026-07-02')).json())).toHaveLength(4);
  });

  it('filters by type and status; sent means unpaid requests', async () => {
    expect(names((await get(clinic, '/api/payments?type=treatment')).json())).toEqual([
      'Bob Jones',
      'Eve Linked',
    ]);
    expect(names((await get(clinic, '/api/payments?type=other')).json())).toEqual(['Dan Unpaid']);
    expect(names((await get(clinic, '/api/payments?status=sent')).json())).toEqual([
      'Dan Unpaid',
      'Eve Linked',
    ]);
    expect(names((await get(clinic, '/api/payments?status=paid')).json())).toEqual(['Alice Smith']);
    expect(names((await get(clinic, '/api/payments?status=refunded')).json())).toEqual(['Bob Jones']);
    expect(names((await get(clinic, '/api/payments?status=partially_refunded')).json())).toEqual([
      'Carol 100%_off',
    ]);
    expect(names((await get(clinic, '/api/payments?status=sent&type=treatment')).json())).toEqual([
      'Eve Linked',
    ]);
  });

  it.each([
    ['from=2026-13-01', 'Enter dates as YYYY-MM-DD'],
    ['to=2026-02-30', 'Enter dates as YYYY-MM-DD'],
    ['from=yesterday', 'Enter dates as YYYY-MM-DD'],
    ['from=1900-01-01&to=9999-12-31', 'Enter dates as YYYY-MM-DD'],
    ['from=2026-07-02&to=2026-07-01', 'The start date must not be after the end date'],
    ['type=gift', 'Unknown payment type'],
    ['status=pending', 'Unknown payment status'],
    [`search=${'a'.repeat(201)}`, 'Search must be at most 200 characters'],
  ])('refuses %s with 400', async (query, message) => {
    for (const path of ['/api/payments', '/api/payments/export']) {
      const response = await get(clinic, `${path}?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
  });
});

describe('GET /api/payments: the whole history', () => {
  it('counts every entry it lists (recorded, pending, unpaid requests), as payments change, without paid requests', async () => {
    const clinic = await signedInClinic(app);
    const at = new Date('2026-10-25T00:30:00Z'); // the day the clocks go back in London
    await payment(clinic, { name: 'Paid', amount: 1000, paidAt: at });
    await payment(clinic, {
      name: 'Refunded',
      amount: 1000,
      paidAt: at,
      status: 'refunded',
      refundAmount: 1000,
    });
    const pending = await payment(clinic, { name: 'Pending', amount: 1000, paidAt: at, status: 'pending' });
    await request(clinic, { name: 'Unpaid' });
    const paidRequest = await request(clinic, { name: 'Settled' });
    await app.database.db
      .update(paymentRequests)
      .set({ paidAt: at, status: 'paid' })
      .where(eq(paymentRequests.id, paidRequest.id));
    const whole = async () => (await get(clinic, '/api/payments?pageSize=50')).json();

    let body = await whole();
    expect(names(body).sort()).toEqual(['Paid', 'Pending', 'Refunded', 'Unpaid']);
    expect(body.total).toBe(4);

    // A pending payment recorded as paid, and a payment removed, keep the count exact.
    await app.database.db.update(payments).set({ status: 'paid' }).where(eq(payments.id, pending.id));
    await payment(clinic, { name: 'Later', amount: 500, paidAt: new Date('2026-11-02T10:00:00Z') });
    body = await whole();
    expect(body.total).toBe(5);
    expect(body.items).toHaveLength(5);
    await app.database.db.delete(payments).where(eq(payments.id, pending.id));
    expect((await whole()).total).toBe(4);
  });

  it('reads any page by number from the London day it starts on, as Next reads it from the page before', async () => {
    const clinic = await signedInClinic(app);
    // Four London days around the clocks going back (25 October 2026), several entries at one instant,
    // a pending payment, refunded ones and unpaid requests among them.
    const instants = [
      '2026-10-24T22:30:00Z',
      '2026-10-25T00:30:00Z',
      '2026-10-25T23:30:00Z',
      '2026-10-27T09:00:00Z',
    ];
    for (const [day, at] of instants.entries()) {
      for (let i = 0; i < 5; i++) {
        await payment(clinic, {
          name: `Day ${day} payment ${i}`,
          amount: 1000 + i,
          paidAt: new Date(i < 3 ? at : new Date(at).getTime() + i * 60_000),
          status: i === 4 ? 'pending' : i === 3 ? 'refunded' : 'paid',
          refundAmount: i === 3 ? 1003 : 0,
        });
      }
      await request(clinic, { name: `Day ${day} request`, sentAt: new Date(at) });
    }
    const byCursor: string[][] = [];
    let page = (await get(clinic, '/api/payments?pageSize=3')).json();
    while (page.items.length) {
      byCursor.push(names(page));
      page = (await get(clinic, `/api/payments?pageSize=3&cursor=${page.nextCursor}`)).json();
    }
    expect(byCursor.flat()).toHaveLength(24);
    for (let number = 1; number <= byCursor.length; number++) {
      const body = (await get(clinic, `/api/payments?pageSize=3&page=${number}`)).json();
      expect(body.total).toBe(24);
      expect(names(body), `page ${number}`).toEqual(byCursor[number - 1]);
    }
    expect((await get(clinic, '/api/payments?pageSize=3&page=9')).json()).toMatchObject({
      items: [],
      total: 24,
    });
  });
});

describe('GET /api/payments/stats', () => {
  it('sums the London day and month by the definitions of docs/product.md#constants', async () => {
    const clinic = await signedInClinic(app);
    const other = await signedInClinic(app);
    // now: 15 July 2026 10:00 London (09:00 UTC). Today starts at 14 July 23:00 UTC.
    const now = new Date('2026-07-15T09:00:00Z');
    await payment(clinic, { amount: 4500, paidAt: new Date('2026-07-14T23:30:00Z') }); // today
    await payment(clinic, { amount: 2000, paidAt: new Date('2026-07-14T22:30:00Z') }); // yesterday
    await payment(clinic, {
      amount: 10_000,
      paidAt: new Date('2026-07-15T08:00:00Z'),
      status: 'partially_refunded',
      refundAmount: 2500,
    }); // today, net 7500, refunded 2500
    await payment(clinic, {
      amount: 3000,
      paidAt: new Date('2026-07-02T10:00:00Z'),
      status: 'refunded',
      refundAmount: 3000,
    });
    await payment(clinic, { amount: 700, paidAt: new Date('2026-06-30T22:59:00Z') }); // June in London
    await payment(clinic, { amount: 800, paidAt: new Date('2026-06-30T23:00:00Z') }); // 1 July in London
    await payment(other, { amount: 99_900, paidAt: new Date('2026-07-15T08:00:00Z') });
    const treatment = await link(clinic, { title: 'Crown', amount: 50_000 });
    await request(clinic, {
      name: 'Today Custom',
      customAmount: 1200,
      sentAt: new Date('2026-07-14T23:10:00Z'),
    });
    await request(clinic, {
      name: 'Today Linked',
      linkId: treatment.id,
      sentAt: new Date('2026-07-15T08:59:00Z'),
    });
    await request(clinic, {
      name: 'Yesterday',
      customAmount: 5000,
      sentAt: new Date('2026-07-14T22:50:00Z'),
    });
    // Sent today but no longer waiting: cancelled by the clinic, or past its last day to pay.
    await request(clinic, {
      name: 'Today Cancelled',
      customAmount: 700,
      sentAt: new Date('2026-07-15T07:00:00Z'),
      cancelledAt: new Date('2026-07-15T08:00:00Z'),
    });
    await request(clinic, {
      name: 'Today Expired',
      customAmount: 900,
      sentAt: new Date('2026-07-15T07:00:00Z'),
      expiresAt: new Date('2026-07-15T08:30:00Z'),
    });

    const stats = await clinicStats(
      { db: app.database.db, clinicId: clinic.user.clinicId, publicUrl: app.config.publicUrl },
      now,
    );
    expect(stats).toEqual({
      totalReceivedToday: 4500 + 7500,
      totalPendingToday: 1200 + 50_000,
      totalReceivedMonth: 4500 + 2000 + 7500 + 800,
      totalRefundedMonth: 2500 + 3000,
    });
  });

  it('answers the clinic its own figures for today over HTTP', async () => {
    const clinic = await signedInClinic(app);
    await payment(clinic, { amount: 1234, paidAt: new Date() });
    await request(clinic, { name: 'Pending Now', customAmount: 4321 });
    const response = await get(clinic, '/api/payments/stats');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ totalReceivedToday: 1234, totalPendingToday: 4321 });
    expect(response.json().totalReceivedMonth).toBe(1234);
    const fresh = await signedInClinic(app);
    expect((await get(fresh, '/api/payments/stats')).json()).toEqual({
      totalReceivedToday: 0,
      totalPendingToday: 0,
      totalReceivedMonth: 0,
      totalRefundedMonth: 0,
    });
  });
});

describe('GET /api/payments/:id', () => {
  it('shows a payment with its refunds and what may still be refunded', async () => {
    const clinic = await signedInClinic(app);
    const deposit = await link(clinic, { title: 'Implant deposit', amount: 20_000 });
    const paid = await payment(clinic, {
      amount: 20_000,
      paidAt: new Date('2026-07-01T10:00:00Z'),
      linkId: deposit.id,
      title: 'Implant deposit',
      status: 'partially_refunded',
      refundAmount: 5000,
    });
    // A minute apart: PGlite's clock can give statements in one millisecond the same now(), and then
    // the order would be the ids'.
    for (const [amount, status, createdAt] of [
      [5000, 'succeeded', '2026-07-02T10:00:00Z'],
      [3000, 'pending', '2026-07-02T10:01:00Z'],
      [9000, 'failed', '2026-07-02T10:02:00Z'],
    ] as const) {
      await app.database.db.insert(refunds).values({
        paymentId: paid.id,
        clinicId: clinic.user.clinicId,
        amount,
        status,
        idempotencyKey: `refund:${randomUUID()}`,
        createdAt: new Date(createdAt),
      });
    }
    const response = await get(clinic, `/api/payments/${paid.id}`);
    expect(response.statusCode).toBe(200);
    const details = response.json();
    expect(details).toMatchObject({
      id: paid.id,
      amount: 20_000,
      status: 'partially_refunded',
      refundedAmount: 5000,
      description: 'About Implant deposit',
      message: null,
      paymentUrl: `${app.config.publicUrl}/payment/${deposit.id}`,
      isCustomAmount: false,
      refundableAmount: 20_000 - 5000 - 3000,
      isRequest: false,
    });
    expect(details.refunds.map((refund: { amount: number }) => refund.amount)).toEqual([5000, 3000, 9000]);

    const refunded = await payment(clinic, {
      amount: 1000,
      paidAt: new Date(),
      status: 'refunded',
      refundAmount: 1000,
    });
    expect((await get(clinic, `/api/payments/${refunded.id}`)).json()).toMatchObject({
      refundableAmount: 0,
      paymentUrl: null,
      isCustomAmount: true,
    });
  });

  it('shows an unpaid request as sent, with its message and page', async () => {
    const clinic = await signedInClinic(app);
    const sent = await request(clinic, {
      name: 'Rita Request',
      customAmount: 7500,
      message: 'See you Monday',
    });
    const details = (await get(clinic, `/api/payments/${sent.id}`)).json();
    expect(details).toMatchObject({
      status: 'sent',
      amount: 7500,
      message: 'See you Monday',
      isCustomAmount: true,
      isRequest: true,
      refundableAmount: 0,
      refunds: [],
      reference: null,
      paymentUrl: `${app.config.publicUrl}/payment/${sent.id}`,
      linkTitle: 'Custom Payment Request',
    });
  });

  it("answers 404 'Payment not found' for another clinic's, unknown or malformed ids", async () => {
    const clinic = await signedInClinic(app);
    const other = await signedInClinic(app);
    const theirs = await payment(other, { amount: 500, paidAt: new Date() });
    const theirRequest = await request(other, { name: 'Not Yours' });
    for (const id of [theirs.id, theirRequest.id, randomUUID(), 'not-a-uuid', "1' or '1'='1"]) {
      const response = await get(clinic, `/api/payments/${encodeURIComponent(id)}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'PAYMENT_NOT_FOUND', message: 'Payment not found' });
    }
  });
});

/** Parses the simple CSV the report writes (quoted fields may hold commas and quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += character;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

describe('GET /api/payments/export', () => {
  it('streams the matching rows as a UTF-8 CSV with a BOM, the header and neutralised formulas', async () => {
    const clinic = await signedInClinic(app);
    await payment(clinic, {
      name: '=HYPERLINK("http://evil.example","x")',
      email: '+cmd@evil.example',
      phone: '07700900123',
      amount: 4500,
      paidAt: new Date('2026-07-14T23:30:00Z'),
      title: 'Deposit, first visit',
    });
    await payment(clinic, { name: '@SUM(A1)', amount: 123_456, paidAt: new Date('2026-01-05T09:07:00Z') });
    await payment(clinic, { name: '-2+3', amount: 99, paidAt: new Date('2026-01-04T09:07:00Z'), title: '' });
    await request(clinic, {
      name: 'Rosa Request',
      customAmount: 2500,
      sentAt: new Date('2026-07-16T08:00:00Z'),
      clinicReference: '=INV-1',
    });

    const response = await get(clinic, '/api/payments/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="payment-history-${today}.csv"`,
    );
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(response.rawPayload.subarray(3).toString('utf8'));
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(rows).toEqual([
      [
        'Rosa Request',
        'rosa.request@patient.example',
        '',
        '25.00',
        '0.00',
        '25.00',
        '0.00',
        '',
        'Custom Payment Request',
        '16/07/2026 09:00',
        'Sent',
        "'=INV-1",
      ],
      [
        `'=HYPERLINK("http://evil.example","x")`,
        `'+cmd@evil.example`,
        '07700 900123',
        '45.00',
        '0.00',
        '45.00',
        '1.35',
        expect.stringMatching(/^CP-/),
        'Deposit, first visit',
        '15/07/2026 00:30',
        'Paid',
        '',
      ],
      [
        "'@SUM(A1)",
        'ada@patient.example',
        '',
        '1234.56',
        '0.00',
        '1234.56',
        '37.04',
        expect.stringMatching(/^CP-/),
        'Deposit',
        '05/01/2026 09:07',
        'Paid',
        '',
      ],
      [
        "'-2+3",
        'ada@patient.example',
        '',
        '0.99',
        '0.00',
        '0.99',
        '0.03',
        expect.stringMatching(/^CP-/),
        'deposit',
        '04/01/2026 09:07',
        'Paid',
        '',
      ],
    ]);
  });

  it('gives refunded and net amounts, readable statuses and phones as a UK clinic dials them (decision 0097)', async () => {
    const clinic = await signedInClinic(app);
    const paidAt = new Date('2026-05-01T10:00:00Z');
    await payment(clinic, {
      name: 'Part Refunded',
      phone: '+33612345678',
      amount: 8500,
      status: 'partially_refunded',
      refundAmount: 2000,
      paidAt,
    });
    await payment(clinic, {
      name: 'All Refunded',
      phone: '+447700900123',
      amount: 4000,
      status: 'refunded',
      refundAmount: 4000,
      paidAt: new Date('2026-05-01T09:00:00Z'),
    });
    const response = await get(clinic, '/api/payments/export');
    const [header, ...rows] = parseCsv(response.rawPayload.subarray(3).toString('utf8'));
    const cell = (row: string[] | undefined, column: string) => row?.[header?.indexOf(column) ?? -1];
    const [part, all] = rows;
    expect(cell(part, 'Patient Phone')).toBe('00 33 6 12 34 56 78');
    expect([cell(part, 'Amount'), cell(part, 'Refunded'), cell(part, 'Net')]).toEqual([
      '85.00',
      '20.00',
      '65.00',
    ]);
    expect(cell(part, 'Status')).toBe('Partially refunded');
    expect(cell(all, 'Patient Phone')).toBe('07700 900123');
    expect([cell(all, 'Amount'), cell(all, 'Refunded'), cell(all, 'Net')]).toEqual([
      '40.00',
      '40.00',
      '0.00',
    ]);
    expect(cell(all, 'Status')).toBe('Refunded');
    // The report's net is the dashboard's: Month Total for May is these payments' net.
    const stats = await clinicStats(
      { db: app.database.db, clinicId: clinic.user.clinicId, publicUrl: '' },
      new Date('2026-05-20T12:00:00Z'),
    );
    expect(stats.totalReceivedMonth).toBe(6500);
    expect(stats.totalRefundedMonth).toBe(6000);
  });

  it('applies the filters, names the file after the range and reads every batch', async () => {
    const clinic = await signedInClinic(app);
    const start = Date.parse('2026-03-10T12:00:00Z');
    // More rows than one keyset batch would hold with equal timestamps in the mix.
    for (let index = 0; index < 30; index++) {
      await payment(clinic, {
        name: `Patient ${index}`,
        amount: 1000 + index,
        paidAt: new Date(start - Math.floor(index / 3) * 86_400_000),
        type: index % 2 ? 'treatment' : 'deposit',
      });
    }
    const { exportPayments } = await import('./report.js');
    const { csv } = await exportPayments(
      { db: app.database.db, clinicId: clinic.user.clinicId, publicUrl: '', actorUserId: clinic.user.id },
      { type: 'all', status: 'all', search: undefined },
      { batchSize: 4 },
    );
    let text = '';
    for await (const chunk of csv) text += chunk;
    const batched = parseCsv(text.slice(1)).slice(1);
    expect(batched).toHaveLength(30);
    expect(new Set(batched.map((row) => row[0])).size).toBe(30);

    const response = await get(clinic, '/api/payments/export?type=treatment&from=2026-03-08&to=2026-03-10');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="payment-history-2026-03-08-to-2026-03-10.csv"',
    );
    const rows = parseCsv(response.rawPayload.subarray(3).toString('utf8')).slice(1);
    // Days 10, 9 and 8 March hold patients 0-8; the odd ones are treatments.
    // Equal dates are ordered by id, so only the set is known.
    expect(rows.map((row) => row[0]).sort()).toEqual(['Patient 1', 'Patient 3', 'Patient 5', 'Patient 7']);
    expect(rows.every((row) => row[8] === 'Deposit')).toBe(true);
  });

  it("answers 404 'No data to export' when nothing matches, and never shows another clinic's rows", async () => {
    const clinic = await signedInClinic(app);
    const other = await signedInClinic(app);
    await payment(other, { name: 'Their Patient', amount: 500, paidAt: new Date() });
    for (const url of ['/api/payments/export', '/api/payments/export?search=their']) {
      const response = await get(clinic, url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NO_REPORT_DATA', message: 'No data to export' });
    }
    await payment(clinic, { name: 'Our Patient', amount: 700, paidAt: new Date() });
    expect((await get(clinic, '/api/payments/export?status=refunded')).statusCode).toBe(404);
    const rows = parseCsv(
      (await get(clinic, '/api/payments/export')).rawPayload.subarray(3).toString('utf8'),
    );
    expect(rows.slice(1).map((row) => row[0])).toEqual(['Our Patient']);
  });
});

describe('GET /api/payments/export: the audit trail', () => {
  const exportEntries = (clinic: Clinic) =>
    app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clinicId, clinic.user.clinicId), eq(auditLog.action, 'payments.exported')));

  it('records each export by the member, against the clinic, with its filters', async () => {
    const clinic = await signedInClinic(app);
    await payment(clinic, { name: 'Ada Patient', amount: 4500, paidAt: new Date() });
    const response = await get(clinic, '/api/payments/export?status=paid&search=ada&from=2020-01-01');
    expect(response.statusCode).toBe(200);
    expect(await exportEntries(clinic)).toEqual([
      expect.objectContaining({
        action: 'payments.exported',
        actorUserId: clinic.user.id,
        entityType: 'clinic',
        entityId: clinic.user.clinicId,
        clinicId: clinic.user.clinicId,
        details: { filters: { type: 'all', status: 'paid', search: 'ada', from: '2020-01-01', to: null } },
      }),
    ]);
  });

  it('records nothing for an export refused (400) or with nothing to export (404)', async () => {
    const clinic = await signedInClinic(app);
    expect((await get(clinic, '/api/payments/export')).statusCode).toBe(404);
    await payment(clinic, { name: 'Ada Patient', amount: 4500, paidAt: new Date() });
    expect((await get(clinic, '/api/payments/export?status=failed')).statusCode).toBe(404);
    expect((await get(clinic, '/api/payments/export?search=nobody-matches')).statusCode).toBe(404);
    expect((await get(clinic, '/api/payments/export?from=2026-03-10&to=2026-03-01')).statusCode).toBe(400);
    expect((await get(clinic, '/api/payments/export?status=unknown')).statusCode).toBe(400);
    expect(await exportEntries(clinic)).toEqual([]);
  });
});

describe('every payments endpoint, for another clinic and for nobody', () => {
  it('answers 404 or 401 and changes nothing', async () => {
    const owner = await signedInClinic(app);
    const intruder = await signedInClinic(app);
    const paid = await payment(owner, { name: 'Private Patient', amount: 4500, paidAt: new Date() });
    const sent = await request(owner, { name: 'Private Request', customAmount: 900 });
    const snapshot = async () => ({
      list: (await get(owner, '/api/payments')).json(),
      stats: (await get(owner, '/api/payments/stats')).json(),
      paid: (await get(owner, `/api/payments/${paid.id}`)).json(),
      sent: (await get(owner, `/api/payments/${sent.id}`)).json(),
    });
    const before = await snapshot();

    for (const id of [paid.id, sent.id]) {
      expect((await get(intruder, `/api/payments/${id}`)).statusCode).toBe(404);
      expect((await get(undefined, `/api/payments/${id}`)).statusCode).toBe(401);
    }
    const theirs = (await get(intruder, '/api/payments')).json();
    expect(theirs).toMatchObject({ total: 0, items: [] });
    expect((await get(intruder, '/api/payments/stats')).json().totalReceivedToday).toBe(0);
    expect((await get(intruder, '/api/payments/export')).statusCode).toBe(404);
    expect((await get(intruder, '/api/payments/export?search=Private')).statusCode).toBe(404);
    for (const url of ['/api/payments', '/api/payments/stats', '/api/payments/export']) {
      const response = await get(undefined, url);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
    expect(await snapshot()).toEqual(before);
  });
});
