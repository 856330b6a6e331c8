/**
 * A link that secures an appointment (docs/decisions/0095-secure-your-appointment.md), through the real
 * app and the sandbox: the patient saves a card under the clinic's policies with a SetupIntent and pays
 * nothing; the card, its consents and no payment are recorded from setup_intent.succeeded; and the
 * clinic can then charge a fee, which Stripe's 4000 0000 0000 0341 declines after saving.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo } from '../../../test/accounts.js';
import { connectedClinic, sandboxOf } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { cardConsents, payments, sandboxSetupIntents } from '../../db/schema/index.js';

const NO_SHOW_TEXT = 'A missed appointment without notice is charged £40.00 to your saved card.';

describe('a link that secures an appointment', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** A connected clinic with a £40 no-show fee in force. */
  async function clinicWithNoShowFee() {
    const clinic = await connectedClinic(app);
    const policy = await app.inject({
      method: 'PUT',
      url: '/api/clinic/policies/no_show',
      cookies: clinic.cookies,
      payload: { feeType: 'fixed', feeAmount: 4000, text: NO_SHOW_TEXT },
    });
    expect(policy.statusCode).toBe(200);
    return clinic;
  }

  const createLink = (cookies: Record<string, string>, link: object) =>
    app.inject({ method: 'POST', url: '/api/payment-links', cookies, payload: link });

  /** The clinic, and a link securing a £120 treatment. */
  async function securingLink() {
    const clinic = await clinicWithNoShowFee();
    const created = await createLink(clinic.cookies, {
      title: 'Laser treatment',
      amount: 12_000,
      securesAppointment: true,
    });
    expect(created.statusCode).toBe(201);
    return { ...clinic, linkId: created.json().link.id as string };
  }

  const start = (pageId: string, kind: 'setup-intents' | 'payment-intents', extra: object = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/public/payments/${pageId}/${kind}`,
      headers: { 'user-agent': 'Mozilla/5.0 (test browser)' },
      payload: { name: 'Ada Patient', email: 'ada@patient.example', attemptId: randomUUID(), ...extra },
    });

  const confirmSetup = (setup: { setupIntentId: string; clientSecret: string }, number: string) =>
    app.inject({
      method: 'POST',
      url: `/api/sandbox/setup-intents/${setup.setupIntentId}/confirm`,
      payload: {
        clientSecret: setup.clientSecret,
        card: { number, expMonth: 12, expYear: 2034, cvc: '123' },
        returnUrl: `${app.config.publicUrl}/payment/success`,
      },
    });

  it('is a link that asks for a card on file, takes no deposit, and needs a policy in force', async () => {
    const clinic = await clinicWithNoShowFee();
    const link = (
      await createLink(clinic.cookies, { title: 'Facial', amount: 9000, securesAppointment: true })
    ).json().link;
    expect(link).toMatchObject({ securesAppointment: true, requiresCardOnFile: true, amount: 9000 });

    const withDeposit = await createLink(clinic.cookies, {
      title: 'Facial',
      amount: 3000,
      treatmentTotal: 9000,
      securesAppointment: true,
    });
    expect(withDeposit.statusCode).toBe(400);
    expect(withDeposit.json().fieldErrors).toEqual({
      treatmentTotal: 'A link that only saves a card takes no deposit',
    });

    const withoutPolicy = await connectedClinic(app);
    const refused = await createLink(withoutPolicy.cookies, {
      title: 'Facial',
      amount: 9000,
      securesAppointment: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({
      requiresCardOnFile: 'Set a cancellation policy or a no-show fee in Settings → Policies first',
    });

    // It is shared as a link: a payment request for it would take no payment.
    const request = await app.inject({
      method: 'POST',
      url: '/api/payment-requests',
      cookies: clinic.cookies,
      payload: {
        paymentLinkId: link.id,
        patientName: 'Grace Patient',
        patientEmail: 'grace@patient.example',
      },
    });
    expect(request.statusCode).toBe(400);
    expect(request.json().fieldErrors).toEqual({
      paymentLinkId:
        'This link only saves a card: share it as a link rather than sending it as a payment request',
    });
  });

  it('takes no payment, refuses Save card without the consent box, and a payment page refuses a setup', async () => {
    const { linkId, cookies } = await securingLink();
    const page = (await app.inject({ url: `/api/public/payments/${linkId}` })).json();
    expect(page).toMatchObject({ securesAppointment: true, amount: 12_000, deposit: null });
    expect(page.cardOnFile).toEqual([
      { kind: 'no_show', version: 1, text: NO_SHOW_TEXT, maximumAmount: 4000, noticeHours: null },
    ]);

    const paying = await start(linkId, 'payment-intents', { cardOnFileConsent: true });
    expect(paying.statusCode).toBe(409);
    expect(paying.json()).toMatchObject({
      code: 'LINK_SAVES_CARD_ONLY',
      message: 'This link saves a card for an appointment; nothing is paid on it.',
    });

    const unticked = await start(linkId, 'setup-intents', { cardOnFileConsent: false });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().fieldErrors).toEqual({
      cardOnFileConsent: 'Please agree to the clinic’s policies to continue',
    });
    expect(await app.database.db.select().from(sandboxSetupIntents)).toEqual([]);

    const ordinary = await createLink(cookies, { title: 'Consultation', amount: 5000 });
    const setupOnPayment = await start(ordinary.json().link.id, 'setup-intents', { cardOnFileConsent: true });
    expect(setupOnPayment.statusCode).toBe(409);
    expect(setupOnPayment.json().code).toBe('LINK_TAKES_PAYMENT');
  });

  it('saves the card with its consents and no payment; 4000 0000 0000 0341 is then declined', async () => {
    const { linkId, cookies } = await securingLink();
    const attemptId = randomUUID();
    const setup = (await start(linkId, 'setup-intents', { cardOnFileConsent: true, attemptId })).json();
    expect(setup.setupIntentId).toMatch(/^seti_/);
    // Save card pressed twice: the same SetupIntent.
    const again = (await start(linkId, 'setup-intents', { cardOnFileConsent: true, attemptId })).json();
    expect(again.setupIntentId).toBe(setup.setupIntentId);

    const card = (suffix: string) =>
      app.inject({ url: `/api/public/setup-intents/${setup.setupIntentId}${suffix}` });
    expect((await card('/card')).json()).toEqual({ card: null, consents: [] });

    const confirmed = await confirmSetup(setup, '4000000000000341');
    expect(confirmed.json().setupIntent.status).toBe('succeeded');
    await sandboxOf(app).events.deliverDue();
    expect((await card('/card')).json()).toEqual({
      card: 'Visa ending 0341',
      consents: [{ kind: 'no_show', version: 1, text: NO_SHOW_TEXT, maximumAmount: 4000, noticeHours: null }],
    });

    // The patient's own record: nothing charged, the card, and the policy in the words agreed to.
    const mail = await lastMailTo(app, 'ada@patient.example');
    expect(mail?.subject).toMatch(/^Your card is saved with /);
    const text = mail?.textBody.replace(/\s+/g, ' ') ?? '';
    expect(text).toContain('Nothing has been charged.');
    expect(text).toContain('has saved your Visa card ending 0341');
    expect(text).toContain(`No-show fee: up to £40.00 ${NO_SHOW_TEXT}`);
    expect(text).toContain('For: Laser treatment');

    const patients = (await app.inject({ url: '/api/patients?search=ada', cookies })).json();
    const patientId = patients.items[0].id as string;
    const detail = (await app.inject({ url: `/api/patients/${patientId}`, cookies })).json();
    expect(detail.payments).toEqual([]);
    const { cards } = (await app.inject({ url: `/api/patients/${patientId}/cards`, cookies })).json();
    expect(cards).toEqual([
      expect.objectContaining({
        last4: '0341',
        paymentId: null,
        removedAt: null,
        consents: [expect.objectContaining({ kind: 'no_show', text: NO_SHOW_TEXT, maximumAmount: 4000 })],
      }),
    ]);
    expect(cards[0].consents[0].userAgent).toBe('Mozilla/5.0 (test browser)');
    const consentRows = await app.database.db
      .select()
      .from(cardConsents)
      .where(eq(cardConsents.paymentIntentId, setup.setupIntentId));
    expect(consentRows.map((row) => row.savedCardId)).toEqual([cards[0].id]);

    // Only a SetupIntent's card is shown there, and only while it is not removed.
    const consentOfPayment = await app.inject({ url: '/api/public/setup-intents/pi_sbx_unknown/card' });
    expect(consentOfPayment.json()).toEqual({ card: null, consents: [] });

    const charge = (amount: number) =>
      app.inject({
        method: 'POST',
        url: `/api/patients/${patientId}/cards/${cards[0].id}/charges`,
        cookies,
        payload: { kind: 'no_show_fee', amount },
      });
    expect((await charge(5000)).statusCode).toBe(400);
    const declined = await charge(4000);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().charge).toMatchObject({
      kind: 'no_show_fee',
      amount: 4000,
      status: 'failed',
      declineCode: 'generic_decline',
    });
    await sandboxOf(app).events.deliverDue();
    expect(
      await app.database.db.select().from(payments).where(eq(payments.patientEmail, 'ada@patient.example')),
    ).toEqual([]);
  });

  it('saves a card whose bank asks for 3-D Secure once (4000 0025 0000 3155), then charges it off-session', async () => {
    const { linkId, cookies } = await securingLink();
    const setup = (await start(linkId, 'setup-intents', { cardOnFileConsent: true })).json();
    const first = (await confirmSetup(setup, '4000002500003155')).json();
    expect(first.setupIntent.status).toBe('requires_action');
    const challenge = new URL(first.nextAction.redirectUrl);
    const answer = await app.inject({
      method: 'POST',
      url: challenge.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.config.publicUrl },
      payload: new URLSearchParams({
        decision: 'approve',
        client_secret: setup.clientSecret,
        return_url: `${app.config.publicUrl}/payment/success`,
      }).toString(),
    });
    expect(answer.statusCode).toBe(303);
    await sandboxOf(app).events.deliverDue();
    expect(
      (await app.inject({ url: `/api/public/setup-intents/${setup.setupIntentId}/card` })).json().card,
    ).toBe('Visa ending 3155');

    const patientId = (await app.inject({ url: '/api/patients?search=ada', cookies })).json().items[0].id;
    const { cards } = (await app.inject({ url: `/api/patients/${patientId}/cards`, cookies })).json();
    const charged = await app.inject({
      method: 'POST',
      url: `/api/patients/${patientId}/cards/${cards[0].id}/charges`,
      cookies,
      payload: { kind: 'no_show_fee', amount: 4000 },
    });
    expect(charged.json().charge).toMatchObject({ status: 'succeeded', amount: 4000 });
  });
});
