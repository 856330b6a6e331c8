/**
 * The property the reconciliation rests on (docs/decisions/0087-payout-reconciliation.md): whatever
 * the payments (amounts, UK and US cards, funds available at once or not), their partial and full
 * refunds and their disputes (won, lost or open), once the funds are available and paid out, the
 * payout's lines add up to the payout to the penny, the payout is what the clinic was owed (each
 * payment's transfer less what its refunds and disputes took back), every line from a payment names
 * the ClinicPay payment, and the Xero export adds up to the payout too. Driven through the app and
 * the sandbox gateway; the clock is moved by making the funds available directly.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedClinic, payPage, sandboxOf, settleSandbox } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import {
  clinics,
  payments,
  rateLimits,
  sandboxBalanceTransactions,
  sandboxDisputes,
} from '../../db/schema/index.js';

const UK_CARD = '4000008260000000';
const US_CARD = '4242424242424242';
const AVAILABLE_AT_ONCE_CARD = '4000000000000077';
const DISPUTE_CARD = '4000000000000259';

const paymentArbitrary = fc.record({
  amount: fc.integer({ min: 30, max: 2_000_000 }),
  card: fc.constantFrom(UK_CARD, US_CARD, AVAILABLE_AT_ONCE_CARD, DISPUTE_CARD),
  /** Each refund as a share (1 to 100 %) of what is left to refund; 100 refunds the rest in full. */
  refundShares: fc.array(fc.integer({ min: 1, max: 100 }), { maxLength: 3 }),
  dispute: fc.constantFrom('won' as const, 'lost' as const, 'open' as const),
});

describe('payout reconciliation', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    // Events are delivered only when a test says so, never by a pass racing the test's own.
    sandboxOf(app).events.stop();
  });
  afterAll(() => app.close());

  const settle = () => settleSandbox(app);

  it('adds the lines of any payout up to the payout, to the penny', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(paymentArbitrary, { minLength: 1, maxLength: 4 }), async (made) => {
        // Every payment page is paid from one address: its per-minute limit starts afresh each run.
        await app.database.db.delete(rateLimits);
        const clinic = await connectedClinic(app);
        const [row] = await app.database.db
          .select()
          .from(clinics)
          .where(eq(clinics.id, String(clinic.user.clinicId)));
        const accountId = String(row?.stripeAccountId);

        const paid: { intentId: string; spec: (typeof made)[number] }[] = [];
        for (const spec of made) {
          const link = await app.inject({
            method: 'POST',
            url: '/api/payment-links',
            cookies: clinic.cookies,
            payload: { title: 'Treatment', amount: spec.amount },
          });
          paid.push({ intentId: await payPage(app, link.json().link.id, spec.card), spec });
        }
        await settle();

        let owed = 0;
        for (const { intentId, spec } of paid) {
          const [payment] = await app.database.db
            .select()
            .from(payments)
            .where(eq(payments.stripePaymentId, intentId));
          if (!payment) throw new Error('the payment was not recorded');
          const transfer = payment.netAmount;
          if (spec.card === DISPUTE_CARD) {
            const [dispute] = await app.database.db
              .select()
              .from(sandboxDisputes)
              .where(eq(sandboxDisputes.paymentIntentId, intentId));
            if (spec.dispute !== 'open' && dispute)
              await sandboxOf(app).disputes.decide(dispute.id, spec.dispute);
            owed += spec.dispute === 'won' ? transfer : 0;
            continue;
          }
          let refunded = 0;
          for (const share of spec.refundShares) {
            const left = spec.amount - refunded;
            if (left === 0) break;
            const amount = share === 100 ? left : Math.max(1, Math.floor((left * share) / 100));
            const response = await app.inject({
              method: 'POST',
              url: `/api/payments/${payment.id}/refunds`,
              cookies: clinic.cookies,
              payload: { amount },
            });
            expect(response.statusCode).toBe(200);
            refunded += amount;
          }
          // Stripe reverses a destination charge's transfer in proportion to the amount refunded.
          owed += transfer - Math.round((refunded * transfer) / spec.amount);
        }
        await settle();

        // The clock moves on: every pending fund becomes available.
        await app.database.db
          .update(sandboxBalanceTransactions)
          .set({ availableOn: new Date(Date.now() - 1000) })
          .where(eq(sandboxBalanceTransactions.accountId, accountId));
        const payout = await sandboxOf(app).balance.payOut(accountId);
        await settle();
        if (owed === 0) {
          expect(payout).toBeUndefined();
          return;
        }
        expect(payout?.amount).toBe(owed);

        const detail = await app.inject({
          method: 'GET',
          url: `/api/payouts/${payout?.id}`,
          cookies: clinic.cookies,
        });
        expect(detail.statusCode).toBe(200);
        const body = detail.json() as {
          payout: { amount: number };
          lines: { net: number; origin: string; paymentReference: string | null }[];
          linesTotal: number;
        };
        expect(body.payout.amount).toBe(owed);
        expect(body.linesTotal).toBe(owed);
        expect(body.lines.reduce((sum, line) => sum + line.net, 0)).toBe(owed);
        for (const line of body.lines) expect(line.paymentReference, line.origin).toMatch(/\S/);

        const xero = await app.inject({
          method: 'GET',
          url: `/api/payouts/${payout?.id}/export?format=xero`,
          cookies: clinic.cookies,
        });
        const pence = xero.body
          .trim()
          .split('\n')
          .slice(1)
          .map((line) => {
            const [pounds = '', fraction = ''] = (line.split(',')[1] ?? '').replace('-', '').split('.');
            const value = Number(pounds) * 100 + Number(fraction);
            return line.split(',')[1]?.startsWith('-') ? -value : value;
          });
        expect(pence.reduce((sum, value) => sum + value, 0)).toBe(owed);
      }),
      { numRuns: 25 },
    );
  }, 600_000);
});
