/**
 * `npm run bench`: how the clinic's payments list (payments and unpaid requests, one UNION ALL, paged in
 * SQL) holds up as a clinic's history grows, on the embedded database.
 */
import { randomUUID } from 'node:crypto';
import { bench, describe } from 'vitest';
import type { Database } from '../src/db/client.js';
import { clinics, paymentRequests, payments } from '../src/db/schema/index.js';
import { listPayments } from '../src/modules/payments/service.js';
import { openTestDatabase } from '../test/test-database.js';

const PAYMENTS = 5000;
const REQUESTS = 1000;
/** A clinic with a long history, made once and shared by the benchmarks. */
const history = (async (): Promise<{ database: Database; clinicId: string }> => {
  const database = await openTestDatabase();
  const [clinic] = await database.db.insert(clinics).values({ clinicName: 'Bench Clinic' }).returning();
  const clinicId = String(clinic?.id);
  const start = Date.now();
  const rows = Array.from({ length: PAYMENTS }, (_, index) => ({
    clinicId,
    patientName: `Patient ${index}`,
    patientEmail: `p${index}@example.com`,
    amountPaid: 1000 + index,
    platformFee: 30,
    netAmount: 970 + index,
    status: 'paid' as const,
    type: 'deposit' as const,
    title: 'Deposit',
    paymentRef: `CP-B${index}`,
    stripePaymentId: `pi_bench_${randomUUID()}`,
    paidAt: new Date(start - index * 60_000),
  }));
  for (let offset = 0; offset < rows.length; offset += 500) {
    await database.db.insert(payments).values(rows.slice(offset, offset + 500));
  }
  await database.db.insert(paymentRequests).values(
    Array.from({ length: REQUESTS }, (_, index) => ({
      clinicId,
      customAmount: 500 + index,
      patientName: `Requested ${index}`,
      patientEmail: `r${index}@example.com`,
      sentAt: new Date(start - index * 90_000),
    })),
  );
  return { database, clinicId };
})();

describe('payments list', () => {
  bench('first page of 10', async () => {
    const { database, clinicId } = await history;
    await listPayments(
      { db: database.db, clinicId, publicUrl: '' },
      { page: 1, pageSize: 10, type: 'all', status: 'all' },
    );
  });

  bench('page 300 of 10', async () => {
    const { database, clinicId } = await history;
    await listPayments(
      { db: database.db, clinicId, publicUrl: '' },
      { page: 300, pageSize: 10, type: 'all', status: 'all' },
    );
  });
});
