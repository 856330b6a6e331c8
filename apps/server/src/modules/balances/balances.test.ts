/**
 * Deposits with the balance later through the real app and the sandbox
 * (docs/decisions/0094-deposits-and-balances.md): a link with a treatment total takes a deposit (fixed
 * or a percent), its payment shows the balance due, Request balance sends a request for exactly that
 * which the patient pays, and the balance can instead be charged to the card saved with the deposit
 * under the patient's consent; then both payments are settled. The balance is never asked for twice.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmWithCard, connectedClinic, sandboxOf } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog, devOutbox, paymentRequests } from '../../db/schema/index.js';

describe('deposits with the balance later', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const checkout = (pageId: string, email: string, extra: object = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/public/payments/${pageId}/payment-intents`,
      payload: { name: 'Ada Patient', email, attemptId: randomUUID(), ...extra },
    });

  /** Pays page `pageId` with 4242 as `email` and records it; resolves to the payment's id. */
  async function pay(cookies: Record<string, string>, pageId: string, email: string, extra: object = {}) {
    const intent = (await checkout(pageId, email, extra)).json();
    expect((await confirmWithCard(app, intent, '4242424242424242')).json().paymentIntent.status).toBe(
      'succeeded',
    );
    await sandboxOf(app).events.deliverDue();
    const history = (
      await app.inject({ url: `/api/payments?search=${encodeURIComponent(email)}`, cookies })
    ).json();
    const paid = history.items.find((item: { isRequest: boolean }) => !item.isRequest);
    return paid.id as string;
  }

  const details = (cookies: Record<string, string>, id: string) =>
    app.inject({ url: `/api/payments/${id}`, cookies }).then((answer) => answer.json());

  /**
   * A new clinic's deposit of `amount` pence towards `treatmentTotal`, paid by a new patient; with the
   * call that asks for its balance.
   */
  async function paidDeposit(title: string, amount: number, treatmentTotal: number) {
    const { cookies } = await connectedClinic(app);
    const link = (
      await app.inject({
        method: 'POST',
        url: '/api/payment-links',
        cookies,
        payload: { title, amount, treatmentTotal },
      })
    ).json().link;
    const email = `${randomUUID()}@patient.example`;
    const depositId = await pay(cookies, link.id, email);
    const requestBalance = () =>
      app.inject({ method: 'POST', url: `/api/payments/${depositId}/balance-request`, cookies });
    return { cookies, email, depositId, requestBalance };
  }

  it('takes a deposit of a percent of the treatment total, and refuses a deposit that is not below it', async () => {
    const { cookies } = await connectedClinic(app);
    const create = (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/payment-links',
        cookies,
        payload: { title: 'Implant', ...payload },
      });
    const percent = await create({ treatmentTotal: 12_550, depositPercent: 25 });
    expect(percent.statusCode).toBe(201);
    expect(percent.json().link).toMatchObject({ amount: 3138, treatmentTotal: 12_550 });

    const tooBig = await create({ amount: 12_550, treatmentTotal: 12_550 });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().fieldErrors).toEqual({
      amount: 'The deposit must be at least £0.30 less than the treatment total',
    });
    const noTotal = await create({ amount: 1000, depositPercent: 25 });
    expect(noTotal.statusCode).toBe(400);
    expect(noTotal.json().fieldErrors.treatmentTotal).toBe(
      'Enter the treatment total to take a percent of it',
    );
    const mismatch = await create({ amount: 1000, treatmentTotal: 12_550, depositPercent: 25 });
    expect(mismatch.json().fieldErrors).toEqual({
      amount: 'The deposit does not match the percent of the treatment total',
    });
    const badPercent = await create({ treatmentTotal: 12_550, depositPercent: 100 });
    expect(badPercent.statusCode).toBe(400);
    expect(badPercent.json().fieldErrors).toMatchObject({
      depositPercent: 'Enter a whole percent from 1 to 99',
    });
  });

  it('shows the balance due, requests exactly that, and settles both payments once the patient pays it', async () => {
    const { cookies } = await connectedClinic(app);
    const link = (
      await app.inject({
        method: 'POST',
        url: '/api/payment-links',
        cookies,
        payload: { title: 'Laser course', amount: 5000, treatmentTotal: 20_000 },
      })
    ).json().link;
    const page = (await app.inject({ url: `/api/public/payments/${link.id}` })).json();
    expect(page.deposit).toEqual({ treatmentTotal: 20_000, balanceDue: 15_000 });

    const email = `${randomUUID()}@patient.example`;
    const depositId = await pay(cookies, link.id, email);
    const deposit = await details(cookies, depositId);
    expect(deposit.balance).toEqual({
      treatmentTotal: 20_000,
      paid: 5000,
      due: 15_000,
      request: null,
      chargeUnderWay: false,
      card: null,
    });
    expect(deposit.balanceOf).toBeNull();
    await app.jobs.drain();
    const receipt = await app.database.db
      .select()
      .from(devOutbox)
      .where(and(eq(devOutbox.recipient, email), like(devOutbox.subject, 'Payment receipt%')));
    expect(receipt[0]?.textBody).toContain('Balance still to pay: £150.00');

    const requested = await app.inject({
      method: 'POST',
      url: `/api/payments/${depositId}/balance-request`,
      cookies,
    });
    expect(requested.statusCode).toBe(201);
    const requestId = requested.json().id as string;
    const again = await app.inject({
      method: 'POST',
      url: `/api/payments/${depositId}/balance-request`,
      cookies,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A balance request has been sent and is waiting for the patient');
    expect((await details(cookies, depositId)).balance.request.id).toBe(requestId);

    // The patient is emailed the request for exactly the balance, and pays it from the link.
    await app.jobs.drain();
    const [mail] = await app.database.db
      .select()
      .from(devOutbox)
      .where(and(eq(devOutbox.recipient, email), like(devOutbox.subject, 'Payment request%')));
    expect(mail?.subject).toMatch(/^Payment request from /);
    expect(mail?.textBody).toContain('£150.00');
    expect(mail?.textBody).toContain(`/payment/${requestId}`);
    const requestPage = (await app.inject({ url: `/api/public/payments/${requestId}` })).json();
    expect(requestPage).toMatchObject({ amount: 15_000, title: 'Balance: Laser course', type: 'balance' });
    const balanceId = await pay(cookies, requestId, email);
    expect(balanceId).not.toBe(depositId);

    const settled = await details(cookies, depositId);
    expect(settled.balance).toMatchObject({ paid: 20_000, due: 0, request: null });
    const balance = await details(cookies, balanceId);
    expect(balance).toMatchObject({ type: 'balance', amount: 15_000, linkTitle: 'Balance: Laser course' });
    expect(balance.balanceOf).toEqual({ paymentId: depositId, reference: settled.reference, settled: true });
    const none = await app.inject({
      method: 'POST',
      url: `/api/payments/${depositId}/balance-request`,
      cookies,
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('No balance is due on this payment');
  });

  it('asks for the balance again once its request is cancelled or has expired, never while one is open', async () => {
    const { cookies, depositId, requestBalance } = await paidDeposit('Whitening', 3000, 12_000);

    const first = await requestBalance();
    expect(first.statusCode).toBe(201);
    expect((await requestBalance()).statusCode).toBe(409);
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/payment-requests/${first.json().id}/cancel`,
      cookies,
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await details(cookies, depositId)).balance).toMatchObject({ due: 9000, request: null });

    const second = await requestBalance();
    expect(second.statusCode).toBe(201);
    expect((await details(cookies, depositId)).balance.request.id).toBe(second.json().id);
    expect((await requestBalance()).json().message).toBe(
      'A balance request has been sent and is waiting for the patient',
    );
    await app.database.db
      .update(paymentRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentRequests.id, second.json().id));
    expect((await details(cookies, depositId)).balance.request).toBeNull();
    const third = await requestBalance();
    expect(third.statusCode).toBe(201);
    const page = (await app.inject({ url: `/api/public/payments/${third.json().id}` })).json();
    expect(page).toMatchObject({ amount: 9000, payability: 'payable', type: 'balance' });
  });

  it('holds the balance while a request paid just before it expired waits for its payment to be recorded', async () => {
    const { cookies, email, depositId, requestBalance } = await paidDeposit('Braces', 5000, 15_000);
    const requestId = (await requestBalance()).json().id as string;

    // The patient pays; the provider's event is late, and the request expires meanwhile.
    const events = sandboxOf(app).events;
    events.stop();
    try {
      const intent = (await checkout(requestId, email)).json();
      await confirmWithCard(app, intent, '4242424242424242');
      await app.database.db
        .update(paymentRequests)
        .set({ expiresAt: new Date(Date.now() - 1) })
        .where(eq(paymentRequests.id, requestId));
      const refused = await requestBalance();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'The patient has paid the balance request; the payment is being recorded',
      );
    } finally {
      events.start();
    }
    await events.deliverDue();
    // Paid before it expired: it counts, and settles the balance.
    expect((await details(cookies, depositId)).balance).toMatchObject({ paid: 15_000, due: 0 });
    expect((await requestBalance()).json().message).toBe('No balance is due on this payment');
  });

  it('lets the balance be asked again when the patient paid an expired request late, which is refunded', async () => {
    const { cookies, email, depositId, requestBalance } = await paidDeposit('Retainer', 4000, 10_000);
    const requestId = (await requestBalance()).json().id as string;
    // A tab opened before the request expired pays it two seconds after.
    const intent = (await checkout(requestId, email)).json();
    await app.database.db
      .update(paymentRequests)
      .set({ expiresAt: new Date(Date.now() - 2000) })
      .where(eq(paymentRequests.id, requestId));
    await confirmWithCard(app, intent, '4242424242424242');
    await sandboxOf(app).events.deliverDue();
    await app.jobs.drain();
    await sandboxOf(app).events.deliverDue();
    // Recorded as a second payment and refunded: it neither settles the balance nor holds it.
    expect((await details(cookies, depositId)).balance).toMatchObject({
      paid: 4000,
      due: 6000,
      request: null,
    });
    expect((await requestBalance()).statusCode).toBe(201);
  });

  it('audits a balance requested against the deposit, by the member, and nothing for a refused request', async () => {
    const { cookies, user } = await connectedClinic(app);
    const link = (
      await app.inject({
        method: 'POST',
        url: '/api/payment-links',
        cookies,
        payload: { title: 'Whitening', amount: 4000, treatmentTotal: 16_000 },
      })
    ).json().link;
    const depositId = await pay(cookies, link.id, `${randomUUID()}@patient.example`);
    const balanceRequest = (id: string) =>
      app.inject({ method: 'POST', url: `/api/payments/${id}/balance-request`, cookies });
    const entries = () =>
      app.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.clinicId, user.clinicId), eq(auditLog.action, 'balance.requested')));

    expect((await balanceRequest(randomUUID())).statusCode).toBe(404);
    expect((await balanceRequest('not-a-payment')).statusCode).toBe(404);
    expect(await entries()).toEqual([]);

    const requested = await balanceRequest(depositId);
    expect(requested.statusCode).toBe(201);
    // Asked again while the first waits for the patient: refused, and not recorded.
    expect((await balanceRequest(depositId)).statusCode).toBe(409);
    expect(await entries()).toEqual([
      expect.objectContaining({
        action: 'balance.requested',
        actorUserId: user.id,
        entityType: 'payment',
        entityId: depositId,
        clinicId: user.clinicId,
        details: { requestId: requested.json().id, amount: 12_000 },
      }),
    ]);
  });

  it('takes a deposit on a custom-amount request with its own treatment total', async () => {
    const { cookies } = await connectedClinic(app);
    const send = (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/payment-requests',
        cookies,
        payload: { patientName: 'Ada Patient', patientEmail: `${randomUUID()}@patient.example`, ...payload },
      });
    const tooBig = await send({ customAmount: 19_980, treatmentTotal: 20_000 });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().fieldErrors).toEqual({
      customAmount: 'The deposit must be at least £0.30 less than the treatment total',
    });

    const sent = await send({ customAmount: 5000, treatmentTotal: 20_000 });
    expect(sent.statusCode).toBe(201);
    const page = (await app.inject({ url: `/api/public/payments/${sent.json().id}` })).json();
    expect(page).toMatchObject({
      amount: 5000,
      type: 'deposit',
      deposit: { treatmentTotal: 20_000, balanceDue: 15_000 },
    });
    const email = page.patientEmail as string;
    const depositId = await pay(cookies, sent.json().id, email);
    expect((await details(cookies, depositId)).balance).toMatchObject({
      treatmentTotal: 20_000,
      paid: 5000,
      due: 15_000,
    });
  });

  it('charges the balance to the card saved with the deposit, at most what is due, and once', async () => {
    const { cookies, user } = await connectedClinic(app);
    await app.inject({
      method: 'PUT',
      url: '/api/clinic/policies/no_show',
      cookies,
      payload: { feeType: 'fixed', feeAmount: 4000, text: 'A missed appointment costs £40.00.' },
    });
    const link = (
      await app.inject({
        method: 'POST',
        url: '/api/payment-links',
        cookies,
        payload: { title: 'Veneers', amount: 5000, treatmentTotal: 20_000, requiresCardOnFile: true },
      })
    ).json().link;
    const page = (await app.inject({ url: `/api/public/payments/${link.id}` })).json();
    expect(page.cardOnFile).toContainEqual({
      kind: 'balance',
      version: 1,
      text: 'The balance of your treatment, £150.00, may be charged to your saved card after your appointment.',
      maximumAmount: 15_000,
      noticeHours: null,
    });
    const email = `${randomUUID()}@patient.example`;
    const depositId = await pay(cookies, link.id, email, { cardOnFileConsent: true });
    const { card } = (await details(cookies, depositId)).balance;
    expect(card).toMatchObject({ label: 'Visa ending 4242', maximumAmount: 15_000 });
    const charge = (amount: number) =>
      app.inject({
        method: 'POST',
        url: `/api/patients/${card.patientId}/cards/${card.cardId}/charges`,
        cookies,
        payload: { kind: 'balance', amount },
      });

    const over = await charge(15_001);
    expect(over.statusCode).toBe(400);
    expect(over.json().fieldErrors).toEqual({
      amount: 'The most the patient agreed to for this fee is £150.00',
    });
    // Two clicks at once: one charge, the other refused while the first is under way.
    sandboxOf(app).events.stop();
    const [first, second] = await Promise.all([charge(10_000), charge(10_000)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    // Paid at the provider, but its payment not recorded yet: the balance is still not asked for again.
    const early = await charge(5000);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The balance is being charged to the saved card');
    const earlyRequest = await app.inject({
      method: 'POST',
      url: `/api/payments/${depositId}/balance-request`,
      cookies,
    });
    expect(earlyRequest.statusCode).toBe(409);
    sandboxOf(app).events.start();
    await sandboxOf(app).events.deliverDue();
    expect((await details(cookies, depositId)).balance).toMatchObject({ paid: 15_000, due: 5000 });
    const overDue = await charge(6000);
    expect(overDue.json().fieldErrors).toEqual({ amount: 'The balance due is £50.00' });
    const leavesTooLittle = await charge(4990);
    expect(leavesTooLittle.json().fieldErrors).toEqual({
      amount: 'Charge the whole £50.00, or leave at least £0.30 to pay: a card cannot be charged less',
    });
    expect((await charge(5000)).json().charge.status).toBe('succeeded');
    await sandboxOf(app).events.deliverDue();
    expect((await details(cookies, depositId)).balance).toMatchObject({ paid: 20_000, due: 0 });
    expect((await charge(1000)).json().message).toBe('No balance is due on this payment');

    const history = (await app.inject({ url: `/api/payments?type=balance`, cookies })).json();
    expect(history.items.map((item: { amount: number }) => item.amount).sort()).toEqual(
      [10_000, 5000].sort(),
    );
    // Each charge started is audited, by the member; none of those refused.
    const audited = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clinicId, user.clinicId), eq(auditLog.action, 'saved_card.charged')));
    const amountOf = (details: unknown) => (details as { amount: number }).amount;
    const byAmount = audited.map((entry) => entry.details).sort((a, b) => amountOf(b) - amountOf(a));
    expect(byAmount).toEqual([
      {
        chargeId: expect.any(String),
        cardId: card.cardId,
        patientId: card.patientId,
        amount: 10_000,
        kind: 'balance',
      },
      {
        chargeId: expect.any(String),
        cardId: card.cardId,
        patientId: card.patientId,
        amount: 5000,
        kind: 'balance',
      },
    ]);
    expect(audited.every((entry) => entry.actorUserId === user.id)).toBe(true);
  });
});
