/**
 * The sandbox's local pages, standing in for Stripe's hosted ones and clearly marked as the sandbox:
 * - onboarding: 'Complete onboarding' makes the account connected, 'Finish later' leaves it pending;
 *   either way the clinic is sent back to the return URL, as Stripe would;
 * - 3-D Secure: 'Complete authentication' pays, 'Fail authentication' declines; the patient returns to
 *   the return URL with payment_intent and redirect_status, as after Stripe's challenge;
 * - an account page (/sandbox/accounts/:accountId) with the controls Stripe's own checks stand for:
 *   verify now, require more information by a deadline, restrict, reject, clear (accounts.ts);
 * - a disputes page (/sandbox/disputes) where a tester wins or loses any open dispute, as the bank
 *   would, or as Stripe's test evidence does (disputes.ts);
 * - a payouts page for each account (/sandbox/accounts/:accountId/payouts), standing in for the
 *   Express dashboard: its balance, payouts and unpaid transactions, and controls that move the clock
 *   (make pending funds available, pay out now, arrive now) or fail the next payout (balance.ts).
 */
import { formatPence, PROVIDER_STATUS_LABELS, requirementLabels } from '@clinicpay/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { linkOrigin } from '../../http/link-origin.js';
import { originCheck } from '../../http/origin-check.js';
import { escapeHtml } from '../../mail/html.js';
import { GatewayError } from '../gateway.js';
import type { SandboxGateway } from './sandbox-gateway.js';

const paramsSchema = z.object({ accountId: z.string().regex(/^acct_sbx_[0-9a-f]+$/) });
const querySchema = z.object({ return_url: z.string(), refresh_url: z.string() });
const formSchema = z.object({ outcome: z.enum(['complete', 'later']), return_url: z.string() });
const CONTROLS = {
  verify_now: 'Verify now',
  require_information: 'Require more information (deadline in 14 days)',
  restrict: 'Restrict payments (past due)',
  reject: 'Reject the account',
  clear: 'Clear: active, nothing due',
} as const;
const controlFormSchema = z.object({
  control: z.enum(Object.keys(CONTROLS) as [keyof typeof CONTROLS, ...(keyof typeof CONTROLS)[]]),
});
const PAYOUT_CONTROLS = {
  make_available: 'Make pending funds available now',
  pay_out: 'Pay out now',
  fail_next: 'Fail the next payout',
  arrive_now: 'Arrive now (payouts in transit reach the bank)',
} as const;
const payoutFormSchema = z.object({
  control: z.enum(
    Object.keys(PAYOUT_CONTROLS) as [keyof typeof PAYOUT_CONTROLS, ...(keyof typeof PAYOUT_CONTROLS)[]],
  ),
});
const disputeParamsSchema = z.object({ disputeId: z.string().regex(/^dp_sbx_[0-9a-f]+$/) });
const decisionFormSchema = z.object({ outcome: z.enum(['won', 'lost']) });
/** A payment intent's 3-D Secure, or a SetupIntent's when a card is saved without a payment. */
const intentParamsSchema = z.object({ paymentIntentId: z.string().regex(/^(pi|seti)_sbx_[0-9a-f]+$/) });
const isSetup = (intentId: string) => intentId.startsWith('seti_');
const challengeQuerySchema = z.object({ client_secret: z.string(), return_url: z.string() });
const challengeFormSchema = challengeQuerySchema.extend({ decision: z.enum(['approve', 'fail']) });

/**
 * A sandbox page: titled as the app's pages are ('ClinicPay - {title}'), with a mobile viewport, so a
 * patient on a phone reads it at its size.
 */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>ClinicPay - ${escapeHtml(title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{font-family:system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#0f172a}
.sandbox{display:inline-block;background:#fef3c7;color:#92400e;border:1px solid #f59e0b;border-radius:999px;padding:.15rem .75rem;font-weight:600;font-size:.8rem}
button{font:inherit;padding:.6rem 1rem;border-radius:.4rem;border:1px solid #0f766e;cursor:pointer;margin-right:.5rem}
.primary{background:#0f766e;color:#fff}.secondary{background:#fff;color:#0f766e}
code{background:#f1f5f9;padding:.1rem .3rem;border-radius:.25rem}
</style></head><body><p class="sandbox">Sandbox</p>${body}</body></html>`;
}

/** Answers a sandbox page that says only what went wrong, with its status. */
function refusal(reply: FastifyReply, status: number, title: string, heading: string) {
  return reply
    .status(status)
    .type('text/html')
    .send(page(title, `<h1>${escapeHtml(heading)}</h1>`));
}

/** What the account is asked for, in plain English, or nothing when nothing is due. */
function dueList(currentlyDue: string[], pastDue: string[]): string {
  const labels = requirementLabels([...pastDue, ...currentlyDue]);
  if (labels.length === 0) return '';
  return `<p>Due:</p><ul>${labels.map((label) => `<li>${escapeHtml(label)}</li>`).join('')}</ul>`;
}

export async function sandboxPageRoutes(app: FastifyInstance, options: { gateway: SandboxGateway }) {
  const { gateway } = options;
  const { publicUrl } = app.config;
  // This page's forms post like a browser form; the origin check keeps other sites out.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addHook('onRequest', originCheck(publicUrl));

  /**
   * Only our own pages are valid places to send the browser back to: on PUBLIC_URL, or on the
   * loopback address this page was opened on when PUBLIC_URL is unset (http/link-origin.ts).
   */
  const ownUrl = (request: FastifyRequest, url: string) => {
    const origin = linkOrigin(request, app.config);
    return url.startsWith(`${publicUrl}/`) || url.startsWith(`${origin}/`)
      ? url
      : `${origin}/dashboard/settings?tab=payments`;
  };

  app.get('/sandbox/onboarding/:accountId', { schema: { hide: true } }, async (request, reply) => {
    // A malformed id is a link that is not valid, never a 500.
    const params = paramsSchema.safeParse(request.params);
    const query = querySchema.safeParse(request.query);
    const account = params.success ? await gateway.findAccount(params.data.accountId) : undefined;
    if (!account || !query.success) {
      return reply
        .status(404)
        .type('text/html')
        .send(page('Not found', '<h1>This onboarding link is not valid</h1>'));
    }
    const returnUrl = escapeHtml(ownUrl(request, query.data.return_url));
    return reply.type('text/html; charset=utf-8').send(
      page(
        'Sandbox onboarding',
        `<h1>Set up payments for ${escapeHtml(account.email ?? 'your clinic')}</h1>
<p>This is ClinicPay's offline sandbox standing in for Stripe's onboarding. No real business details or
bank account are needed, and no real money moves.</p>
<p>Connected account: <code>${escapeHtml(account.id)}</code></p>
${dueList(account.currentlyDue, account.pastDue)}
<form method="post" action="/sandbox/onboarding/${escapeHtml(account.id)}">
<input type="hidden" name="return_url" value="${returnUrl}">
<button class="primary" name="outcome" value="complete">Complete onboarding</button>
<button class="secondary" name="outcome" value="later">Finish later</button>
</form>`,
      ),
    );
  });

  app.post('/sandbox/onboarding/:accountId', { schema: { hide: true } }, async (request, reply) => {
    const params = paramsSchema.safeParse(request.params);
    const form = formSchema.safeParse(request.body);
    if (!params.success || !form.success)
      return refusal(reply, 400, 'Bad request', 'That request was not understood');
    try {
      await gateway.finishOnboarding(params.data.accountId, form.data.outcome);
    } catch (error) {
      if (error instanceof GatewayError)
        return refusal(reply, 404, 'Not found', 'This onboarding link is not valid');
      throw error;
    }
    return reply.redirect(ownUrl(request, form.data.return_url), 303);
  });

  app.get('/sandbox/accounts/:accountId', { schema: { hide: true } }, async (request, reply) => {
    const params = paramsSchema.safeParse(request.params);
    const account = params.success ? await gateway.findAccount(params.data.accountId) : undefined;
    if (!account) return refusal(reply, 404, 'Not found', 'No such sandbox account');
    const current = await gateway.retrieveConnectedAccount(account.id);
    const deadline = current.requirementsDeadline
      ? `<p>Deadline: <strong>${escapeHtml(current.requirementsDeadline.toISOString())}</strong></p>`
      : '';
    const buttons = Object.entries(CONTROLS)
      .map(
        ([value, label]) =>
          `<p><button class="secondary" name="control" value="${value}">${escapeHtml(label)}</button></p>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').send(
      page(
        'Sandbox account',
        `<h1>Sandbox account <code>${escapeHtml(account.id)}</code></h1>
<p>Status as ClinicPay shows it: <strong data-testid="sandbox-account-status">${escapeHtml(PROVIDER_STATUS_LABELS[current.status].label)}</strong></p>
<p>Charges enabled: ${account.chargesEnabled ? 'yes' : 'no'}; payouts enabled: ${account.payoutsEnabled ? 'yes' : 'no'};
card payments ${escapeHtml(account.cardPaymentsCapability)}, transfers ${escapeHtml(account.transfersCapability)}.</p>
${dueList(account.currentlyDue, account.pastDue)}${deadline}
<p>Stand in for Stripe's own checks: each control changes the account and sends the events Stripe would
(capability.updated, account.updated) to ClinicPay.</p>
<form method="post" action="/sandbox/accounts/${escapeHtml(account.id)}">
${buttons}
</form>
<p><a href="/sandbox/accounts/${escapeHtml(account.id)}/payouts">Balance and payouts</a></p>`,
      ),
    );
  });

  app.post('/sandbox/accounts/:accountId', { schema: { hide: true } }, async (request, reply) => {
    const params = paramsSchema.safeParse(request.params);
    const form = controlFormSchema.safeParse(request.body);
    if (!params.success || !form.success)
      return refusal(reply, 400, 'Bad request', 'That request was not understood');
    try {
      await gateway.controlAccount(params.data.accountId, form.data.control);
    } catch (error) {
      if (error instanceof GatewayError && error.code === 'resource_missing')
        return refusal(reply, 404, 'Not found', 'No such sandbox account');
      if (error instanceof GatewayError) return refusal(reply, 409, 'Not possible', error.message);
      throw error;
    }
    return reply.redirect(`/sandbox/accounts/${params.data.accountId}`, 303);
  });

  app.get('/sandbox/disputes', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await gateway.disputes.list();
    const items = rows
      .map((row) => {
        const open = !['won', 'lost', 'warning_closed'].includes(row.status);
        const buttons = open
          ? `<form method="post" action="/sandbox/disputes/${escapeHtml(row.id)}">
<button class="primary" name="outcome" value="won">Win</button>
<button class="secondary" name="outcome" value="lost">Lose</button></form>`
          : '';
        return `<li data-testid="sandbox-dispute"><p><code>${escapeHtml(row.id)}</code> on <code>${escapeHtml(row.paymentIntentId)}</code>
(paid by ${escapeHtml(row.payerEmail ?? 'unknown')}):
${escapeHtml(formatPence(row.amount))}, ${escapeHtml(row.reason)}, <strong>${escapeHtml(row.status)}</strong>
(evidence submitted ${row.submissionCount} time${row.submissionCount === 1 ? '' : 's'})</p>${buttons}</li>`;
      })
      .join('\n');
    return reply.type('text/html; charset=utf-8').send(
      page(
        'Sandbox disputes',
        `<h1>Sandbox disputes</h1>
<p>Pay with 4000 0000 0000 0259 (fraudulent) or 4000 0000 0000 2685 (not received) for a dispute,
4000 0000 0000 1976 for an inquiry, 4000 0000 0000 5423 for an early fraud warning. Decide any open
dispute here as its bank would: an inquiry lost becomes a chargeback.</p>
${items ? `<ul>${items}</ul>` : '<p>No disputes yet.</p>'}`,
      ),
    );
  });

  app.post('/sandbox/disputes/:disputeId', { schema: { hide: true } }, async (request, reply) => {
    const params = disputeParamsSchema.safeParse(request.params);
    const form = decisionFormSchema.safeParse(request.body);
    if (!params.success || !form.success)
      return refusal(reply, 400, 'Bad request', 'That request was not understood');
    try {
      await gateway.disputes.decide(params.data.disputeId, form.data.outcome);
    } catch (error) {
      if (error instanceof GatewayError && error.code === 'resource_missing')
        return refusal(reply, 404, 'Not found', 'No such sandbox dispute');
      if (error instanceof GatewayError) return refusal(reply, 409, 'Not possible', error.message);
      throw error;
    }
    return reply.redirect('/sandbox/disputes', 303);
  });

  app.get('/sandbox/accounts/:accountId/payouts', { schema: { hide: true } }, async (request, reply) => {
    const params = paramsSchema.safeParse(request.params);
    const account = params.success ? await gateway.findAccount(params.data.accountId) : undefined;
    if (!account) return refusal(reply, 404, 'Not found', 'No such sandbox account');
    const balance = await gateway.retrieveBalance(account.id);
    const payouts = await gateway.listPayouts(account.id, { limit: 20 });
    const unpaid = await gateway.balance.unpaid(account.id);
    const now = Date.now();
    const payoutItems = payouts
      .map(
        (payout) =>
          `<li data-testid="sandbox-payout"><code>${escapeHtml(payout.id)}</code>: ${escapeHtml(formatPence(payout.amount))},
<strong>${escapeHtml(payout.status)}</strong>, arrives ${escapeHtml(payout.arrivalDate.toISOString())}${payout.failureCode ? ` (${escapeHtml(payout.failureCode)})` : ''}</li>`,
      )
      .join('\n');
    const unpaidItems = unpaid
      .map(
        (line) =>
          `<li><code>${escapeHtml(line.type)}</code> ${escapeHtml(formatPence(line.net))}
${line.availableOn.getTime() <= now ? 'available' : `pending until ${escapeHtml(line.availableOn.toISOString())}`}</li>`,
      )
      .join('\n');
    const buttons = Object.entries(PAYOUT_CONTROLS)
      .map(
        ([value, label]) =>
          `<p><button class="secondary" name="control" value="${value}">${escapeHtml(label)}</button></p>`,
      )
      .join('\n');
    const failing = account.failNextPayout
      ? `<p>The next payout will fail with <code>${escapeHtml(account.failNextPayout)}</code>.</p>`
      : '';
    return reply.type('text/html; charset=utf-8').send(
      page(
        'Sandbox balance and payouts',
        `<h1>Balance and payouts of <code>${escapeHtml(account.id)}</code></h1>
<p>This page stands in for the Express dashboard. The sandbox keeps no bank details: a failed payout is
fixed here by paying out again.</p>
<p>Available: <strong data-testid="sandbox-available">${escapeHtml(formatPence(balance.available))}</strong>;
pending: <strong data-testid="sandbox-pending">${escapeHtml(formatPence(balance.pending))}</strong>.</p>
${failing}
<p>Funds are pending for two days (a payment with 4000 0000 0000 0077 is available at once); the whole
available balance is paid out every day and arrives the next day.</p>
<form method="post" action="/sandbox/accounts/${escapeHtml(account.id)}/payouts">
${buttons}
</form>
<h2>Payouts</h2>
${payoutItems ? `<ul>${payoutItems}</ul>` : '<p>No payouts yet.</p>'}
<h2>Not paid out yet</h2>
${unpaidItems ? `<ul>${unpaidItems}</ul>` : '<p>Nothing.</p>'}`,
      ),
    );
  });

  app.post('/sandbox/accounts/:accountId/payouts', { schema: { hide: true } }, async (request, reply) => {
    const params = paramsSchema.safeParse(request.params);
    const form = payoutFormSchema.safeParse(request.body);
    if (!params.success || !form.success)
      return refusal(reply, 400, 'Bad request', 'That request was not understood');
    const { accountId } = params.data;
    if (!(await gateway.findAccount(accountId)))
      return refusal(reply, 404, 'Not found', 'No such sandbox account');
    try {
      if (form.data.control === 'make_available') await gateway.balance.makeAvailableNow(accountId);
      if (form.data.control === 'fail_next') await gateway.balance.failNextPayout(accountId);
      if (form.data.control === 'arrive_now') await gateway.balance.arriveNow(accountId);
      if (form.data.control === 'pay_out' && !(await gateway.balance.payOut(accountId)))
        return refusal(reply, 409, 'Not possible', 'There is no available balance to pay out.');
    } catch (error) {
      if (error instanceof GatewayError) return refusal(reply, 409, 'Not possible', error.message);
      throw error;
    }
    return reply.redirect(`/sandbox/accounts/${accountId}/payouts`, 303);
  });

  const notValid = (reply: FastifyReply) =>
    reply
      .status(404)
      .type('text/html')
      .send(page('Not found', '<h1>This authentication link is not valid</h1>'));

  app.get('/sandbox/3ds/:paymentIntentId', { schema: { hide: true } }, async (request, reply) => {
    const params = intentParamsSchema.safeParse(request.params);
    const query = challengeQuerySchema.safeParse(request.query);
    if (!params.success || !query.success) return notValid(reply);
    const id = params.data.paymentIntentId;
    const secret = query.data.client_secret;
    let asks: string;
    if (isSetup(id)) {
      const setup = await gateway.savedCards.loadSetup(id, secret).catch(() => null);
      if (setup?.status !== 'requires_action' || !setup.paymentMethodId) return notValid(reply);
      const card = await gateway.retrievePaymentMethod(setup.paymentMethodId);
      asks = `Your bank asks you to confirm saving the card ending ${escapeHtml(card.last4)} for later payments.`;
    } else {
      const intent = await gateway.confirmation.load(id, secret).catch(() => null);
      if (intent?.status !== 'requires_action') return notValid(reply);
      asks = `Your bank asks you to confirm a payment of <strong>${escapeHtml(formatPence(intent.amount))}</strong>
with the card ending ${escapeHtml(intent.cardLast4 ?? '')}.`;
    }
    return reply.type('text/html; charset=utf-8').send(
      page(
        '3D Secure authentication',
        `<h1>3D Secure test page</h1>
<p>${asks} This is ClinicPay's offline sandbox: choose what the bank should answer.</p>
<form method="post" action="/sandbox/3ds/${escapeHtml(id)}">
<input type="hidden" name="client_secret" value="${escapeHtml(secret)}">
<input type="hidden" name="return_url" value="${escapeHtml(query.data.return_url)}">
<button class="primary" name="decision" value="approve">Complete authentication</button>
<button class="secondary" name="decision" value="fail">Fail authentication</button>
</form>`,
      ),
    );
  });

  // Back to the return URL with what Stripe adds after a redirect: payment_intent or setup_intent, its
  // client secret, and redirect_status.
  app.post('/sandbox/3ds/:paymentIntentId', { schema: { hide: true } }, async (request, reply) => {
    const params = intentParamsSchema.safeParse(request.params);
    const form = challengeFormSchema.safeParse(request.body);
    if (!params.success || !form.success) return notValid(reply);
    const id = params.data.paymentIntentId;
    const answer = { clientSecret: form.data.client_secret, approve: form.data.decision === 'approve' };
    const outcome = await (isSetup(id)
      ? gateway.savedCards
          .finishSetupAuthentication({ setupIntentId: id, ...answer })
          .then((result) => ({ kind: 'setup_intent', ...result.setupIntent }))
      : gateway.confirmation
          .finishAuthentication({ paymentIntentId: id, ...answer })
          .then((result) => ({ kind: 'payment_intent', ...result.paymentIntent }))
    ).catch((error: unknown) => {
      if (error instanceof GatewayError) return null;
      throw error;
    });
    if (!outcome) return notValid(reply);
    const back = new URL(ownUrl(request, form.data.return_url));
    back.searchParams.set(outcome.kind, outcome.id);
    back.searchParams.set(`${outcome.kind}_client_secret`, form.data.client_secret);
    back.searchParams.set('redirect_status', outcome.status === 'succeeded' ? 'succeeded' : 'failed');
    return reply.redirect(back.toString(), 303);
  });
}
