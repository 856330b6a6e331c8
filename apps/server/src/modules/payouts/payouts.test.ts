/**
 * Payouts through the real app and the sandbox gateway: payments, a partial refund and a dispute (won)
 * reach the clinic's connected account as balance transactions, pending and then available; the daily
 * payout pays the available balance out; its breakdown names ClinicPay's references and patients and
 * adds up to the payout; the Xero and QuickBooks exports; a failed payout emails the clinic once and its
 * money is paid out again; a paid payout's lines are kept once and its breakdown read from them;
 * another clinic's payout ids answer 404; a clinic without an account 409; a payout event for an account
 * no clinic holds is acknowledged and changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, signedInClinic } from '../../../test/accounts.js';
import { connectedClinicWithLink, payPage, sandboxOf, settleSandbox } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import {
  auditLog,
  clinics,
  payments,
  payoutLines,
  payouts,
  sandboxBalanceTransactions,
  webhookEvents,
} from '../../db/schema/index.js';
import { payOutSandboxAccounts, settleSandboxPayout } from '../../gateway/index.js';
import { sandboxWebhookSecrets } from '../../gateway/sandbox/sandbox-gateway.js';
import { signLikeStripe } from '../../gateway/webhook-signature.js';

type Cookies = Record<string, string>;

const CARD = '4242424242424242';
const DISPUTE_CARD = '4000000000000259';
const AVAILABLE_AT_ONCE_CARD = '4000000000000077';

describe('payouts', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    // Events are delivered only when a test says so, never by a pass racing the test's own.
    sandboxOf(app).events.stop();
  });
  afterAll(() => app.close());

  const get = (cookies: Cookies, url: string) => app.inject({ method: 'GET', url, cookies });
  /** The clinic's payout export entries in the audit log. */
  const exportEntries = (clinicId: string) =>
    app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clinicId, clinicId), eq(auditLog.action, 'payout.exported')));

  /** Delivers the sandbox's events (again after a 503) and runs the jobs that move disputed money. */
  const settle = () => settleSandbox(app);

  async function accountOf(clinicId: string): Promise<string> {
    const [clinic] = await app.database.db.select().from(clinics).where(eq(clinics.id, clinicId));
    if (!clinic?.stripeAccountId) throw new Error('the clinic is not connected');
    return clinic.stripeAccountId;
  }

  /** Presses a control on the sandbox's payouts page, as the browser would post it. */
  const pressPayoutControl = (accountId: string, control: string) =>
    app.inject({
      method: 'POST',
      url: `/sandbox/accounts/${accountId}/payouts`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.config.publicUrl },
      payload: `control=${control}`,
    });

  /** The daily automatic payout runs (the clock reaches its schedule). */
  async function dailyPayout() {
    await app.jobs.send(payOutSandboxAccounts, {});
    await app.jobs.drain({ only: [payOutSandboxAccounts] });
    await settle();
  }

  /** Every payout in transit reaches its arrival date. */
  async function arrive() {
    await app.jobs.makeDue(settleSandboxPayout);
    await app.jobs.drain({ only: [settleSandboxPayout] });
    await settle();
  }

  /** Sends a signed Connect event about a payout, as the provider would; resolves to the answer and the event id. */
  async function sendConnectEvent(type: string, accountId: string, payoutId: string) {
    const eventId = `evt_${randomUUID()}`;
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      type,
      account: accountId,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { id: payoutId, object: 'payout' } },
    });
    const secret = sandboxWebhookSecrets(await sandboxOf(app).signingSecret()).connect;
    const response = await app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe-connect',
      headers: { 'content-type': 'application/json', 'stripe-signature': signLikeStripe(payload, secret) },
      payload,
    });
    return { statusCode: response.statusCode, eventId };
  }

  async function paymentOf(intentId: string) {
    const [payment] = await app.database.db
      .select()
      .from(payments)
      .where(eq(payments.stripePaymentId, intentId));
    if (!payment) throw new Error('the payment was not recorded');
    return payment;
  }

  it('pays the available balance out and breaks the payout down into payments, a refund and a dispute, to the penny', async () => {
    const clinic = await connectedClinicWithLink(app, 4500);
    const clinicId = String(clinic.user.clinicId);
    const accountId = await accountOf(clinicId);
    const first = await payPage(app, clinic.linkId, CARD);
    const second = await payPage(app, clinic.linkId, CARD);
    const disputed = await payPage(app, clinic.linkId, DISPUTE_CARD);
    await settle();
    const secondPayment = await paymentOf(second);
    const refund = await app.inject({
      method: 'POST',
      url: `/api/payments/${secondPayment.id}/refunds`,
      cookies: clinic.cookies,
      payload: { amount: 1000 },
    });
    expect(refund.statusCode).toBe(200);
    // The dispute is won with Stripe's winning test evidence: the reversed transfer is paid back.
    const disputeList = (await get(clinic.cookies, '/api/disputes')).json();
    const disputeId = disputeList.items[0].id as string;
    await app.inject({
      method: 'PUT',
      url: `/api/disputes/${disputeId}/evidence`,
      cookies: clinic.cookies,
      payload: { text: 'winning_evidence' },
    });
    await app.inject({ method: 'POST', url: `/api/disputes/${disputeId}/submit`, cookies: clinic.cookies });
    await settle();

    // 3 × (4500 − 135) paid; 970 reversed for the £10 refund (1000 × 4365 / 4500); 4365 reversed for
    // the dispute and paid back when it was won.
    const expected = 3 * 4365 - 970 - 4365 + 4365;
    const pending = (await get(clinic.cookies, '/api/payouts')).json();
    expect(pending).toEqual({ balance: { available: 0, pending: expected }, payouts: [] });

    // Nothing is available yet, so the daily payout pays nothing.
    await dailyPayout();
    expect((await get(clinic.cookies, '/api/payouts')).json().payouts).toEqual([]);

    const page = await app.inject({ url: `/sandbox/accounts/${accountId}/payouts` });
    expect(page.body).toContain('data-testid="sandbox-pending">£121.25<');
    expect((await pressPayoutControl(accountId, 'make_available')).statusCode).toBe(303);
    expect((await get(clinic.cookies, '/api/payouts')).json().balance).toEqual({
      available: expected,
      pending: 0,
    });

    await dailyPayout();
    const overview = (await get(clinic.cookies, '/api/payouts')).json();
    expect(overview.balance).toEqual({ available: 0, pending: 0 });
    expect(overview.payouts).toEqual([
      expect.objectContaining({
        amount: expected,
        status: 'in_transit',
        statusLabel: 'On its way',
        failureCode: null,
        failureReason: null,
      }),
    ]);
    const payoutId = overview.payouts[0].id as string;
    expect(payoutId).toMatch(/^po_sbx_/);
    expect(new Date(overview.payouts[0].arrivalDate).getTime()).toBeGreaterThan(Date.now());

    await arrive();
    const detail = await get(clinic.cookies, `/api/payouts/${payoutId}`);
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body.payout).toMatchObject({
      id: payoutId,
      status: 'paid',
      statusLabel: 'Paid',
      amount: expected,
    });
    expect(body.linesTotal).toBe(expected);
    expect(body.lines.reduce((sum: number, line: { net: number }) => sum + line.net, 0)).toBe(expected);

    const [firstPayment, disputedPayment] = [await paymentOf(first), await paymentOf(disputed)];
    const summary = body.lines.map((line: Record<string, unknown>) => [
      line.label,
      line.net,
      line.paymentReference,
      line.patientName,
    ]);
    expect(summary).toEqual(
      expect.arrayContaining([
        ['Payment', 4365, firstPayment.paymentRef, 'Ada Patient'],
        ['Payment', 4365, secondPayment.paymentRef, 'Ada Patient'],
        ['Refund', -970, secondPayment.paymentRef, 'Ada Patient'],
        ['Payment', 4365, disputedPayment.paymentRef, 'Ada Patient'],
        ['Disputed payment taken back', -4365, disputedPayment.paymentRef, 'Ada Patient'],
        ['Dispute won: payment returned', 4365, disputedPayment.paymentRef, 'Ada Patient'],
      ]),
    );
    expect(summary).toHaveLength(6);
    expect(body.lines.find((line: { label: string }) => line.label === 'Refund')).toMatchObject({
      type: 'payment_refund',
      origin: 'refund',
      paymentId: secondPayment.id,
    });

    // The payout is recorded from its events.
    const [recorded] = await app.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.providerPayoutId, payoutId));
    expect(recorded).toMatchObject({ clinicId, status: 'paid', amount: expected, failureNotifiedAt: null });

    const xero = await get(clinic.cookies, `/api/payouts/${payoutId}/export?format=xero`);
    expect(xero.statusCode).toBe(200);
    expect(xero.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(xero.headers['content-disposition']).toMatch(
      /^attachment; filename="payout-\d{4}-\d{2}-\d{2}-xero\.csv"$/,
    );
    const xeroLines = xero.body.trim().split('\n');
    expect(xeroLines[0]).toBe('Date,Amount,Payee,Description,Reference');
    expect(xeroLines).toHaveLength(7);
    expect(xeroLines).toContain(
      `${londonToday()},-9.70,Ada Patient,Refund (payout ${payoutId}),${secondPayment.paymentRef}`,
    );
    expect(xeroLines).toContain(
      `${londonToday()},43.65,Ada Patient,Payment (payout ${payoutId}),${firstPayment.paymentRef}`,
    );

    const quickbooks = await get(clinic.cookies, `/api/payouts/${payoutId}/export?format=quickbooks`);
    const quickbooksLines = quickbooks.body.trim().split('\n');
    expect(quickbooksLines[0]).toBe('Date,Description,Amount');
    expect(quickbooksLines).toContain(
      `${londonToday()},Disputed payment taken back ${disputedPayment.paymentRef} Ada Patient (payout ${payoutId}),-43.65`,
    );
    // Amounts are pounds with exactly two decimals: read as whole pence, never through a float.
    const amounts = quickbooksLines
      .slice(1)
      .map((line) => Number((line.split(',').at(-1) ?? '').replace('.', '')));
    expect(amounts.reduce((sum, pence) => sum + pence, 0)).toBe(expected);

    expect((await get(clinic.cookies, `/api/payouts/${payoutId}/export?format=sage`)).statusCode).toBe(400);
    // Each export is audited against the clinic, by the member, with the payout, format and line count.
    const byMember = { actorUserId: clinic.user.id, entityType: 'clinic', entityId: clinicId, clinicId };
    expect(await exportEntries(clinicId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ...byMember, details: { payoutId, format: 'xero', rowCount: 6 } }),
        expect.objectContaining({ ...byMember, details: { payoutId, format: 'quickbooks', rowCount: 6 } }),
      ]),
    );
    expect(await exportEntries(clinicId)).toHaveLength(2);
  });

  it('makes a payment with 4000 0000 0000 0077 available at once', async () => {
    const clinic = await connectedClinicWithLink(app, 2000);
    await payPage(app, clinic.linkId, AVAILABLE_AT_ONCE_CARD);
    await payPage(app, clinic.linkId, CARD);
    await settle();
    expect((await get(clinic.cookies, '/api/payouts')).json().balance).toEqual({
      available: 2000 - 60,
      pending: 2000 - 60,
    });
  });

  it('tells the clinic once why a payout failed and how to fix it, and pays the money out again', async () => {
    const clinic = await connectedClinicWithLink(app, 3000);
    const accountId = await accountOf(String(clinic.user.clinicId));
    const intentId = await payPage(app, clinic.linkId, AVAILABLE_AT_ONCE_CARD);
    await settle();
    expect((await pressPayoutControl(accountId, 'fail_next')).statusCode).toBe(303);
    expect((await pressPayoutControl(accountId, 'pay_out')).statusCode).toBe(303);
    await settle();
    expect((await pressPayoutControl(accountId, 'arrive_now')).statusCode).toBe(303);
    await settle();

    const overview = (await get(clinic.cookies, '/api/payouts')).json();
    expect(overview.payouts).toEqual([
      expect.objectContaining({
        amount: 2910,
        status: 'failed',
        statusLabel: 'Failed',
        failureCode: 'account_closed',
        failureReason: 'The bank account has been closed.',
      }),
    ]);
    // The money is back in the balance.
    expect(overview.balance).toEqual({ available: 2910, pending: 0 });
    const failedId = overview.payouts[0].id as string;
    const failedDetail = (await get(clinic.cookies, `/api/payouts/${failedId}`)).json();
    expect(failedDetail.lines).toEqual([
      expect.objectContaining({ type: 'payout_failure', label: 'Payout returned by the bank', net: 2910 }),
    ]);
    expect(failedDetail.linesTotal).toBe(2910);

    const mail = await lastMailTo(app, clinic.email);
    expect(mail?.subject).toBe('A payout to your bank failed: £29.10');
    expect(mail?.textBody).toContain('Stripe could not pay this payout into your bank account.');
    expect(mail?.textBody).toContain("The bank's reason: The bank account has been closed.");
    expect(mail?.textBody).toContain('Open Stripe dashboard');
    expect(mail?.textBody).toContain(`Open your Payouts page ${app.config.publicUrl}/dashboard/payouts`);
    expect(mail?.htmlBody).toContain('<html dir="ltr" lang="en-GB">');
    expect(mail?.htmlBody).toContain(`href="${app.config.publicUrl}/dashboard/payouts"`);
    const [recorded] = await app.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.providerPayoutId, failedId));
    expect(recorded?.failureNotifiedAt).not.toBeNull();

    // The event delivered again tells nobody twice.
    const sentBefore = await app.database.db.select().from(webhookEvents);
    await sandboxOf(app).events.redeliver();
    await settle();
    expect(await app.database.db.select().from(webhookEvents)).toHaveLength(sentBefore.length);
    expect((await lastMailTo(app, clinic.email))?.id).toBe(mail?.id);
    // So does another event about the same failed payout.
    expect((await sendConnectEvent('payout.failed', accountId, failedId)).statusCode).toBe(200);
    expect((await lastMailTo(app, clinic.email))?.id).toBe(mail?.id);

    // Paid out again: the same payment, in a new payout that arrives.
    await dailyPayout();
    await arrive();
    const again = (await get(clinic.cookies, '/api/payouts')).json().payouts;
    expect(again.map((payout: { status: string; amount: number }) => [payout.status, payout.amount])).toEqual(
      [
        ['paid', 2910],
        ['failed', 2910],
      ],
    );
    const paidDetail = (await get(clinic.cookies, `/api/payouts/${again[0].id}`)).json();
    expect(paidDetail.lines).toEqual([
      expect.objectContaining({
        label: 'Payment',
        net: 2910,
        paymentReference: (await paymentOf(intentId)).paymentRef,
      }),
    ]);
  });

  it("keeps a paid payout's lines once, from its payout.paid, and reads its breakdown from them", async () => {
    const clinic = await connectedClinicWithLink(app, 2500);
    const accountId = await accountOf(String(clinic.user.clinicId));
    const intents = [
      await payPage(app, clinic.linkId, AVAILABLE_AT_ONCE_CARD),
      await payPage(app, clinic.linkId, AVAILABLE_AT_ONCE_CARD),
    ];
    await settle();
    expect((await pressPayoutControl(accountId, 'pay_out')).statusCode).toBe(303);
    await settle();
    const payoutId = (await get(clinic.cookies, '/api/payouts')).json().payouts[0].id as string;
    const recordedRow = async () =>
      (await app.database.db.select().from(payouts).where(eq(payouts.providerPayoutId, payoutId)))[0];

    // In transit: read from the provider, nothing kept.
    const inTransit = (await get(clinic.cookies, `/api/payouts/${payoutId}`)).json();
    expect(inTransit.payout.status).toBe('in_transit');
    expect(inTransit.lines).toHaveLength(2);
    expect(await recordedRow()).toBeUndefined();

    await arrive();
    const row = await recordedRow();
    expect(row).toMatchObject({ status: 'paid', linesRecordedAt: expect.any(Date) });
    expect(row?.providerCreatedAt?.toISOString()).toBe(inTransit.payout.created);
    const kept = await app.database.db
      .select()
      .from(payoutLines)
      .where(eq(payoutLines.payoutId, String(row?.id)));
    expect(kept.map((line) => [line.position, line.type, line.origin, line.net])).toEqual([
      [0, 'payment', 'charge', 2500 - 75],
      [1, 'payment', 'charge', 2500 - 75],
    ]);

    // The provider's record of the lines is gone; the breakdown is ClinicPay's own, as it was.
    await app.database.db
      .delete(sandboxBalanceTransactions)
      .where(
        and(
          eq(sandboxBalanceTransactions.payoutId, payoutId),
          eq(sandboxBalanceTransactions.type, 'payment'),
        ),
      );
    const detail = (await get(clinic.cookies, `/api/payouts/${payoutId}`)).json();
    const references = await Promise.all(intents.map(async (intent) => (await paymentOf(intent)).paymentRef));
    expect(detail).toMatchObject({
      payout: { id: payoutId, status: 'paid', amount: 2 * (2500 - 75), created: inTransit.payout.created },
      linesTotal: 2 * (2500 - 75),
    });
    expect(detail.lines).toEqual(inTransit.lines.map((line: object) => ({ ...line })));
    expect(detail.lines.map((line: { paymentReference: string }) => line.paymentReference).sort()).toEqual(
      references.sort(),
    );

    // Another payout.paid about it keeps nothing twice.
    expect((await sendConnectEvent('payout.paid', accountId, payoutId)).statusCode).toBe(200);
    expect(
      await app.database.db
        .select()
        .from(payoutLines)
        .where(eq(payoutLines.payoutId, String(row?.id))),
    ).toHaveLength(2);
  });

  it("answers 404 for another clinic's payout and for malformed ids, and 409 without an account", async () => {
    const clinic = await connectedClinicWithLink(app, 1500);
    const accountId = await accountOf(String(clinic.user.clinicId));
    await payPage(app, clinic.linkId, AVAILABLE_AT_ONCE_CARD);
    await settle();
    await pressPayoutControl(accountId, 'pay_out');
    const [payout] = (await get(clinic.cookies, '/api/payouts')).json().payouts;
    expect(payout).toBeDefined();

    const stranger = await connectedClinicWithLink(app);
    for (const url of [
      `/api/payouts/${payout.id}`,
      `/api/payouts/${payout.id}/export?format=xero`,
      '/api/payouts/not-a-payout',
      '/api/payouts/po_sbx_ffffffffffffffffffffffff',
      `/api/payouts/${encodeURIComponent('po_x; drop table payouts')}`,
    ]) {
      const response = await get(stranger.cookies, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ code: 'PAYOUT_NOT_FOUND', message: 'Payout not found' });
    }
    expect((await get(stranger.cookies, '/api/payouts')).json().payouts).toEqual([]);

    const unconnected = await signedInClinic(app);
    const refusals = [
      await get(unconnected.cookies, '/api/payouts'),
      await get(unconnected.cookies, `/api/payouts/${payout.id}`),
      await get(unconnected.cookies, `/api/payouts/${payout.id}/export?format=quickbooks`),
      await app.inject({
        method: 'POST',
        url: '/api/clinic/payment-provider/dashboard-link',
        cookies: unconnected.cookies,
      }),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: 'CLINIC_NOT_CONNECTED',
        message: 'Connect your clinic to Stripe to see its balance and payouts',
      });
    }
    expect((await app.inject({ method: 'GET', url: '/api/payouts' })).statusCode).toBe(401);
    // No refused export is audited, against any of the three clinics.
    for (const member of [clinic, stranger, unconnected])
      expect(await exportEntries(String(member.user.clinicId))).toEqual([]);
  });

  it("opens the clinic's Express dashboard with a login link", async () => {
    const clinic = await connectedClinicWithLink(app);
    const accountId = await accountOf(String(clinic.user.clinicId));
    const response = await app.inject({
      method: 'POST',
      url: '/api/clinic/payment-provider/dashboard-link',
      cookies: clinic.cookies,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      url: `${app.config.publicUrl}/sandbox/accounts/${accountId}/payouts`,
    });
    const page = await app.inject({ url: new URL(response.json().url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Balance and payouts');
  });

  it('acknowledges a payout event for an account no clinic holds, or a payout the provider does not know, changing nothing', async () => {
    const before = await app.database.db.select().from(payouts);
    const unknownAccount = await sendConnectEvent(
      'payout.failed',
      'acct_sbx_ffffffffffffffffffffffff',
      'po_sbx_ffffffffffffffffffffffff',
    );
    expect(unknownAccount.statusCode).toBe(200);
    const [recorded] = await app.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, unknownAccount.eventId));
    expect(recorded?.type).toBe('payout.failed');

    const clinic = await connectedClinicWithLink(app);
    const accountId = await accountOf(String(clinic.user.clinicId));
    const unknownPayout = await sendConnectEvent('payout.paid', accountId, 'po_sbx_ffffffffffffffffffffffff');
    expect(unknownPayout.statusCode).toBe(200);
    expect(await app.database.db.select().from(payouts)).toHaveLength(before.length);
  });

  it('refuses the payouts page controls for an unknown account, and a payout with nothing available', async () => {
    const clinic = await connectedClinicWithLink(app);
    const accountId = await accountOf(String(clinic.user.clinicId));
    expect((await pressPayoutControl('acct_sbx_ffffffffffffffffffffffff', 'pay_out')).statusCode).toBe(404);
    expect((await pressPayoutControl(accountId, 'not_a_control')).statusCode).toBe(400);
    const nothing = await pressPayoutControl(accountId, 'pay_out');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.body).toContain('There is no available balance to pay out.');
    const rows = await app.database.db
      .select()
      .from(sandboxBalanceTransactions)
      .where(eq(sandboxBalanceTransactions.accountId, accountId));
    expect(rows).toEqual([]);
  });
});

/** Today as DD/MM/YYYY in London, as the exports write dates. */
function londonToday(): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
}
