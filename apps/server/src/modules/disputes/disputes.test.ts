/**
 * Disputes through the real app and the sandbox gateway, paid with Stripe's dispute test cards: the
 * payment shows Disputed, the clinic is told and reminded, the clinic's transfer is reversed and paid
 * back when the dispute is won, evidence is drafted, checked, submitted once and refused after the
 * deadline, early fraud warnings offer a one-click refund, and another clinic's ids answer 404.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, signedInAdmin, signedInClinic } from '../../../test/accounts.js';
import { pendingRefund, recordedPayment, sandboxOf, settleSandbox } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import {
  auditLog,
  devOutbox,
  disputes,
  fraudWarnings,
  payments,
  refunds,
  sandboxDisputes,
  sandboxFiles,
  sandboxTransfers,
} from '../../db/schema/index.js';
import { sandboxWebhookSecrets } from '../../gateway/sandbox/sandbox-gateway.js';
import { signLikeStripe } from '../../gateway/webhook-signature.js';
import { remindDispute } from './index.js';

type Cookies = Record<string, string>;

const DISPUTE_CARD = '4000000000000259';
const INQUIRY_CARD = '4000000000001976';
const WARNING_CARD = '4000000000005423';

describe('disputes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const settle = () => settleSandbox(app);

  /**
   * A clinic with one payment of `amount` pence paid with `card`, its events delivered and what the card
   * raises (a dispute, a warning) settled. The payment row is as recorded, before the dispute.
   */
  async function paidWith(card: string, amount = 4500) {
    const paid = await recordedPayment(app, amount, card);
    await settle();
    return paid;
  }

  async function disputeOf(paymentId: string) {
    const [row] = await app.database.db.select().from(disputes).where(eq(disputes.paymentId, paymentId));
    if (!row) throw new Error('no dispute recorded');
    return row;
  }

  const api = (cookies: Cookies, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      cookies,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  /** Uploads `content` as the dispute's `kind` file; `filename` is the header's filename parameter as sent. */
  function upload(cookies: Cookies, disputeId: string, kind: string, filename: string, content: Buffer) {
    const boundary = `----clinicpay${randomUUID()}`;
    const nameParameter = filename.startsWith('filename*=') ? filename : `filename="${filename}"`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; ${nameParameter}\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return app.inject({
      method: 'POST',
      url: `/api/disputes/${disputeId}/evidence/files`,
      cookies,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
  }

  const png = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );

  it('shows a payment paid with the dispute card as Disputed, tells the clinic and takes the money back from its transfer', async () => {
    const { clinic, payment, intentId } = await paidWith(DISPUTE_CARD, 4500);
    const dispute = await disputeOf(payment.id);
    expect(dispute).toMatchObject({
      amount: 4500,
      reason: 'fraudulent',
      status: 'needs_response',
      fee: 2000,
    });
    expect(dispute.evidenceDueBy?.getTime()).toBeGreaterThan(Date.now());

    const [after] = await app.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after?.disputeStatus).toBe('disputed');

    // The clinic's transfer (amount − application fee) is reversed in full: the disputed amount is more.
    expect(dispute.transferReversalId).toMatch(/^trr_/);
    expect(dispute.reversedAmount).toBe(payment.netAmount);
    expect(await sandboxOf(app).disputes.transferLeft(intentId)).toBe(0);
    const audits = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, payment.id), eq(auditLog.action, 'dispute.transfer_reversed')));
    expect(audits).toHaveLength(1);

    const mail = await lastMailTo(app, clinic.email);
    expect(mail?.subject).toBe(`A payment has been disputed: ${payment.paymentRef}`);
    expect(mail?.textBody).toContain('Ada Patient');
    expect(mail?.textBody).toContain('£45.00');
    expect(mail?.textBody).toContain('did not make this payment (fraud)');
    expect(mail?.textBody).toContain('£20.00 dispute fee');
    expect(mail?.textBody).toMatch(/Respond by \w+day \d{1,2} \w+ \d{4} at \d{2}:\d{2}/);
    expect(mail?.textBody).toContain(`/dashboard/disputes/${dispute.id}`);
    expect(mail?.htmlBody).toContain('<html dir="ltr" lang="en-GB">');
    expect(mail?.htmlBody).toContain(`href="${app.config.publicUrl}/dashboard/disputes/${dispute.id}"`);

    const history = await api(clinic.cookies, 'GET', '/api/payments');
    expect(history.json().items[0]).toMatchObject({ id: payment.id, disputeStatus: 'disputed' });
    const details = await api(clinic.cookies, 'GET', `/api/payments/${payment.id}`);
    expect(details.json()).toMatchObject({
      disputeId: dispute.id,
      disputeStatus: 'disputed',
      refundableAmount: 0,
    });
    const csv = await api(clinic.cookies, 'GET', '/api/payments/export');
    expect(csv.body.trim().split('\n')[1]).toMatch(/,Disputed,$/);

    const list = await api(clinic.cookies, 'GET', '/api/disputes');
    expect(list.json().items).toEqual([
      expect.objectContaining({ id: dispute.id, outcome: 'open', paymentReference: payment.paymentRef }),
    ]);
    const alerts = await api(clinic.cookies, 'GET', '/api/disputes/alerts');
    expect(alerts.json().openDisputes.map((item: { id: string }) => item.id)).toEqual([dispute.id]);
  });

  it('refuses to refund a disputed payment, changing nothing', async () => {
    const { clinic, payment } = await paidWith(DISPUTE_CARD);
    const response = await api(clinic.cookies, 'POST', `/api/payments/${payment.id}/refunds`, {
      amount: 100,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'PAYMENT_DISPUTED',
      message: 'This payment is disputed, so it cannot be refunded. Respond to the dispute instead.',
    });
    const [after] = await app.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ refundAmount: 0, status: 'paid' });
    expect(await disputeOf(payment.id)).toMatchObject({ chargeRefundable: false });
    const details = await api(clinic.cookies, 'GET', `/api/payments/${payment.id}`);
    expect(details.json()).toMatchObject({ disputeRefusesRefund: true, refundableAmount: 0 });
  });

  it('refuses at the provider, as Stripe does, a refund of a charged-back payment', async () => {
    const { intentId } = await paidWith(DISPUTE_CARD);
    await expect(
      sandboxOf(app).createRefund({ paymentIntentId: intentId, amount: 100, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ code: 'charge_disputed' });
  });

  it('refunds a payment under an inquiry, and a refunded inquiry the bank escalates takes nothing back', async () => {
    const { clinic, payment, intentId } = await paidWith(INQUIRY_CARD);
    expect(await disputeOf(payment.id)).toMatchObject({
      status: 'warning_needs_response',
      chargeRefundable: true,
    });
    const details = await api(clinic.cookies, 'GET', `/api/payments/${payment.id}`);
    expect(details.json()).toMatchObject({
      disputeStatus: 'disputed',
      disputeRefusesRefund: false,
      refundableAmount: 4500,
    });
    const inquiry = await disputeOf(payment.id);
    const page = async () => (await api(clinic.cookies, 'GET', `/api/disputes/${inquiry.id}`)).json();
    expect(await page()).toMatchObject({ inquiry: true, paymentRefundable: true });
    const part = await api(clinic.cookies, 'POST', `/api/payments/${payment.id}/refunds`, { amount: 1000 });
    expect(part.statusCode).toBe(200);
    expect(await page()).toMatchObject({ paymentRefundable: true });
    const rest = await api(clinic.cookies, 'POST', `/api/payments/${payment.id}/refunds`, { amount: 3500 });
    expect(rest.statusCode).toBe(200);
    await settle();
    // Refunded in full: the inquiry's page no longer offers a refund.
    expect(await page()).toMatchObject({ paymentRefundable: false });

    await sandboxOf(app).disputes.decide(inquiry.providerDisputeId, 'lost');
    await settle();
    expect(await disputeOf(payment.id)).toMatchObject({
      status: 'needs_response',
      chargeRefundable: false,
      fundsWithdrawn: 0,
      reversedAmount: 0,
      transferReversalId: null,
    });
    expect(await sandboxOf(app).disputes.transferLeft(intentId)).toBe(0);
    const [after] = await app.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ refundAmount: 4500, status: 'refunded', disputeStatus: 'disputed' });
  });

  it('withdraws what refunds left when a partly refunded inquiry becomes a chargeback, and refunds no more', async () => {
    const { clinic, payment } = await paidWith(INQUIRY_CARD);
    const part = await api(clinic.cookies, 'POST', `/api/payments/${payment.id}/refunds`, { amount: 1000 });
    expect(part.statusCode).toBe(200);
    await settle();
    await sandboxOf(app).disputes.decide((await disputeOf(payment.id)).providerDisputeId, 'lost');
    await settle();
    expect(await disputeOf(payment.id)).toMatchObject({ chargeRefundable: false, fundsWithdrawn: 3500 });
    const details = await api(clinic.cookies, 'GET', `/api/payments/${payment.id}`);
    expect(details.json()).toMatchObject({ disputeRefusesRefund: true, refundableAmount: 0 });
    const refused = await api(clinic.cookies, 'POST', `/api/payments/${payment.id}/refunds`, { amount: 100 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PAYMENT_DISPUTED');
  });

  it('keeps a draft, checks files by content, sends nothing until submitted, and submits once', async () => {
    const { clinic, payment } = await paidWith(DISPUTE_CARD);
    const dispute = await disputeOf(payment.id);
    const url = `/api/disputes/${dispute.id}`;

    const detail = await api(clinic.cookies, 'GET', url);
    expect(detail.json()).toMatchObject({
      canRespond: true,
      text: '',
      known: {
        receipt: { reference: payment.paymentRef, amount: 4500, title: 'Consultation' },
        patient: { name: 'Ada Patient', email: 'ada@patient.example' },
        source: { kind: 'link', title: 'Consultation' },
        payerIp: '127.0.0.1',
      },
    });
    expect(detail.json().known.emails).toEqual([
      expect.objectContaining({ recipient: 'ada@patient.example', subject: 'Payment receipt' }),
    ]);

    const draft = await api(clinic.cookies, 'PUT', `${url}/evidence`, {
      text: 'Treatment given on the day.',
    });
    expect(draft.statusCode).toBe(200);
    expect(draft.json().text).toBe('Treatment given on the day.');
    expect(
      (await api(clinic.cookies, 'PUT', `${url}/evidence`, { text: 'x'.repeat(20_001) })).statusCode,
    ).toBe(400);

    const image = await png();
    const wrongType = await upload(
      clinic.cookies,
      dispute.id,
      'receipt',
      'notes.txt',
      Buffer.from('just text'),
    );
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().message).toBe('Evidence files must be PDF, PNG or JPEG');
    const truncated = await upload(
      clinic.cookies,
      dispute.id,
      'receipt',
      'cut.png',
      image.subarray(0, image.length - 30),
    );
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().code).toBe('EVIDENCE_FILE_UNREADABLE');
    const cutPdf = await upload(clinic.cookies, dispute.id, 'receipt', 'cut.pdf', pdf.subarray(0, 60));
    expect(cutPdf.json().code).toBe('EVIDENCE_FILE_UNREADABLE');
    const huge = Buffer.concat([
      pdf.subarray(0, pdf.length - 7),
      Buffer.alloc(4_600_000, 32),
      Buffer.from('%%EOF\n'),
    ]);
    const tooLarge = await upload(clinic.cookies, dispute.id, 'receipt', 'huge.pdf', huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('Evidence files must be at most 4.5 MB together');
    const badKind = await upload(clinic.cookies, dispute.id, 'selfie', 'x.png', image);
    expect(badKind.statusCode).toBe(400);
    // A name PostgreSQL cannot store (a NUL, sent percent-encoded as RFC 5987 allows): refused, not a 500.
    const nulName = await upload(clinic.cookies, dispute.id, 'receipt', "filename*=utf-8''a%00.png", image);
    expect(nulName.statusCode).toBe(400);
    expect(nulName.json().message).toBe('The request contains characters that are not allowed');

    const added = await upload(clinic.cookies, dispute.id, 'receipt', 'receipt.png', image);
    expect(added.statusCode).toBe(200);
    expect(added.json().files).toEqual([
      expect.objectContaining({
        kind: 'receipt',
        filename: 'receipt.png',
        contentType: 'image/png',
        size: image.length,
      }),
    ]);
    const policy = await upload(clinic.cookies, dispute.id, 'refund_policy', 'policy.pdf', pdf);
    expect(policy.json().files).toHaveLength(2);
    // Together over 4.5 MB: refused, the files kept as they were.
    const bigPolicy = Buffer.concat([
      pdf.subarray(0, pdf.length - 7),
      Buffer.alloc(4_499_900, 32),
      Buffer.from('%%EOF\n'),
    ]);
    expect(
      (await upload(clinic.cookies, dispute.id, 'uncategorized_file', 'big.pdf', bigPolicy)).statusCode,
    ).toBe(413);
    const removed = await api(clinic.cookies, 'DELETE', `${url}/evidence/files/${policy.json().files[1].id}`);
    expect(removed.json().files).toHaveLength(1);
    expect(await app.database.db.select().from(sandboxFiles)).toHaveLength(0);

    const submitted = await api(clinic.cookies, 'POST', `${url}/submit`);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ canRespond: false, status: 'under_review' });
    expect(submitted.json().submittedAt).not.toBeNull();
    const [sent] = await app.database.db
      .select()
      .from(sandboxDisputes)
      .where(eq(sandboxDisputes.id, dispute.providerDisputeId));
    expect(sent?.submissionCount).toBe(1);
    expect(sent?.evidence.uncategorized_text).toContain('Treatment given on the day.');
    expect(sent?.evidence.uncategorized_text).toContain(`ClinicPay receipt ${payment.paymentRef}: £45.00`);
    expect(sent?.evidence).toMatchObject({
      customer_name: 'Ada Patient',
      customer_email_address: 'ada@patient.example',
      customer_purchase_ip: '127.0.0.1',
      receipt: expect.stringMatching(/^file_sbx_/),
    });

    const again = await api(clinic.cookies, 'POST', `${url}/submit`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('EVIDENCE_ALREADY_SUBMITTED');
    expect((await api(clinic.cookies, 'PUT', `${url}/evidence`, { text: 'more' })).statusCode).toBe(409);
    expect((await upload(clinic.cookies, dispute.id, 'receipt', 'r.png', image)).statusCode).toBe(409);
  });

  it('refuses evidence after the deadline', async () => {
    const { clinic, payment } = await paidWith(DISPUTE_CARD);
    const dispute = await disputeOf(payment.id);
    await app.database.db
      .update(disputes)
      .set({ evidenceDueBy: new Date(Date.now() - 60_000) })
      .where(eq(disputes.id, dispute.id));
    const save = await api(clinic.cookies, 'PUT', `/api/disputes/${dispute.id}/evidence`, { text: 'late' });
    expect(save.json()).toMatchObject({ code: 'EVIDENCE_CLOSED' });
    expect(save.statusCode).toBe(409);
    expect(save.json().message).toBe('The deadline for evidence has passed');
    expect((await api(clinic.cookies, 'POST', `/api/disputes/${dispute.id}/submit`)).statusCode).toBe(409);
  });

  it('pays the clinic back when the dispute is won with Stripe’s winning test evidence', async () => {
    const { clinic, payment, intentId } = await paidWith(DISPUTE_CARD);
    const dispute = await disputeOf(payment.id);
    await api(clinic.cookies, 'PUT', `/api/disputes/${dispute.id}/evidence`, { text: 'winning_evidence' });
    expect((await api(clinic.cookies, 'POST', `/api/disputes/${dispute.id}/submit`)).statusCode).toBe(200);
    await settle();

    const won = await disputeOf(payment.id);
    expect(won).toMatchObject({ status: 'won', fundsReinstated: 4500, reinstatedAmount: payment.netAmount });
    expect(won.reinstatementTransferId).toMatch(/^tr_/);
    expect(won.closedAt).not.toBeNull();
    expect(await sandboxOf(app).disputes.transferLeft(intentId)).toBe(payment.netAmount);
    const [after] = await app.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after?.disputeStatus).toBe('dispute_won');
    // Processing the events again moves no more money.
    await sandboxOf(app).events.redeliver();
    await settle();
    const transfers = await app.database.db
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.paymentIntentId, intentId));
    expect(transfers.map((transfer) => transfer.kind).sort()).toEqual(['reversal', 'transfer']);
  });

  it('leaves the reversal and the fee on the clinic when the dispute is lost on the sandbox page', async () => {
    const { clinic, payment, intentId } = await paidWith(DISPUTE_CARD);
    const dispute = await disputeOf(payment.id);
    const page = await app.inject({ method: 'GET', url: '/sandbox/disputes' });
    expect(page.body).toContain(dispute.providerDisputeId);
    const lose = await app.inject({
      method: 'POST',
      url: `/sandbox/disputes/${dispute.providerDisputeId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.config.publicUrl },
      payload: 'outcome=lost',
    });
    expect(lose.statusCode).toBe(303);
    await settle();
    const lost = await disputeOf(payment.id);
    expect(lost).toMatchObject({
      status: 'lost',
      fee: 2000,
      reversedAmount: payment.netAmount,
      reinstatedAmount: 0,
    });
    expect(await sandboxOf(app).disputes.transferLeft(intentId)).toBe(0);
    const list = await api(clinic.cookies, 'GET', '/api/disputes');
    expect(list.json().items[0]).toMatchObject({ outcome: 'lost' });
    const history = await api(clinic.cookies, 'GET', '/api/payments');
    expect(history.json().items[0].disputeStatus).toBe('dispute_lost');
    // The bank gave the money back to the patient: nothing is left to refund.
    const details = await api(clinic.cookies, 'GET', `/api/payments/${payment.id}`);
    expect(details.json().refundableAmount).toBe(0);
    const refund = await api(clinic.cookies, 'POST', `/api/payments/${payment.id}/refunds`, { amount: 100 });
    expect(refund.json()).toEqual({
      code: 'PAYMENT_DISPUTED',
      message:
        'This payment was lost to a dispute: the bank returned the money to the patient, so it cannot be refunded.',
    });
  });

  it('records an inquiry without moving money, and a lost inquiry becomes a chargeback', async () => {
    const { payment, intentId } = await paidWith(INQUIRY_CARD);
    const inquiry = await disputeOf(payment.id);
    expect(inquiry).toMatchObject({
      status: 'warning_needs_response',
      fundsWithdrawn: 0,
      transferReversalId: null,
    });
    expect(await sandboxOf(app).disputes.transferLeft(intentId)).toBe(payment.netAmount);
    await sandboxOf(app).disputes.decide(inquiry.providerDisputeId, 'lost');
    await settle();
    const chargeback = await disputeOf(payment.id);
    expect(chargeback).toMatchObject({ status: 'needs_response', fundsWithdrawn: 4500 });
    expect(chargeback.reversedAmount).toBe(payment.netAmount);
  });

  it('takes back what refunds left of the transfer, by the provider’s figure, when a partly refunded payment is disputed', async () => {
    // The payment recorded, the dispute not raised yet (settle raises it).
    const { clinic, payment, intentId } = await recordedPayment(app, 4500, DISPUTE_CARD);
    // Refunds of 1p, 1p and £10.00 each reverse their share of the transfer, rounded by the provider.
    // (A rounding of Stripe's that differs from the sandbox's by a penny is stripe-gateway.test.ts's case.)
    for (const amount of [1, 1, 1000]) {
      const refund = await api(clinic.cookies, 'POST', `/api/payments/${payment.id}/refunds`, { amount });
      expect(refund.statusCode).toBe(200);
    }
    const left = await sandboxOf(app).disputes.transferLeft(intentId);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(payment.netAmount);

    await settle();
    const dispute = await disputeOf(payment.id);
    expect(dispute.fundsWithdrawn).toBeGreaterThan(left);
    expect(dispute.reversedAmount).toBe(left);
    expect(await sandboxOf(app).disputes.transferLeft(intentId)).toBe(0);
  });

  it('lets a clinic answer again, with a new notice, when an inquiry it answered becomes a chargeback', async () => {
    const { clinic, payment } = await paidWith(INQUIRY_CARD);
    const inquiry = await disputeOf(payment.id);
    await api(clinic.cookies, 'PUT', `/api/disputes/${inquiry.id}/evidence`, { text: 'Seen on the day.' });
    const answered = await api(clinic.cookies, 'POST', `/api/disputes/${inquiry.id}/submit`);
    expect(answered.json()).toMatchObject({ status: 'warning_under_review', canRespond: false });

    // The sandbox's chargeback still counts the inquiry's answer among its submissions.
    await sandboxOf(app).disputes.decide(inquiry.providerDisputeId, 'lost');
    await settle();
    const chargeback = await api(clinic.cookies, 'GET', `/api/disputes/${inquiry.id}`);
    expect(chargeback.json()).toMatchObject({
      status: 'needs_response',
      canRespond: true,
      submittedAt: null,
    });
    expect(await disputeOf(payment.id)).toMatchObject({ submissionsBeforeChargeback: 1 });
    await app.jobs.drain();
    const notices = (await app.database.db.select().from(devOutbox)).filter(
      (mail) => mail.recipient === clinic.email && (mail.subject ?? '').includes(payment.paymentRef),
    );
    expect(notices.map((mail) => mail.subject).sort()).toEqual([
      `A payment has been disputed: ${payment.paymentRef}`,
      `The patient’s bank has asked about a payment: ${payment.paymentRef}`,
    ]);
  });

  it('reminds the clinic as the deadline nears, unless it has answered', async () => {
    const { clinic, payment } = await paidWith(DISPUTE_CARD);
    const dispute = await disputeOf(payment.id);
    await app.jobs.drain();
    await app.jobs.makeDue(remindDispute);
    await app.jobs.drain({ only: [remindDispute] });
    const reminder = await lastMailTo(app, clinic.email);
    expect(reminder?.subject).toBe(`Reminder: respond to the dispute on ${payment.paymentRef}`);
    expect(reminder?.textBody).toContain('You have not yet responded to a dispute.');
    expect(reminder?.textBody).toContain(`/dashboard/disputes/${dispute.id}`);
    expect(reminder?.htmlBody).toContain('<html dir="ltr" lang="en-GB">');

    const answered = await paidWith(DISPUTE_CARD);
    const other = await disputeOf(answered.payment.id);
    await api(answered.clinic.cookies, 'PUT', `/api/disputes/${other.id}/evidence`, {
      text: 'We treated them.',
    });
    await api(answered.clinic.cookies, 'POST', `/api/disputes/${other.id}/submit`);
    await app.jobs.drain();
    await app.jobs.makeDue(remindDispute);
    await app.jobs.drain({ only: [remindDispute] });
    const last = await lastMailTo(app, answered.clinic.email);
    expect(last?.subject).toBe(`A payment has been disputed: ${answered.payment.paymentRef}`);
    expect(dispute.id).not.toBe(other.id);
  });

  it('tells the clinic of an early fraud warning and refunds the payment in one click', async () => {
    const { clinic, payment } = await paidWith(WARNING_CARD, 3000);
    const [warning] = await app.database.db
      .select()
      .from(fraudWarnings)
      .where(eq(fraudWarnings.paymentId, payment.id));
    expect(warning).toMatchObject({ fraudType: 'made_with_stolen_card', handledAt: null });
    const mail = await lastMailTo(app, clinic.email);
    expect(mail?.subject).toBe(`A payment may be fraudulent: ${payment.paymentRef}`);
    expect(mail?.textBody).toContain('(£30.00)');
    expect(mail?.textBody).toContain(`Open your dashboard ${app.config.publicUrl}/dashboard`);
    expect(mail?.htmlBody).toContain('<html dir="ltr" lang="en-GB">');

    const alerts = await api(clinic.cookies, 'GET', '/api/disputes/alerts');
    expect(alerts.json().fraudWarnings).toEqual([
      expect.objectContaining({ id: warning?.id, paymentId: payment.id, refundableAmount: 3000 }),
    ]);
    const refund = await api(clinic.cookies, 'POST', `/api/fraud-warnings/${warning?.id}/refund`);
    expect(refund.statusCode).toBe(200);
    expect(refund.json().payment).toMatchObject({ status: 'refunded', refundedAmount: 3000 });
    expect((await api(clinic.cookies, 'GET', '/api/disputes/alerts')).json().fraudWarnings).toEqual([]);
  });

  it('refunds in one click what a refund under way leaves of a warned payment', async () => {
    const { clinic, payment } = await paidWith(WARNING_CARD, 3000);
    const [warning] = await app.database.db
      .select()
      .from(fraudWarnings)
      .where(eq(fraudWarnings.paymentId, payment.id));
    // A refund of £10.00 the provider has not answered yet (as between the ask and its answer).
    await pendingRefund(app, { payment, amount: 1000, createdBy: clinic.user.id });
    const alerts = await api(clinic.cookies, 'GET', '/api/disputes/alerts');
    expect(alerts.json().fraudWarnings).toEqual([expect.objectContaining({ refundableAmount: 2000 })]);

    // The banner's sum from before the refund under way was more than is left: refused, nothing made.
    const stale = await api(clinic.cookies, 'POST', `/api/fraud-warnings/${warning?.id}/refund`, {
      amount: 3000,
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe('Refund amount cannot exceed the payment amount (£20.00)');
    expect(
      await app.database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id)),
    ).toHaveLength(1);

    // Less than is left (a sum confirmed before a refund under way failed, say): made, and the warning
    // stays open with the rest.
    const part = await api(clinic.cookies, 'POST', `/api/fraud-warnings/${warning?.id}/refund`, {
      amount: 1000,
    });
    expect(part.statusCode).toBe(200);
    expect(part.json().payment).toMatchObject({ refundedAmount: 1000 });
    const open = await api(clinic.cookies, 'GET', '/api/disputes/alerts');
    expect(open.json().fraudWarnings).toEqual([expect.objectContaining({ refundableAmount: 1000 })]);

    // Without a sum, the rest: the warning is handled.
    const rest = await api(clinic.cookies, 'POST', `/api/fraud-warnings/${warning?.id}/refund`);
    expect(rest.statusCode).toBe(200);
    expect(rest.json().payment).toMatchObject({ refundedAmount: 2000 });
    const made = await app.database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(made.map((row) => [row.amount, row.status]).sort()).toEqual([
      [1000, 'pending'],
      [1000, 'succeeded'],
      [1000, 'succeeded'],
    ]);
    expect((await api(clinic.cookies, 'GET', '/api/disputes/alerts')).json().fraudWarnings).toEqual([]);
    // With all that is left under way, another click says so and changes nothing.
    const again = await api(clinic.cookies, 'POST', `/api/fraud-warnings/${warning?.id}/refund`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'PAYMENT_NOT_REFUNDABLE',
      message: 'A refund of the rest of this payment is already under way',
    });
    expect(
      await app.database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id)),
    ).toHaveLength(3);

    // The refund under way fails, as a card issuer may: the warning is back, with what is left again.
    await app.database.db
      .update(refunds)
      .set({ status: 'failed' })
      .where(and(eq(refunds.paymentId, payment.id), eq(refunds.status, 'pending')));
    const back = await api(clinic.cookies, 'GET', '/api/disputes/alerts');
    expect(back.json().fraudWarnings).toEqual([
      expect.objectContaining({ id: warning?.id, refundableAmount: 1000 }),
    ]);
  });

  it('answers 404 for another clinic’s dispute and warning ids, and for malformed ones', async () => {
    const { payment } = await paidWith(DISPUTE_CARD);
    const dispute = await disputeOf(payment.id);
    const stranger = await signedInClinic(app);
    const url = `/api/disputes/${dispute.id}`;
    for (const [method, path, payload] of [
      ['GET', url, undefined],
      ['PUT', `${url}/evidence`, { text: 'mine now' }],
      ['POST', `${url}/submit`, undefined],
      ['DELETE', `${url}/evidence/files/${randomUUID()}`, undefined],
      ['GET', '/api/disputes/not-a-uuid', undefined],
      ['POST', `/api/fraud-warnings/${randomUUID()}/refund`, undefined],
    ] as const) {
      const response = await api(stranger.cookies, method, path, payload);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await upload(stranger.cookies, dispute.id, 'receipt', 'r.png', await png())).statusCode).toBe(
      404,
    );
    expect((await disputeOf(payment.id)).evidenceText).toBe('');
    expect((await api(stranger.cookies, 'GET', '/api/disputes')).json().items).toEqual([]);
  });

  it('acknowledges a dispute event about a charge ClinicPay does not know, changing nothing', async () => {
    const before = await app.database.db.select().from(disputes);
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'charge.dispute.created',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { id: 'dp_unknown', object: 'dispute' } },
    });
    const secret = sandboxWebhookSecrets(await sandboxOf(app).signingSecret()).platform;
    const response = await app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signLikeStripe(payload, secret) },
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(await app.database.db.select().from(disputes)).toHaveLength(before.length);
  });

  it('lists every open dispute for admins, with each clinic’s dispute rate', async () => {
    const { payment } = await paidWith(DISPUTE_CARD);
    const admin = await signedInAdmin(app);
    const response = await api(admin.cookies, 'GET', '/api/admin/disputes');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const dispute = await disputeOf(payment.id);
    expect(body.open).toContainEqual(expect.objectContaining({ id: dispute.id, clinicId: payment.clinicId }));
    expect(body.rates).toContainEqual(
      expect.objectContaining({ clinicId: payment.clinicId, payments: 1, disputes: 1, ratePercent: 100 }),
    );
    const clinic = await signedInClinic(app);
    expect((await api(clinic.cookies, 'GET', '/api/admin/disputes')).statusCode).toBe(403);
  });
});
