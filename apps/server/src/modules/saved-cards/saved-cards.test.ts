/**
 * A card on file through the real app and the sandbox (docs/decisions/0091-saved-cards-on-platform-customers.md,
 * 0092-card-consent.md): a link that asks for it shows the clinic's policies with their maximums, Pay
 * Now is refused without the consent box, and a paid payment saves the card under the patient with the
 * consents exactly as given; the clinic sees the card and removes it, which detaches it at the provider.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lastMailTo, signedInClinic } from '../../../test/accounts.js';
import { confirmWithCard, connectedClinic, sandboxOf } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import {
  auditLog,
  cardCharges,
  cardConsents,
  notifications,
  payments,
  sandboxCustomers,
  sandboxPaymentIntents,
  savedCards,
} from '../../db/schema/index.js';
import { GatewayOutcomeUnknownError } from '../../gateway/gateway.js';
import { resumeStaleCardCharges } from './charges.js';
import { resumeStaleCardChargesJob } from './jobs.js';

const NO_SHOW_TEXT = 'A missed appointment without notice is charged £40.00 to your saved card.';
const CANCELLATION_TEXT = 'Cancelling with less than 24 hours notice costs half the treatment price.';

describe('a card on file', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** A connected clinic with both policies in force and a £120 link that asks for a card on file. */
  async function clinicWithCardOnFileLink() {
    const clinic = await connectedClinic(app);
    const { cookies } = clinic;
    await app.inject({
      method: 'PUT',
      url: '/api/clinic/policies/no_show',
      cookies,
      payload: { feeType: 'fixed', feeAmount: 4000, text: NO_SHOW_TEXT },
    });
    await app.inject({
      method: 'PUT',
      url: '/api/clinic/policies/cancellation',
      cookies,
      payload: { feeType: 'percent', feePercent: 50, noticeHours: 24, text: CANCELLATION_TEXT },
    });
    const created = await app.inject({
      method: 'POST',
      url: '/api/payment-links',
      cookies,
      payload: { title: 'Laser treatment', amount: 12_000, requiresCardOnFile: true },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().link.requiresCardOnFile).toBe(true);
    return { ...clinic, linkId: created.json().link.id as string };
  }

  // Each patient pays from an address of their own, as patients do: Pay Now's limit is per address
  // (20 a minute), which this file's patients together would pass from one.
  let patientAddresses = 0;
  const checkout = (pageId: string, extra: object = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/public/payments/${pageId}/payment-intents`,
      remoteAddress: `192.0.2.${++patientAddresses % 250}`,
      headers: { 'user-agent': 'Mozilla/5.0 (test browser)' },
      payload: { name: 'Ada Patient', email: 'Ada@Patient.example', attemptId: randomUUID(), ...extra },
    });

  it('shows the policies with the most each allows, and refuses Pay Now without the consent box', async () => {
    const { linkId } = await clinicWithCardOnFileLink();
    const page = (await app.inject({ url: `/api/public/payments/${linkId}` })).json();
    expect(page.cardOnFile).toEqual([
      { kind: 'cancellation', version: 1, text: CANCELLATION_TEXT, maximumAmount: 6000, noticeHours: 24 },
      { kind: 'no_show', version: 1, text: NO_SHOW_TEXT, maximumAmount: 4000, noticeHours: null },
    ]);
    for (const consent of [undefined, false]) {
      const refused = await checkout(linkId, consent === undefined ? {} : { cardOnFileConsent: consent });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        message: 'Please agree to the clinic’s policies to continue',
        fieldErrors: { cardOnFileConsent: 'Please agree to the clinic’s policies to continue' },
      });
    }
    // Nothing was made (this is the file's first checkout): no consent stored, no Customer at the provider.
    expect(await app.database.db.select().from(cardConsents)).toEqual([]);
    expect(await app.database.db.select().from(sandboxCustomers)).toEqual([]);
  });

  it('a custom-amount request can ask for a card on file itself, only with a policy in force', async () => {
    const withoutPolicy = await connectedClinic(app);
    const request = (cookies: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/payment-requests',
        cookies,
        payload: {
          patientName: 'Grace Patient',
          patientEmail: 'grace@patient.example',
          customAmount: 9000,
          requiresCardOnFile: true,
        },
      });
    const refused = await request(withoutPolicy.cookies);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({
      requiresCardOnFile: 'Set a cancellation policy or a no-show fee in Settings → Policies first',
    });

    const { cookies } = await clinicWithCardOnFileLink();
    const sent = await request(cookies);
    expect(sent.statusCode).toBe(201);
    const page = (await app.inject({ url: `/api/public/payments/${sent.json().id}` })).json();
    expect(page.cardOnFile).toEqual([
      expect.objectContaining({ kind: 'cancellation', maximumAmount: 4500 }),
      expect.objectContaining({ kind: 'no_show', maximumAmount: 4000 }),
    ]);
    const unticked = await checkout(sent.json().id);
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().fieldErrors).toEqual({
      cardOnFileConsent: 'Please agree to the clinic’s policies to continue',
    });
  });

  it('saves the card a consenting patient pays with, with the consents as given, and removes it on request', async () => {
    const { linkId, cookies, user } = await clinicWithCardOnFileLink();
    const intent = (await checkout(linkId, { cardOnFileConsent: true })).json();
    expect(intent.paymentIntentId).toMatch(/^pi_sbx_/);
    const made = await sandboxOf(app).retrievePaymentIntent(intent.paymentIntentId);
    expect(made).toMatchObject({ savesCard: true, amount: 12_000 });
    expect(made.customerId).toMatch(/^cus_sbx_/);

    expect((await confirmWithCard(app, intent, '4000 0082 6000 0000')).json().paymentIntent.status).toBe(
      'succeeded',
    );
    await sandboxOf(app).events.deliverDue();

    const patients = (await app.inject({ url: '/api/patients?search=ada', cookies })).json();
    const patientId = patients.items[0].id as string;
    const patient = (await app.inject({ url: `/api/patients/${patientId}`, cookies })).json();
    const payment = patient.payments[0];
    expect(payment.amount).toBe(12_000);
    const { cards } = (await app.inject({ url: `/api/patients/${patientId}/cards`, cookies })).json();
    expect(cards).toHaveLength(1);
    const [card] = cards;
    expect(card).toMatchObject({
      brand: 'visa',
      last4: '0000',
      expMonth: 12,
      expYear: 2034,
      paymentId: payment.id,
      removedAt: null,
    });
    expect(card.consents).toEqual([
      expect.objectContaining({
        kind: 'cancellation',
        version: 1,
        text: CANCELLATION_TEXT,
        maximumAmount: 6000,
      }),
      expect.objectContaining({ kind: 'no_show', version: 1, text: NO_SHOW_TEXT, maximumAmount: 4000 }),
    ]);
    expect(card.consents[0].userAgent).toBe('Mozilla/5.0 (test browser)');
    expect(card.consents[0].ipAddress).toBeTruthy();

    // The payment's details name the card, so a fee can be charged from there.
    const details = (await app.inject({ url: `/api/payments/${payment.id}`, cookies })).json();
    expect(details.savedCard).toEqual({ patientId, cardId: card.id, label: 'Visa ending 0000' });

    // The receipt repeats the card, each policy in the words agreed to with its maximum, and when.
    const receipt = await lastMailTo(app, 'Ada@Patient.example');
    expect(receipt?.subject).toMatch(/^Payment receipt from /);
    const text = receipt?.textBody.replace(/\s+/g, ' ') ?? '';
    expect(text).toContain('has saved your Visa card ending 0000');
    expect(text).toContain(`Cancellation policy: up to £60.00 ${CANCELLATION_TEXT}`);
    expect(text).toContain(`No-show fee: up to £40.00 ${NO_SHOW_TEXT}`);
    expect(text.match(/Agreed: \d{1,2} \w+ \d{4}, \d{2}:\d{2}/g)).toHaveLength(2);
    expect(text).toContain('remove your card at any time');

    // Another clinic sees nothing of it, and cannot remove it.
    const stranger = await signedInClinic(app);
    expect(
      (await app.inject({ url: `/api/patients/${patientId}/cards`, cookies: stranger.cookies })).json(),
    ).toEqual({ cards: [] });
    const strangerRemoves = await app.inject({
      method: 'POST',
      url: `/api/patients/${patientId}/cards/${card.id}/remove`,
      cookies: stranger.cookies,
    });
    expect(strangerRemoves.statusCode).toBe(404);

    const removed = await app.inject({
      method: 'POST',
      url: `/api/patients/${patientId}/cards/${card.id}/remove`,
      cookies,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().cards[0].removedAt).not.toBeNull();
    const [row] = await app.database.db.select().from(savedCards).where(eq(savedCards.id, card.id));
    const atProvider = await sandboxOf(app).retrievePaymentMethod(String(row?.providerPaymentMethodId));
    expect(atProvider.customerId).toBeNull();
    const audited = await app.database.db.select().from(auditLog).where(eq(auditLog.entityId, card.id));
    expect(audited).toEqual([
      expect.objectContaining({
        action: 'saved_card.removed',
        actorUserId: user.id,
        entityType: 'saved_card',
        clinicId: user.clinicId,
      }),
    ]);
    const again = await app.inject({
      method: 'POST',
      url: `/api/patients/${patientId}/cards/${card.id}/remove`,
      cookies,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This card has already been removed');
  });

  it('saves no card on a link that does not ask for one, and refuses such a link without a policy', async () => {
    const clinic = await connectedClinic(app);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/payment-links',
      cookies: clinic.cookies,
      payload: { title: 'Laser treatment', amount: 12_000, requiresCardOnFile: true },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Set a cancellation policy or a no-show fee in Settings → Policies first',
    );

    const plain = await app.inject({
      method: 'POST',
      url: '/api/payment-links',
      cookies: clinic.cookies,
      payload: { title: 'Consultation', amount: 5000 },
    });
    const linkId = plain.json().link.id as string;
    expect((await app.inject({ url: `/api/public/payments/${linkId}` })).json().cardOnFile).toBeNull();
    const intent = (await checkout(linkId, { cardOnFileConsent: true })).json();
    expect(await sandboxOf(app).retrievePaymentIntent(intent.paymentIntentId)).toMatchObject({
      savesCard: false,
      customerId: null,
    });
  });

  it('a request for a card-on-file link saves the card under the request’s patient', async () => {
    const { linkId, cookies } = await clinicWithCardOnFileLink();
    const sent = await app.inject({
      method: 'POST',
      url: '/api/payment-requests',
      cookies,
      payload: { paymentLinkId: linkId, patientName: 'Grace Patient', patientEmail: 'grace@patient.example' },
    });
    expect(sent.statusCode).toBe(201);
    const requestId = sent.json().id as string;
    expect((await checkout(requestId)).statusCode).toBe(400);
    const intent = (await checkout(requestId, { cardOnFileConsent: true })).json();
    await confirmWithCard(app, intent, '4242424242424242');
    await sandboxOf(app).events.deliverDue();
    const rows = await app.database.db
      .select()
      .from(cardConsents)
      .where(eq(cardConsents.paymentIntentId, intent.paymentIntentId));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.savedCardId !== null && row.paymentId !== null)).toBe(true);
    const [card] = await app.database.db
      .select()
      .from(savedCards)
      .where(eq(savedCards.id, String(rows[0]?.savedCardId)));
    const patients = (await app.inject({ url: '/api/patients?search=grace', cookies })).json();
    expect(card?.patientId).toBe(patients.items[0].id);
  });

  /**
   * A patient who paid £120 on the card-on-file link with `card`, consenting; 3-D Secure is approved
   * when the card asks. Returns the clinic's cookies, the patient and the saved card.
   */
  async function patientWithSavedCard(
    card = '4000008260000000',
    email = `${randomUUID()}@patient.example`,
    phone?: string,
  ) {
    const clinic = await clinicWithCardOnFileLink();
    const intent = (
      await checkout(clinic.linkId, { cardOnFileConsent: true, email, ...(phone ? { phone } : {}) })
    ).json();
    const confirmed = (await confirmWithCard(app, intent, card)).json();
    if (confirmed.nextAction)
      await approveAuthentication(confirmed.nextAction.redirectUrl, intent.clientSecret);
    await sandboxOf(app).events.deliverDue();
    const patients = (
      await app.inject({ url: `/api/patients?search=${email}`, cookies: clinic.cookies })
    ).json();
    const patientId = patients.items[0].id as string;
    const { cards } = (
      await app.inject({ url: `/api/patients/${patientId}/cards`, cookies: clinic.cookies })
    ).json();
    return { ...clinic, patientId, cardId: cards[0].id as string };
  }

  async function approveAuthentication(redirectUrl: string, clientSecret: string) {
    const challenge = new URL(redirectUrl);
    const answer = await app.inject({
      method: 'POST',
      url: challenge.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.config.publicUrl },
      payload: new URLSearchParams({
        decision: 'approve',
        client_secret: clientSecret,
        return_url: `${app.config.publicUrl}/payment/success`,
      }).toString(),
    });
    expect(answer.statusCode).toBe(303);
  }

  const chargeCard = (
    patient: { patientId: string; cardId: string; cookies: Record<string, string> },
    kind: string,
    amount: number,
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/patients/${patient.patientId}/cards/${patient.cardId}/charges`,
      cookies: patient.cookies,
      payload: { kind, amount },
    });

  /** The clinic's saved-card charge entries in the audit log. */
  const chargeEntries = (clinicId: string) =>
    app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clinicId, clinicId), eq(auditLog.action, 'saved_card.charged')));

  it('charges a £40 no-show fee that is paid and recorded, and refuses £50 and a second one', async () => {
    const patient = await patientWithSavedCard();
    const tooMuch = await chargeCard(patient, 'no_show_fee', 5000);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      message: 'The most the patient agreed to for this fee is £40.00',
      fieldErrors: { amount: 'The most the patient agreed to for this fee is £40.00' },
    });
    expect(
      await app.database.db.select().from(cardCharges).where(eq(cardCharges.savedCardId, patient.cardId)),
    ).toEqual([]);
    expect(await chargeEntries(patient.user.clinicId)).toEqual([]);

    const charged = await chargeCard(patient, 'no_show_fee', 4000);
    expect(charged.statusCode).toBe(200);
    expect(charged.json().charge).toMatchObject({ kind: 'no_show_fee', amount: 4000, status: 'succeeded' });
    // Audited against the clinic, by the member who charged it, in the transaction that started it.
    const audited = [
      expect.objectContaining({
        action: 'saved_card.charged',
        actorUserId: patient.user.id,
        entityType: 'clinic',
        entityId: patient.user.clinicId,
        clinicId: patient.user.clinicId,
        details: {
          chargeId: charged.json().charge.id,
          cardId: patient.cardId,
          patientId: patient.patientId,
          amount: 4000,
          kind: 'no_show_fee',
        },
      }),
    ];
    expect(await chargeEntries(patient.user.clinicId)).toEqual(audited);
    await sandboxOf(app).events.deliverDue();
    const detail = (
      await app.inject({ url: `/api/patients/${patient.patientId}`, cookies: patient.cookies })
    ).json();
    const fee = detail.payments.find((payment: { title: string }) => payment.title === 'No-show fee');
    expect(fee).toMatchObject({ amount: 4000, status: 'paid' });
    const { cards } = (
      await app.inject({ url: `/api/patients/${patient.patientId}/cards`, cookies: patient.cookies })
    ).json();
    expect(cards[0].charges).toEqual([
      expect.objectContaining({ kind: 'no_show_fee', amount: 4000, status: 'succeeded', paymentId: fee.id }),
    ]);
    // The platform fee is taken as on any payment, and it is a destination charge to the clinic.
    const [row] = await app.database.db
      .select()
      .from(cardCharges)
      .where(eq(cardCharges.savedCardId, patient.cardId));
    const intent = await sandboxOf(app).retrievePaymentIntent(String(row?.paymentIntentId));
    expect(intent.applicationFeeAmount).toBeGreaterThan(0);
    expect(intent.destinationAccountId).toMatch(/^acct_sbx_/);

    const again = await chargeCard(patient, 'no_show_fee', 4000);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CARD_FEE_ALREADY_CHARGED');
    // A missed appointment is not also a late cancellation: one fee per appointment. (Above the
    // consent is still refused first.)
    expect((await chargeCard(patient, 'late_cancellation_fee', 6001)).statusCode).toBe(400);
    const both = await chargeCard(patient, 'late_cancellation_fee', 6000);
    expect(both.statusCode).toBe(409);
    expect(both.json().message).toBe(
      'A fee has already been charged, or is being charged, for this appointment',
    );
    // The refused charges are not audited.
    expect(await chargeEntries(patient.user.clinicId)).toEqual(audited);
  });

  it('records a fee as a payment like any other: linked, in the CSV and stats, receipted, refundable', async () => {
    const email = `${randomUUID()}@patient.example`;
    const patient = await patientWithSavedCard(undefined, email);
    expect((await chargeCard(patient, 'no_show_fee', 4000)).json().charge.status).toBe('succeeded');
    await sandboxOf(app).events.deliverDue();
    const { payments: paid } = (
      await app.inject({ url: `/api/patients/${patient.patientId}`, cookies: patient.cookies })
    ).json();
    const deposit = paid.find((payment: { title: string }) => payment.title === 'Laser treatment');
    const fee = paid.find((payment: { title: string }) => payment.title === 'No-show fee');
    const details = (await app.inject({ url: `/api/payments/${fee.id}`, cookies: patient.cookies })).json();
    expect(details).toMatchObject({ type: 'no_show_fee', amount: 4000 });
    const [row] = await app.database.db.select().from(payments).where(eq(payments.id, fee.id));
    expect(row?.originalPaymentId).toBe(deposit.id);

    const csv = (await app.inject({ url: '/api/payments/export', cookies: patient.cookies })).body;
    expect(csv.split('\n').filter((line) => line.includes('No-show fee'))).toHaveLength(1);
    const stats = (await app.inject({ url: '/api/payments/stats', cookies: patient.cookies })).json();
    expect(stats.totalReceivedToday).toBe(12_000 + 4000);

    const receipt = await lastMailTo(app, email);
    expect(receipt?.subject).toMatch(/^Payment receipt from /);
    expect(receipt?.textBody).toContain('£40.00');

    const refunded = await app.inject({
      method: 'POST',
      url: `/api/payments/${fee.id}/refunds`,
      cookies: patient.cookies,
      payload: { amount: 4000 },
    });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().refund).toMatchObject({ amount: 4000, status: 'succeeded' });
  });

  it('charges a late cancellation fee up to the half of the treatment the patient agreed to', async () => {
    const patient = await patientWithSavedCard();
    expect((await chargeCard(patient, 'late_cancellation_fee', 6001)).statusCode).toBe(400);
    const charged = await chargeCard(patient, 'late_cancellation_fee', 6000);
    expect(charged.json().charge).toMatchObject({
      kind: 'late_cancellation_fee',
      amount: 6000,
      status: 'succeeded',
    });
    await sandboxOf(app).events.deliverDue();
    const { payments: paid } = (
      await app.inject({ url: `/api/patients/${patient.patientId}`, cookies: patient.cookies })
    ).json();
    expect(
      paid.find((payment: { title: string }) => payment.title === 'Late cancellation fee'),
    ).toMatchObject({
      amount: 6000,
      status: 'paid',
    });
  });

  it('refuses to charge an expired card, charging nothing', async () => {
    const patient = await patientWithSavedCard();
    await app.database.db
      .update(savedCards)
      .set({ expMonth: 1, expYear: 2020 })
      .where(eq(savedCards.id, patient.cardId));
    const refused = await chargeCard(patient, 'no_show_fee', 4000);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CARD_NOT_CHARGEABLE',
      message: 'This card has expired and can no longer be charged',
    });
    expect(
      await app.database.db.select().from(cardCharges).where(eq(cardCharges.savedCardId, patient.cardId)),
    ).toEqual([]);
  });

  it('makes one charge of twenty clicks at once', async () => {
    const patient = await patientWithSavedCard();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => chargeCard(patient, 'no_show_fee', 4000)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(19);
    // One charge, one entry: the refused clicks' entries went with their transactions.
    expect(await chargeEntries(patient.user.clinicId)).toHaveLength(1);
    const rows = await app.database.db
      .select()
      .from(cardCharges)
      .where(eq(cardCharges.savedCardId, patient.cardId));
    expect(rows).toHaveLength(1);
    const intents = await app.database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.idempotencyKey, `card-charge:${rows[0]?.id}`));
    expect(intents).toHaveLength(1);
  });

  it('with 4000 0027 6000 3184 waits for the patient, whose authentication completes the charge', async () => {
    const patient = await patientWithSavedCard('4000002760003184');
    const charged = (await chargeCard(patient, 'no_show_fee', 4000)).json().charge;
    expect(charged).toMatchObject({
      status: 'requires_authentication',
      declineCode: 'authentication_required',
    });
    const [row] = await app.database.db.select().from(cardCharges).where(eq(cardCharges.id, charged.id));
    const left = await sandboxOf(app).retrievePaymentIntent(String(row?.paymentIntentId));
    expect(left.status).toBe('requires_payment_method');
    // The patient is sent a link to confirm it (by email: they gave no phone).
    const sent = await app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'charge_authentication'));
    const mine = sent.filter((notice) => JSON.stringify(notice.payload).includes(charged.id));
    expect(mine.map((notice) => notice.channel)).toEqual(['email']);
    const link = new URL(
      String(
        (mine[0]?.payload as { payment?: { payment_link?: string } } | undefined)?.payment?.payment_link,
      ),
    );
    expect(link.pathname).toBe(`/payment/confirm-charge/${charged.id}`);
    const token = String(link.searchParams.get('token'));
    // A token of another shape is not valid either, never an error.
    for (const odd of ['é'.repeat(token.length), 'x', '']) {
      const answer = await app.inject({
        url: `/api/public/card-charges/${charged.id}?token=${encodeURIComponent(odd)}`,
      });
      expect(answer.statusCode).toBe(404);
    }
    const wrong = await app.inject({
      url: `/api/public/card-charges/${charged.id}?token=${'0'.repeat(token.length)}`,
    });
    expect(wrong.statusCode).toBe(404);
    const page = (await app.inject({ url: `/api/public/card-charges/${charged.id}?token=${token}` })).json();
    expect(page).toMatchObject({
      title: 'No-show fee',
      amount: 4000,
      cardBrand: 'Visa',
      cardLast4: '3184',
      status: 'requires_authentication',
      paymentIntentId: left.id,
      clientSecret: left.clientSecret,
      paymentMethodId: left.paymentMethodId,
    });
    // The patient confirms the same intent with their saved card, and passes 3-D Secure.
    const confirm = await app.inject({
      method: 'POST',
      url: `/api/sandbox/payment-intents/${left.id}/confirm-saved-card`,
      payload: {
        clientSecret: left.clientSecret,
        paymentMethodId: String(left.paymentMethodId),
        returnUrl: `${app.config.publicUrl}/payment/success`,
      },
    });
    await approveAuthentication(confirm.json().nextAction.redirectUrl, left.clientSecret);
    await sandboxOf(app).events.deliverDue();
    const { cards } = (
      await app.inject({ url: `/api/patients/${patient.patientId}/cards`, cookies: patient.cookies })
    ).json();
    expect(cards[0].charges[0]).toMatchObject({ id: charged.id, status: 'succeeded' });
    expect(cards[0].charges[0].paymentId).toBeTruthy();
    // The link no longer offers a confirmation.
    const after = (await app.inject({ url: `/api/public/card-charges/${charged.id}?token=${token}` })).json();
    expect(after).toMatchObject({ status: 'succeeded', clientSecret: null, paymentMethodId: null });
  });

  it('texts the authentication link too, to a patient who gave a phone', async () => {
    const patient = await patientWithSavedCard('4000002760003184', undefined, '07700 900123');
    const charged = (await chargeCard(patient, 'no_show_fee', 4000)).json().charge;
    expect(charged.status).toBe('requires_authentication');
    const sent = await app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'charge_authentication'));
    const mine = sent.filter((notice) => JSON.stringify(notice.payload).includes(charged.id));
    expect(mine.map((notice) => [notice.channel, notice.recipient]).sort()).toEqual([
      ['email', expect.stringMatching(/@patient\.example$/)],
      ['sms', '+447700900123'],
    ]);
  });

  it('settles a charge whose answer was lost from the provider’s payment_failed event', async () => {
    const patient = await patientWithSavedCard('4000002760003184');
    const charged = (await chargeCard(patient, 'no_show_fee', 4000)).json().charge;
    await sandboxOf(app).events.deliverDue();
    // As if the provider's answer had timed out: ClinicPay still thinks the charge is processing.
    await app.database.db
      .update(cardCharges)
      .set({ status: 'processing', authenticationToken: null })
      .where(eq(cardCharges.id, charged.id));
    const [row] = await app.database.db.select().from(cardCharges).where(eq(cardCharges.id, charged.id));
    await sandboxOf(app).events.emit(
      'platform',
      'payment_intent.payment_failed',
      { id: String(row?.paymentIntentId), object: 'payment_intent' },
      undefined,
    );
    await sandboxOf(app).events.deliverDue();
    const [settled] = await app.database.db.select().from(cardCharges).where(eq(cardCharges.id, charged.id));
    expect(settled).toMatchObject({
      status: 'failed',
      failureCode: 'authentication_required',
      paymentIntentId: row?.paymentIntentId,
    });
    // The fee is free again: a new charge can be made.
    expect((await chargeCard(patient, 'no_show_fee', 4000)).statusCode).toBe(200);
  });

  /** Dates a charge (started and last written) `minutes` ago. */
  const startedAgo = (chargeId: string, minutes: number) =>
    app.database.db
      .update(cardCharges)
      .set({
        createdAt: new Date(Date.now() - minutes * 60_000),
        updatedAt: new Date(Date.now() - minutes * 60_000),
      })
      .where(eq(cardCharges.id, chargeId));

  /** Runs the every-minute sweep as its job, as if the charge had started 11 minutes ago. */
  async function sweepAfterTenMinutes(chargeId: string) {
    await startedAgo(chargeId, 11);
    await app.jobs.send(resumeStaleCardChargesJob, {});
    await app.jobs.drain({ only: [resumeStaleCardChargesJob] });
    const [row] = await app.database.db.select().from(cardCharges).where(eq(cardCharges.id, chargeId));
    return row;
  }
  /** A £40 no-show fee whose ask never reached the provider: the charge stays processing. */
  async function chargeNeverAnswered() {
    const patient = await patientWithSavedCard();
    const unreachable = vi
      .spyOn(app.gateway, 'chargeSavedCard')
      .mockRejectedValueOnce(new GatewayOutcomeUnknownError());
    try {
      const charged = (await chargeCard(patient, 'no_show_fee', 4000)).json().charge;
      return { patient, charged };
    } finally {
      unreachable.mockRestore();
    }
  }
  const intentsUnderKey = (chargeId: string) =>
    app.database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.idempotencyKey, `card-charge:${chargeId}`));

  it('asks again for a charge the provider never answered, under the same key, and charges once', async () => {
    const { charged } = await chargeNeverAnswered();
    expect(charged.status).toBe('processing');
    expect(await intentsUnderKey(charged.id)).toHaveLength(0);
    // Within ten minutes the sweep leaves it alone: the first ask may still be on its way.
    await app.jobs.send(resumeStaleCardChargesJob, {});
    await app.jobs.drain({ only: [resumeStaleCardChargesJob] });
    expect(await intentsUnderKey(charged.id)).toHaveLength(0);

    const settled = await sweepAfterTenMinutes(charged.id);
    expect(settled).toMatchObject({ status: 'succeeded' });
    const [intent] = await intentsUnderKey(charged.id);
    expect(intent).toMatchObject({ id: settled?.paymentIntentId, amount: 4000, status: 'succeeded' });
    await sandboxOf(app).events.deliverDue();
    const recorded = await app.database.db
      .select()
      .from(payments)
      .where(eq(payments.stripePaymentId, String(settled?.paymentIntentId)));
    expect(recorded).toMatchObject([{ amountPaid: 4000, type: 'no_show_fee', status: 'paid' }]);
  });

  it('asks once however many sweeps overlap, and never after the provider has forgotten the key', async () => {
    const { charged } = await chargeNeverAnswered();

    // A day later Stripe no longer keeps the key: asking again could charge a second time.
    await startedAgo(charged.id, 24 * 60);
    const asks = vi.spyOn(app.gateway, 'chargeSavedCard');
    try {
      await app.jobs.send(resumeStaleCardChargesJob, {});
      await app.jobs.drain({ only: [resumeStaleCardChargesJob] });
      expect(asks).not.toHaveBeenCalled();
      const [left] = await app.database.db.select().from(cardCharges).where(eq(cardCharges.id, charged.id));
      expect(left).toMatchObject({ status: 'processing', paymentIntentId: null });

      // Two processes' sweeps at once: the charge is taken by one of them.
      await startedAgo(charged.id, 11);
      const deps = {
        db: app.database.db,
        gateway: app.gateway,
        jobs: app.jobs,
        publicUrl: app.config.publicUrl,
        onError: (error: unknown) => {
          throw error;
        },
      };
      await Promise.all([resumeStaleCardCharges(deps, new Date()), resumeStaleCardCharges(deps, new Date())]);
      expect(asks).toHaveBeenCalledTimes(1);
    } finally {
      asks.mockRestore();
    }
    expect(await intentsUnderKey(charged.id)).toHaveLength(1);
  });

  it('asks again for a charge whose answer was lost after it was made, and is given the same one', async () => {
    const patient = await patientWithSavedCard();
    const real = app.gateway.chargeSavedCard.bind(app.gateway);
    const lost = vi.spyOn(app.gateway, 'chargeSavedCard').mockImplementationOnce(async (input) => {
      await real(input);
      throw new GatewayOutcomeUnknownError();
    });
    // The provider's events are held back, so the sweep, not the succeeded event, settles the charge.
    const events = sandboxOf(app).events;
    events.stop();
    let madeId: string | undefined;
    try {
      const charged = (await chargeCard(patient, 'no_show_fee', 4000)).json().charge;
      expect(charged.status).toBe('processing');
      const [made] = await intentsUnderKey(charged.id);
      expect(made).toMatchObject({ amount: 4000, status: 'succeeded' });
      madeId = made?.id;

      const settled = await sweepAfterTenMinutes(charged.id);
      expect(settled).toMatchObject({ status: 'succeeded', paymentIntentId: madeId });
      expect(await intentsUnderKey(charged.id)).toHaveLength(1);
    } finally {
      lost.mockRestore();
      events.start();
    }
    await events.deliverDue();
    expect(
      await app.database.db
        .select()
        .from(payments)
        .where(eq(payments.stripePaymentId, String(madeId))),
    ).toHaveLength(1);
  });

  it('fails a charge left unanswered with nothing stored to ask again, which frees the fee', async () => {
    const { patient, charged } = await chargeNeverAnswered();
    // As a charge started before the request was stored, and long before: it is failed however old.
    await app.database.db
      .update(cardCharges)
      .set({ providerRequest: null })
      .where(eq(cardCharges.id, charged.id));
    await startedAgo(charged.id, 30 * 24 * 60);
    await app.jobs.send(resumeStaleCardChargesJob, {});
    await app.jobs.drain({ only: [resumeStaleCardChargesJob] });
    const [failed] = await app.database.db.select().from(cardCharges).where(eq(cardCharges.id, charged.id));
    expect(failed).toMatchObject({
      status: 'failed',
      failureCode: 'not_answered',
      failureMessage: 'The card provider did not answer this charge',
    });
    expect(await intentsUnderKey(charged.id)).toHaveLength(0);
    expect((await chargeCard(patient, 'no_show_fee', 4000)).statusCode).toBe(200);
  });

  it('charges nothing on a removed card, for another clinic, or for a fee never agreed to', async () => {
    const patient = await patientWithSavedCard();
    const stranger = await signedInClinic(app);
    const foreign = await chargeCard({ ...patient, cookies: stranger.cookies }, 'no_show_fee', 1000);
    expect(foreign.statusCode).toBe(404);
    expect(await chargeEntries(stranger.user.clinicId)).toEqual([]);
    await app.inject({
      method: 'POST',
      url: `/api/patients/${patient.patientId}/cards/${patient.cardId}/remove`,
      cookies: patient.cookies,
    });
    const removed = await chargeCard(patient, 'no_show_fee', 1000);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe('This card has been removed and can no longer be charged');
    expect(await chargeEntries(patient.user.clinicId)).toEqual([]);
    expect(
      await app.database.db.select().from(cardCharges).where(eq(cardCharges.savedCardId, patient.cardId)),
    ).toEqual([]);

    // A clinic with a no-show fee only: its patients never agreed to a late cancellation fee.
    const clinic = await connectedClinic(app);
    await app.inject({
      method: 'PUT',
      url: '/api/clinic/policies/no_show',
      cookies: clinic.cookies,
      payload: { feeType: 'fixed', feeAmount: 2500, text: NO_SHOW_TEXT },
    });
    const link = (
      await app.inject({
        method: 'POST',
        url: '/api/payment-links',
        cookies: clinic.cookies,
        payload: { title: 'Facial', amount: 9000, requiresCardOnFile: true },
      })
    ).json().link;
    const intent = (
      await checkout(link.id, { cardOnFileConsent: true, email: 'only-no-show@patient.example' })
    ).json();
    await confirmWithCard(app, intent, '4242424242424242');
    await sandboxOf(app).events.deliverDue();
    const patientId = (
      await app.inject({ url: '/api/patients?search=only-no-show', cookies: clinic.cookies })
    ).json().items[0].id;
    const { cards } = (
      await app.inject({ url: `/api/patients/${patientId}/cards`, cookies: clinic.cookies })
    ).json();
    const late = await chargeCard(
      { patientId, cardId: cards[0].id, cookies: clinic.cookies },
      'late_cancellation_fee',
      1000,
    );
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('The patient did not agree to this fee when their card was saved');
  });

  it('removing a card ends a charge waiting for the patient, whose link then offers nothing', async () => {
    const patient = await patientWithSavedCard('4000002760003184');
    const charged = (await chargeCard(patient, 'no_show_fee', 4000)).json().charge;
    expect(charged.status).toBe('requires_authentication');
    const [row] = await app.database.db.select().from(cardCharges).where(eq(cardCharges.id, charged.id));
    await app.inject({
      method: 'POST',
      url: `/api/patients/${patient.patientId}/cards/${patient.cardId}/remove`,
      cookies: patient.cookies,
    });
    const page = (
      await app.inject({ url: `/api/public/card-charges/${charged.id}?token=${row?.authenticationToken}` })
    ).json();
    expect(page).toMatchObject({ status: 'failed', clientSecret: null, paymentMethodId: null });
    const { cards } = (
      await app.inject({ url: `/api/patients/${patient.patientId}/cards`, cookies: patient.cookies })
    ).json();
    expect(cards[0].charges[0]).toMatchObject({ id: charged.id, status: 'failed' });
  });

  it('a second Pay Now on a request agrees to the policies in force then, and no more', async () => {
    const { linkId, cookies } = await clinicWithCardOnFileLink();
    const sent = await app.inject({
      method: 'POST',
      url: '/api/payment-requests',
      cookies,
      payload: { paymentLinkId: linkId, patientName: 'Iris Patient', patientEmail: 'iris@patient.example' },
    });
    const requestId = sent.json().id as string;
    const first = (await checkout(requestId, { cardOnFileConsent: true })).json();
    await app.inject({ method: 'DELETE', url: '/api/clinic/policies/no_show', cookies });
    const second = (await checkout(requestId, { cardOnFileConsent: true })).json();
    expect(first.paymentIntentId).toMatch(/^pi_/);
    expect(second.paymentIntentId).toBe(first.paymentIntentId);
    const rows = await app.database.db
      .select()
      .from(cardConsents)
      .where(eq(cardConsents.paymentIntentId, second.paymentIntentId));
    expect(rows.map((consent) => consent.policyKind)).toEqual(['cancellation']);
  });
});
