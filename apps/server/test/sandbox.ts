import { randomUUID } from 'node:crypto';
/** Helpers for tests that drive the sandbox gateway through the app. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payments, refunds } from '../src/db/schema/index.js';
import { isSandbox, type SandboxGateway, verifySandboxAccount } from '../src/gateway/index.js';
import { sandboxAfterPayment } from '../src/gateway/sandbox/disputes.js';
import { moveDisputeFunds } from '../src/modules/disputes/index.js';

export function sandboxOf(app: FastifyInstance): SandboxGateway {
  if (!isSandbox(app.gateway)) throw new Error('this test needs the sandbox gateway');
  return app.gateway;
}

/** Presses a button on the sandbox onboarding page, as the browser would post it. */
export function pressOnboardingButton(
  app: FastifyInstance,
  onboardingUrl: string,
  outcome: 'complete' | 'later',
) {
  const url = new URL(onboardingUrl);
  return app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.config.publicUrl },
    payload: new URLSearchParams({
      outcome,
      return_url: String(url.searchParams.get('return_url')),
    }).toString(),
  });
}

/**
 * Moves the clock past the sandbox's verification of submitted onboarding details (a few seconds in a
 * real run): every account being verified becomes active, and its events are delivered.
 */
export async function finishVerification(app: FastifyInstance) {
  await app.jobs.makeDue(verifySandboxAccount);
  await app.jobs.drain({ only: [verifySandboxAccount] });
  await sandboxOf(app).events.deliverDue();
}

/** A signed-in clinic whose sandbox onboarding is complete and verified, so it can take payments. */
export async function connectedClinic(app: FastifyInstance) {
  const { signedInClinic } = await import('./accounts.js');
  const clinic = await signedInClinic(app);
  const { url } = (
    await app.inject({ method: 'POST', url: '/api/clinic/payment-provider/connect', cookies: clinic.cookies })
  ).json();
  await pressOnboardingButton(app, url, 'complete');
  await finishVerification(app);
  await app.inject({ method: 'POST', url: '/api/clinic/payment-provider/refresh', cookies: clinic.cookies });
  return clinic;
}

/** Confirms a payment intent with a test card through the sandbox's browser API. */
export function confirmWithCard(
  app: FastifyInstance,
  intent: { paymentIntentId: string; clientSecret: string },
  number: string,
) {
  return app.inject({
    method: 'POST',
    url: `/api/sandbox/payment-intents/${intent.paymentIntentId}/confirm`,
    payload: {
      clientSecret: intent.clientSecret,
      card: { number, expMonth: 12, expYear: 2034, cvc: '123' },
      returnUrl: `${app.config.publicUrl}/payment/success`,
    },
  });
}

/** A connected clinic with one payment link asking for `amount` pence; returns the clinic and the link id. */
export async function connectedClinicWithLink(app: FastifyInstance, amount = 4500) {
  const clinic = await connectedClinic(app);
  const response = await app.inject({
    method: 'POST',
    url: '/api/payment-links',
    cookies: clinic.cookies,
    payload: { title: 'Consultation', amount },
  });
  return { ...clinic, linkId: response.json().link.id as string };
}

/** Pay Now on a payment page as Ada Patient: the payment intent, not yet confirmed. */
export async function startPayment(
  app: FastifyInstance,
  pageId: string,
): Promise<{ paymentIntentId: string; clientSecret: string }> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/public/payments/${pageId}/payment-intents`,
    payload: { name: 'Ada Patient', email: 'ada@patient.example', attemptId: randomUUID() },
  });
  return response.json();
}

/**
 * Pays a payment page as a patient would: a payment intent, confirmed with `card`. The events it
 * raises are stored but may not be processed yet; call events.deliverDue() to be sure. Returns the intent id.
 */
export async function payPage(app: FastifyInstance, pageId: string, card = '4242424242424242') {
  const intent = await startPayment(app, pageId);
  await confirmWithCard(app, intent, card);
  return intent.paymentIntentId as string;
}

/**
 * A clinic with a link of `amount` pence, paid with `card` and recorded from its events; what the card
 * raises later (a dispute, a warning) is not raised yet (settleSandbox raises it).
 */
export async function recordedPayment(app: FastifyInstance, amount = 4500, card = '4242424242424242') {
  const clinic = await connectedClinicWithLink(app, amount);
  const intentId = await payPage(app, clinic.linkId, card);
  await sandboxOf(app).events.deliverDue();
  const [payment] = await app.database.db
    .select()
    .from(payments)
    .where(eq(payments.stripePaymentId, intentId));
  if (!payment) throw new Error('the payment was not recorded');
  return { clinic, payment, intentId };
}

/**
 * A refund of `amount` pence of the payment recorded as pending, as between asking the provider and
 * its answer (`createdAt` to make it look older); nothing is asked of the provider. Returns its id.
 */
export async function pendingRefund(
  app: FastifyInstance,
  refund: { payment: { id: string; clinicId: string }; amount: number; createdBy: string; createdAt?: Date },
): Promise<string> {
  const id = randomUUID();
  await app.database.db.insert(refunds).values({
    id,
    paymentId: refund.payment.id,
    clinicId: refund.payment.clinicId,
    amount: refund.amount,
    status: 'pending',
    idempotencyKey: `refund:${id}`,
    createdBy: refund.createdBy,
    ...(refund.createdAt && { createdAt: refund.createdAt }),
  });
  return id;
}

/**
 * Lets the sandbox's money settle as the clock moves on: delivers its events (an event that came
 * before its payment was recorded is answered 503 and delivered again, as Stripe retries), raises the
 * test cards' disputes and warnings (due a few seconds after payment), and runs the jobs that move a
 * dispute's money.
 */
export async function settleSandbox(app: FastifyInstance) {
  const events = sandboxOf(app).events;
  await events.deliverDue();
  await app.jobs.makeDue(sandboxAfterPayment);
  await app.jobs.drain({ only: [sandboxAfterPayment] });
  await events.deliverDue();
  await events.retryNow();
  await events.deliverDue();
  await app.jobs.drain({ only: [moveDisputeFunds] });
  await events.deliverDue();
}
