/**
 * The Requests page (GET /api/payment-requests) at any depth (docs/decisions/0128-back-office-at-scale.md):
 * every page of every filter, searched or not, walks to the order of the whole list, the older half read
 * from the oldest end; and its totals (all, paid and cancelled from the clinic's kept counts, the others
 * counted) follow requests sent, paid, cancelled, moved, deleted, and a change rolled back.
 */
import { REQUEST_FILTERS, REQUESTS_PAGE_SIZE } from '@clinicpay/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClinic } from '../../../test/accounts.js';
import { insertClinic } from '../../../test/admin-data.js';
import { createTestApp } from '../../../test/test-app.js';
import { paymentRequestCounts, paymentRequests } from '../../db/schema/index.js';

type Row = typeof paymentRequests.$inferSelect;
const HOUR = 3_600_000;

/** What a search finds, written out for letters: three or more anywhere, fewer at a word's start. */
const wordOrAnywhere = (search: string) =>
  new RegExp(search.length >= 3 ? search : `(^|[ '-])${search}`, 'i');

/** Whether a request matches a Requests page filter at `now`, as the page's filters say. */
function matches(filter: string | undefined, row: Row, now: Date): boolean {
  const unpaid = row.status === 'sent' && row.cancelledAt === null;
  const open = unpaid && (row.expiresAt === null || row.expiresAt > now);
  switch (filter) {
    case 'open':
      return open;
    case 'viewed':
      return open && row.viewedAt !== null;
    case 'reminded':
      return open && row.lastRemindedAt !== null;
    case 'paid':
      return row.status === 'paid';
    case 'expired':
      return unpaid && row.expiresAt !== null && row.expiresAt <= now;
    case 'cancelled':
      return row.status === 'sent' && row.cancelledAt !== null;
    default:
      return true;
  }
}

describe('the Requests page at any depth', () => {
  let app: FastifyInstance;
  let cookies: Record<string, string>;
  let clinicId: string;
  beforeAll(async () => {
    app = await createTestApp();
    const clinic = await signedInClinic(app);
    cookies = clinic.cookies;
    clinicId = String(clinic.user.clinicId);
    const now = Date.now();
    // 47 requests an hour apart, two sent at the same moment (the id breaks the tie): every fifth paid,
    // cancelled, past its last day, opened or reminded; every third to a Walker.
    await app.database.db.insert(paymentRequests).values(
      Array.from({ length: 47 }, (_, i) => {
        const sentAt = new Date(now - Math.min(i, 45) * HOUR);
        return {
          clinicId,
          customAmount: 1000 + i,
          patientName: i % 3 === 0 ? `Ada Walker ${i}` : `Ben Jones ${i}`,
          patientEmail: `patient${i}@example.com`,
          sentAt,
          status: i % 5 === 0 ? ('paid' as const) : ('sent' as const),
          paidAt: i % 5 === 0 ? new Date(sentAt.getTime() + HOUR) : null,
          cancelledAt: i % 5 === 1 ? new Date(sentAt.getTime() + HOUR) : null,
          expiresAt:
            i % 5 === 2 ? new Date(now - HOUR) : i % 10 === 3 ? null : new Date(now + 30 * 24 * HOUR),
          viewedAt: i % 5 === 3 ? new Date(sentAt.getTime() + HOUR) : null,
          lastRemindedAt: i % 5 === 4 ? new Date(sentAt.getTime() + 2 * HOUR) : null,
        };
      }),
    );
  });
  afterAll(() => app.close());

  const page = async (query: string) => {
    const response = await app.inject({ url: `/api/payment-requests?${query}`, cookies });
    expect(response.statusCode, query).toBe(200);
    return response.json() as { items: { id: string }[]; total: number; page: number };
  };
  const clinicRows = async (id = clinicId) =>
    app.database.db.select().from(paymentRequests).where(eq(paymentRequests.clinicId, id));
  const newestFirst = (rows: Row[]) =>
    [...rows].sort((a, b) => b.sentAt.getTime() - a.sentAt.getTime() || (a.id < b.id ? 1 : -1));

  it('walks every page of every filter, searched or not, to the order of the whole list', async () => {
    const rows = await clinicRows();
    const now = new Date();
    for (const filter of [undefined, ...REQUEST_FILTERS]) {
      // 'wa' is shorter than a trigram: it finds a word's start (decision 0136), not "Ada" or "example".
      for (const search of [undefined, 'walker', 'wa', 'xa']) {
        const query = [filter && `status=${filter}`, search && `search=${search}`].filter(Boolean).join('&');
        const expected = newestFirst(rows)
          .filter((row) => matches(filter, row, now))
          .filter((row) => !search || wordOrAnywhere(search).test(`${row.patientName} ${row.patientEmail}`))
          .map((row) => row.id);
        const pages = Math.ceil(expected.length / REQUESTS_PAGE_SIZE);
        const walked: string[] = [];
        for (let number = 1; number <= pages; number++) {
          const body = await page(`${query}&page=${number}`);
          expect(body.total, query).toBe(expected.length);
          walked.push(...body.items.map((item) => item.id));
        }
        expect(walked, query).toEqual(expected);
        expect(await page(`${query}&page=${pages + 1}`), query).toMatchObject({
          items: [],
          total: expected.length,
        });
      }
    }
  });

  it('keeps its totals as requests are sent, paid, cancelled, moved to another clinic and deleted', async () => {
    const other = await insertClinic(app, { clinicName: 'Other Clinic' });
    /** Each clinic's kept counts beside what counting its requests gives. */
    const counts = async (id: string) => {
      const [kept] = await app.database.db
        .select()
        .from(paymentRequestCounts)
        .where(eq(paymentRequestCounts.clinicId, id));
      const rows = await clinicRows(id);
      return {
        kept: { total: kept?.total ?? 0, paid: kept?.paid ?? 0, cancelled: kept?.cancelled ?? 0 },
        counted: {
          total: rows.length,
          paid: rows.filter((row) => matches('paid', row, new Date())).length,
          cancelled: rows.filter((row) => matches('cancelled', row, new Date())).length,
        },
      };
    };
    const expectKept = async () => {
      for (const id of [clinicId, other]) {
        const { kept, counted } = await counts(id);
        expect(kept).toEqual(counted);
      }
      const { counted } = await counts(clinicId);
      expect((await page('')).total).toBe(counted.total);
      expect((await page('status=paid')).total).toBe(counted.paid);
      expect((await page('status=cancelled')).total).toBe(counted.cancelled);
    };
    await expectKept();

    const [first, second, third, fourth] = newestFirst(
      (await clinicRows()).filter((row) => row.status === 'sent' && row.cancelledAt === null),
    );
    const db = app.database.db;
    await db
      .update(paymentRequests)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(paymentRequests.id, String(first?.id)));
    await db
      .update(paymentRequests)
      .set({ cancelledAt: new Date() })
      .where(eq(paymentRequests.id, String(second?.id)));
    await db
      .update(paymentRequests)
      .set({ clinicId: other })
      .where(eq(paymentRequests.id, String(third?.id)));
    await db.delete(paymentRequests).where(eq(paymentRequests.id, String(fourth?.id)));
    // A change to what the counts do not count leaves them as they are.
    await db
      .update(paymentRequests)
      .set({ viewedAt: new Date(), remindersSent: 3 })
      .where(and(eq(paymentRequests.clinicId, clinicId), eq(paymentRequests.status, 'sent')));
    await expectKept();

    // A request cancelled and then paid is paid, no longer cancelled.
    await db
      .update(paymentRequests)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(paymentRequests.id, String(second?.id)));
    await expectKept();

    // Several in one statement, and a change rolled back.
    await db.insert(paymentRequests).values(
      [clinicId, clinicId, other].map((id, i) => ({
        clinicId: id,
        customAmount: 500,
        patientName: `Later ${i}`,
        patientEmail: `later${i}@example.com`,
        status: i === 0 ? ('paid' as const) : ('sent' as const),
      })),
    );
    await expect(
      db.transaction(async (tx) => {
        await tx
          .update(paymentRequests)
          .set({ status: 'paid' })
          .where(eq(paymentRequests.clinicId, clinicId));
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    await expectKept();
  });
});
