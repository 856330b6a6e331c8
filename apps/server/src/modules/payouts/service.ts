/**
 * Payouts and balance for a clinic (docs/decisions/0087-payout-reconciliation.md): the balance and
 * payouts read from the clinic's connected account, each payout's lines (its balance transactions on
 * the account, the payout's own left out) with ClinicPay's payment reference and patient, kept once the
 * payout is paid and read from the provider until then (docs/decisions/0128-back-office-at-scale.md),
 * the reconciliation exports, the Express dashboard link, and the provider's payout events: a failed
 * payout emails the clinic once, in the event's transaction. Amounts in pence; dates ISO 8601.
 * Docs: docs.stripe.com/api/balance/balance_object, /api/payouts/object,
 * /api/balance_transactions/list, /connect/payouts-connected-accounts, /api/accounts/login_link/create.
 */
import {
  PAYOUT_LINE_LABELS,
  PAYOUT_LINE_ORIGINS,
  PAYOUT_MESSAGES,
  PAYOUT_STATUS_LABELS,
  PAYOUT_STATUSES,
  type Payout,
  type PayoutDetail,
  type PayoutExportFormat,
  type PayoutLine,
  type PayoutLineOrigin,
  type PayoutStatus,
  type PayoutsOverview,
  payoutFailureReason,
} from '@clinicpay/shared';
import type { Db, Tx } from '../../db/client.js';
import type { BalanceTransaction, Payout as ProviderPayout } from '../../gateway/gateway.js';
import { GatewayError } from '../../gateway/gateway.js';
import type { CardGateway } from '../../gateway/index.js';
import { AppError, fromGatewayError } from '../../http/app-error.js';
import type { JobQueue } from '../../jobs/index.js';
import { queueEmail } from '../../mail/email-job.js';
import { recordAudit } from '../audit/index.js';
import { type ClinicRow, findClinicAccountEmail, getClinicRow } from '../clinics/index.js';
import { findPaymentsByIntents } from '../payments/index.js';
import { payoutFailedEmail } from './emails.js';
import { payoutCsv, payoutCsvFileName } from './export.js';
import {
  findPayoutWithLines,
  insertPayoutLines,
  markFailureNotified,
  type NewPayoutLine,
  type PayoutRow,
  selectPayoutLines,
  upsertPayout,
} from './queries.js';

/** What the payouts routes need: the database and the card provider gateway. */
export interface PayoutDeps {
  db: Db;
  gateway: CardGateway;
}

/** How many of the latest payouts the Payouts page lists. */
export const PAYOUTS_LISTED = 50;

/** A provider's payout id as ClinicPay accepts it in a URL: 'po_' and letters, digits or underscores. */
const PAYOUT_ID = /^po_\w{1,200}$/;

const notFound = () => new AppError('PAYOUT_NOT_FOUND', PAYOUT_MESSAGES.notFound);
const notConnected = () => new AppError('CLINIC_NOT_CONNECTED', PAYOUT_MESSAGES.notConnected);

/** One of Stripe's payout statuses; an unknown one reads as pending. */
function knownStatus(status: string): PayoutStatus {
  return (PAYOUT_STATUSES as readonly string[]).includes(status) ? (status as PayoutStatus) : 'pending';
}

function toPayout(payout: ProviderPayout): Payout {
  const status = knownStatus(payout.status);
  return {
    id: payout.id,
    amount: payout.amount,
    status,
    statusLabel: PAYOUT_STATUS_LABELS[status],
    arrivalDate: payout.arrivalDate.toISOString(),
    created: payout.created.toISOString(),
    failureCode: payout.failureCode,
    failureReason: status === 'failed' ? payoutFailureReason(payout.failureCode ?? '') : null,
  };
}

/**
 * The clinic's connected account: the one in use, or the one it kept after disconnecting (its balance
 * and payouts are still there: decision 0081). Throws CLINIC_NOT_FOUND, or CLINIC_NOT_CONNECTED (409)
 * when the clinic has none.
 */
async function accountOf(db: Db, clinicId: string): Promise<string> {
  const clinic = await getClinicRow(db, clinicId);
  const accountId = clinic.providerAccountId ?? clinic.stripeAccountId;
  if (!accountId) throw notConnected();
  return accountId;
}

/**
 * Runs a request to the provider about the clinic's account: an account the provider no longer shows
 * the platform is CLINIC_NOT_CONNECTED (409), any other refusal PROVIDER_UNAVAILABLE (503).
 */
async function onAccount<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'resource_missing') throw notConnected();
    throw fromGatewayError(error);
  }
}

/**
 * GET /api/payouts: the clinic's available and pending balance and its latest payouts (newest first),
 * read from its connected account. Throws CLINIC_NOT_CONNECTED (409), PROVIDER_UNAVAILABLE (503).
 */
export async function getPayoutsOverview(deps: PayoutDeps, clinicId: string): Promise<PayoutsOverview> {
  const accountId = await accountOf(deps.db, clinicId);
  const balance = await onAccount(() => deps.gateway.retrieveBalance(accountId));
  const payouts = await onAccount(() => deps.gateway.listPayouts(accountId, { limit: PAYOUTS_LISTED }));
  return { balance, payouts: payouts.map(toPayout) };
}

/** A payout's balance transactions but its own (the payout's debit): what its lines are. */
function linesOf(payoutId: string, transactions: readonly BalanceTransaction[]): BalanceTransaction[] {
  return transactions.filter(
    (transaction) =>
      !(
        transaction.type === 'payout' &&
        (transaction.sourceId === payoutId || transaction.sourceId === null)
      ),
  );
}

/** What a line says it is, in plain English: the label of its origin, or the provider's description. */
function lineLabel(line: { origin: PayoutLineOrigin; description: string | null; type: string }): string {
  return line.origin === 'other' ? (line.description ?? line.type) : PAYOUT_LINE_LABELS[line.origin];
}

/** A kept line's origin; one this version does not know reads as 'other'. */
const originOf = (origin: string): PayoutLineOrigin =>
  (PAYOUT_LINE_ORIGINS as readonly string[]).includes(origin) ? (origin as PayoutLineOrigin) : 'other';

/**
 * A payout's lines (its balance transactions but its own debit), each with the clinic's payment its
 * intent made, when there is one (the payments read in one query).
 */
async function linesWithPayments(
  db: Pick<Db, 'select'>,
  clinicId: string,
  payoutId: string,
  transactions: readonly BalanceTransaction[],
) {
  const lines = linesOf(payoutId, transactions);
  const intentIds = [
    ...new Set(lines.flatMap(({ paymentIntentId }) => (paymentIntentId ? [paymentIntentId] : []))),
  ];
  const payments = new Map(
    (await findPaymentsByIntents(db, clinicId, intentIds)).map((payment) => [
      payment.paymentIntentId,
      payment,
    ]),
  );
  return lines.map((line) => ({
    line,
    payment: line.paymentIntentId ? payments.get(line.paymentIntentId) : undefined,
  }));
}

/**
 * The lines of a payout read from the provider, each with what it is in plain English and, when it
 * comes from a ClinicPay payment, that payment's id, reference and patient.
 */
async function payoutLines(
  db: Db,
  clinicId: string,
  payoutId: string,
  transactions: BalanceTransaction[],
): Promise<PayoutLine[]> {
  return (await linesWithPayments(db, clinicId, payoutId, transactions)).map(({ line, payment }) => ({
    id: line.id,
    type: line.type,
    origin: line.origin,
    label: lineLabel(line),
    amount: line.amount,
    fee: line.fee,
    net: line.net,
    created: line.created.toISOString(),
    paymentId: payment?.id ?? null,
    paymentReference: payment?.paymentRef ?? null,
    patientName: payment?.patientName ?? null,
  }));
}

/** A kept payout as the provider last told it (its row is what payout events re-read). */
function keptPayout(row: PayoutRow): ProviderPayout {
  return {
    id: row.providerPayoutId,
    amount: row.amount,
    status: knownStatus(row.status),
    arrivalDate: row.arrivalDate,
    created: row.providerCreatedAt ?? row.createdAt,
    failureCode: row.failureCode,
    failureMessage: null,
  };
}

/**
 * The payout with its lines, from ClinicPay's own records when its lines are kept (a paid payout:
 * one read of the lines, however many, with their payments), else undefined.
 */
async function keptPayoutDetail(
  db: Db,
  clinicId: string,
  payoutId: string,
): Promise<PayoutDetail | undefined> {
  const row = await findPayoutWithLines(db, clinicId, payoutId);
  if (!row) return undefined;
  const lines = (await selectPayoutLines(db, row.id)).map((line): PayoutLine => {
    const origin = originOf(line.origin);
    return {
      id: line.id,
      type: line.type,
      origin,
      label: lineLabel({ ...line, origin }),
      amount: line.amount,
      fee: line.fee,
      net: line.net,
      created: line.created,
      paymentId: line.paymentId,
      paymentReference: line.paymentReference,
      patientName: line.patientName,
    };
  });
  return {
    payout: toPayout(keptPayout(row)),
    lines,
    linesTotal: lines.reduce((sum, line) => sum + line.net, 0),
  };
}

/**
 * GET /api/payouts/:payoutId: the payout and every line paid out in it; the lines' nets sum to the
 * payout's amount. A paid payout is read from ClinicPay's own records of it (its lines kept when it was
 * paid: docs/decisions/0128-back-office-at-scale.md); any other from the clinic's connected account.
 * Throws PAYOUT_NOT_FOUND (404) for a malformed id or a payout the clinic's account does not have
 * (another clinic's included), CLINIC_NOT_CONNECTED (409), PROVIDER_UNAVAILABLE (503).
 */
export async function getPayoutDetail(
  deps: PayoutDeps,
  clinicId: string,
  payoutId: string,
): Promise<PayoutDetail> {
  if (!PAYOUT_ID.test(payoutId)) throw notFound();
  const kept = await keptPayoutDetail(deps.db, clinicId, payoutId);
  if (kept) return kept;
  const accountId = await accountOf(deps.db, clinicId);
  const read = async <T>(request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      if (error instanceof GatewayError && error.code === 'resource_missing') throw notFound();
      throw fromGatewayError(error);
    }
  };
  const payout = await read(() => deps.gateway.retrievePayout(accountId, payoutId));
  const transactions = await read(() => deps.gateway.listPayoutBalanceTransactions(accountId, payoutId));
  const lines = await payoutLines(deps.db, clinicId, payoutId, transactions);
  return {
    payout: toPayout(payout),
    lines,
    linesTotal: lines.reduce((sum, line) => sum + line.net, 0),
  };
}

/**
 * GET /api/payouts/:payoutId/export: the payout's lines as a CSV for Xero or QuickBooks Online, with
 * its file name, by `actor` (a member of the clinic, from the session). Once the payout is read, the
 * export is audited (`payout.exported`, against the clinic, with the payout's id, the format and the
 * number of lines) in a transaction of its own. Throws as getPayoutDetail, writing no entry.
 */
export async function exportPayout(
  deps: PayoutDeps,
  actor: { clinicId: string; actorUserId: string },
  payoutId: string,
  format: PayoutExportFormat,
): Promise<{ fileName: string; csv: string }> {
  const detail = await getPayoutDetail(deps, actor.clinicId, payoutId);
  await deps.db.transaction((tx) =>
    recordAudit(tx, {
      actorUserId: actor.actorUserId,
      action: 'payout.exported',
      entityType: 'clinic',
      entityId: actor.clinicId,
      details: { payoutId: detail.payout.id, format, rowCount: detail.lines.length },
    }),
  );
  return { fileName: payoutCsvFileName(detail, format), csv: payoutCsv(detail, format) };
}

/**
 * POST /api/clinic/payment-provider/dashboard-link: a single-use link into the provider's Express
 * dashboard for the clinic's connected account, where it manages its bank details and payouts. Throws
 * CLINIC_NOT_CONNECTED (409), PROVIDER_UNAVAILABLE (503).
 */
export async function dashboardLink(deps: PayoutDeps, clinicId: string): Promise<{ url: string }> {
  const accountId = await accountOf(deps.db, clinicId);
  return onAccount(() => deps.gateway.createLoginLink(accountId));
}

/** The lines of a payout to keep, in the provider's order, each with its payment as the breakdown names it. */
async function linesToKeep(
  tx: Tx,
  clinicId: string,
  payoutId: string,
  transactions: readonly BalanceTransaction[],
): Promise<NewPayoutLine[]> {
  return (await linesWithPayments(tx, clinicId, payoutId, transactions)).map(({ line, payment }) => ({
    providerTransactionId: line.id,
    type: line.type,
    origin: line.origin,
    amount: line.amount,
    fee: line.fee,
    net: line.net,
    createdAt: line.created,
    description: line.description,
    paymentIntentId: line.paymentIntentId,
    paymentId: payment?.id ?? null,
    paymentReference: payment?.paymentRef ?? null,
    patientName: payment?.patientName ?? null,
  }));
}

/**
 * Records the provider's payout, as re-read for a payout event, in the event's transaction: the
 * payouts row is created or brought up to date; a paid payout's lines (`transactions`, its balance
 * transactions as the provider lists them) are kept once, so its breakdown is read from here
 * (docs/decisions/0128-back-office-at-scale.md); and when the payout failed and the clinic was not told
 * yet, the clinic is emailed why and how to fix its bank details (once per payout).
 */
export async function recordProviderPayout(
  tx: Tx,
  deps: { jobs: Pick<JobQueue, 'send'>; publicUrl: string },
  clinic: ClinicRow,
  accountId: string,
  payout: ProviderPayout,
  transactions?: readonly BalanceTransaction[],
): Promise<void> {
  const row = await upsertPayout(tx, {
    clinicId: clinic.id,
    providerPayoutId: payout.id,
    providerAccountId: accountId,
    amount: payout.amount,
    status: payout.status,
    arrivalDate: payout.arrivalDate,
    failureCode: payout.failureCode,
    providerCreatedAt: payout.created,
  });
  if (transactions && row.linesRecordedAt === null)
    await insertPayoutLines(tx, row, await linesToKeep(tx, clinic.id, payout.id, transactions));
  if (payout.status !== 'failed' || row.failureNotifiedAt !== null) return;
  const to = clinic.email ?? (await findClinicAccountEmail(tx, clinic.id));
  if (to)
    await queueEmail(
      deps.jobs,
      await payoutFailedEmail({
        to,
        amount: payout.amount,
        created: payout.created,
        failureCode: payout.failureCode,
        publicUrl: deps.publicUrl,
      }),
      { tx },
    );
  await markFailureNotified(tx, row.id);
}
