/**
 * The audit trail of a clinic's payment requests: each one sent, sent again, reminded by hand and
 * cancelled is recorded against the clinic, by the member who did it, in the transaction that does it;
 * a refused one, and the scheduled reminder sweep (no one acts), record nothing.
 */
import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClinic } from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog, paymentRequests } from '../../db/schema/index.js';
import { sendDueReminders } from './service.js';

describe('the audit trail of payment requests', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const send = (cookies: Record<string, string>, payload: object) =>
    app.inject({ method: 'POST', url: '/api/payment-requests', cookies, payload });
  const post = (cookies: Record<string, string>, id: string, step: 'resend' | 'remind' | 'cancel') =>
    app.inject({ method: 'POST', url: `/api/payment-requests/${id}/${step}`, cookies });
  /** The clinic's request entries in the audit log, oldest first. */
  const requestEntries = (clinicId: string) =>
    app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clinicId, clinicId), like(auditLog.action, 'request.%')))
      .orderBy(asc(auditLog.createdAt));

  it('records a request sent, sent again, reminded and cancelled, by the member, against the clinic', async () => {
    const { cookies, user } = await signedInClinic(app);
    const sent = await send(cookies, {
      patientName: 'Grace Patient',
      patientEmail: 'audit@patient.example',
      customAmount: 12_000,
    });
    expect(sent.statusCode).toBe(201);
    const { id } = sent.json();
    expect((await post(cookies, id, 'resend')).statusCode).toBe(200);
    expect((await post(cookies, id, 'remind')).statusCode).toBe(200);
    expect((await post(cookies, id, 'cancel')).statusCode).toBe(200);
    // Cancelling a cancelled request changes nothing: no second entry.
    expect((await post(cookies, id, 'cancel')).statusCode).toBe(200);

    const entries = await requestEntries(user.clinicId);
    const bySameMember = { actorUserId: user.id, entityType: 'clinic', entityId: user.clinicId };
    expect(entries).toEqual([
      expect.objectContaining({
        ...bySameMember,
        action: 'request.sent',
        clinicId: user.clinicId,
        details: { requestId: id, patientEmail: 'audit@patient.example', amount: 12_000 },
      }),
      expect.objectContaining({
        ...bySameMember,
        action: 'request.resent',
        details: { requestId: id, notices: 1 },
      }),
      expect.objectContaining({
        ...bySameMember,
        action: 'request.reminded',
        details: { requestId: id, notices: 1 },
      }),
      expect.objectContaining({ ...bySameMember, action: 'request.cancelled', details: { requestId: id } }),
    ]);
  });

  it("records a link's request with the link's amount in pence", async () => {
    const { cookies, user } = await signedInClinic(app);
    const { link } = (
      await app.inject({
        method: 'POST',
        url: '/api/payment-links',
        cookies,
        payload: { title: 'Hygiene appointment', amount: 6500 },
      })
    ).json();
    const sent = await send(cookies, {
      patientName: 'Grace Patient',
      patientEmail: 'linked@patient.example',
      paymentLinkId: link.id,
    });
    expect(sent.statusCode).toBe(201);
    const [entry] = await requestEntries(user.clinicId);
    expect(entry?.details).toEqual({
      requestId: sent.json().id,
      patientEmail: 'linked@patient.example',
      amount: 6500,
    });
  });

  it('records nothing for a request refused, not found, paid or closed', async () => {
    const mine = await signedInClinic(app);
    const theirs = await signedInClinic(app);
    const invalid = await send(mine.cookies, { patientName: 'Grace Patient', patientEmail: 'not-an-email' });
    expect(invalid.statusCode).toBe(400);
    const noLink = await send(mine.cookies, {
      patientName: 'Grace Patient',
      patientEmail: 'grace@patient.example',
      paymentLinkId: '00000000-0000-4000-8000-000000000000',
    });
    expect(noLink.statusCode).toBe(404);

    const { id } = (
      await send(theirs.cookies, {
        patientName: 'Grace Patient',
        patientEmail: 'theirs@patient.example',
        customAmount: 3000,
      })
    ).json();
    for (const step of ['resend', 'remind', 'cancel'] as const) {
      expect((await post(mine.cookies, id, step)).statusCode).toBe(404);
      expect((await post(mine.cookies, 'not-a-request', step)).statusCode).toBe(404);
    }
    expect(await requestEntries(mine.user.clinicId)).toEqual([]);

    // Paid: nothing more is sent, nor cancelled, so nothing more is recorded.
    await app.database.db.update(paymentRequests).set({ status: 'paid' }).where(eq(paymentRequests.id, id));
    for (const step of ['resend', 'remind', 'cancel'] as const)
      expect((await post(theirs.cookies, id, step)).statusCode).toBe(409);
    expect((await requestEntries(theirs.user.clinicId)).map((entry) => entry.action)).toEqual([
      'request.sent',
    ]);

    // Cancelled: a resend or reminder is refused and recorded by nothing but the cancellation.
    const { id: cancelledId } = (
      await send(theirs.cookies, {
        patientName: 'Grace Patient',
        patientEmail: 'cancelled@patient.example',
        customAmount: 3000,
      })
    ).json();
    expect((await post(theirs.cookies, cancelledId, 'cancel')).statusCode).toBe(200);
    expect((await post(theirs.cookies, cancelledId, 'resend')).statusCode).toBe(409);
    expect((await post(theirs.cookies, cancelledId, 'remind')).statusCode).toBe(409);
    expect((await requestEntries(theirs.user.clinicId)).map((entry) => entry.action)).toEqual([
      'request.sent',
      'request.sent',
      'request.cancelled',
    ]);
  });

  it('records nothing for the scheduled reminders, which no member sends', async () => {
    const { cookies, user } = await signedInClinic(app);
    const { id } = (
      await send(cookies, {
        patientName: 'Grace Patient',
        patientEmail: 'swept@patient.example',
        customAmount: 4000,
      })
    ).json();
    const reminded = await sendDueReminders(
      { db: app.database.db, jobs: app.jobs, publicUrl: app.config.publicUrl },
      new Date(Date.now() + 4 * 86_400_000),
      { onlyRequestId: id },
    );
    expect(reminded).toBe(1);
    expect((await requestEntries(user.clinicId)).map((entry) => entry.action)).toEqual(['request.sent']);
  });
});
