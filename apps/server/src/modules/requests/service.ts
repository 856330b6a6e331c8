/**
 * Sending a payment request (docs/product.md#states-payment-request: created with status sent, with
 * pending notification_queue rows). The link, when one is chosen, must be one of the clinic's active links;
 * the amount is then the link's. The request and its notice (a row and a delivery job per channel:
 * always email, and a text to a phone that can take one, whatever the clinic's notification settings,
 * docs/decisions/0104-requests-go-whatever-the-settings.md) are stored in one transaction; the email and
 * text go out from the job queue after the answer.
 */
import {
  CHECKOUT_REFUSALS,
  defaultNoticeMessage,
  LINK_MESSAGES,
  type ListRequestsQuery,
  type NewPaymentRequest,
  type PaymentRequestDetail,
  type PaymentType,
  REQUEST_MESSAGES,
  REQUESTS_PAGE_SIZE,
  type RequestEvent,
  type RequestList,
  requestTerms,
} from '@clinicpay/shared';
import type { Db, Tx } from '../../db/client.js';
import {
  type CardGateway,
  GatewayError,
  knownPaymentIntent,
  PAID_INTENT_STATUSES,
} from '../../gateway/gateway.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/ids.js';
import type { JobQueue } from '../../jobs/index.js';
import { recordAudit } from '../audit/index.js';
import { type ClinicRow, getClinicRow } from '../clinics/index.js';
import {
  closesAfter,
  findClinicLink,
  lastDayAfter,
  lastDayBefore,
  londonDay,
  requestState,
} from '../links/index.js';
import { listNotificationsAbout, type Notice, queueNotice, queueNotices } from '../notifications/index.js';
import { recordPatient } from '../patients/index.js';
import { hasPolicyInForce } from '../policies/index.js';
import {
  type ClaimedReminder,
  claimDueReminders,
  findClinicRequest,
  findClinicRequestRow,
  insertPaymentRequest,
  lockPaymentRequest,
  markRequestCancelled,
  markRequestReminded,
  markRequestViewed,
  type PaymentRequestRow,
  selectClinicRequests,
} from './queries.js';

export interface SendRequestDeps {
  db: Db;
  jobs: Pick<JobQueue, 'send'>;
  /** e.g. 'https://pay.example.com': the patient's link is {publicUrl}/payment/{request id}. */
  publicUrl: string;
  /** Told when the notice could not be queued (the request still stands). */
  onError: (error: unknown) => void;
}

/** The clinic member acting: their clinic (from the session) and user id, named in the audit entry. */
export interface RequestActor {
  clinicId: string;
  actorUserId: string;
}

/**
 * Stores the request and queues the patient's notice, and audits it (`request.sent`, against the
 * clinic: the request's id, the patient's email and the amount in pence) in the same transaction.
 * Resolves to its id and payment page URL, with the warning of docs/product.md#messages-payments when
 * the notice could not be queued. Throws NOT_FOUND for a
 * link that is not one of the clinic's active links, and VALIDATION_FAILED (400) for a link that only saves a
 * card (docs/decisions/0095-secure-your-appointment.md): it is shared as a link, never requested; and for a
 * card on file asked for while the clinic has no policy in force.
 */
export async function sendPaymentRequest(
  deps: SendRequestDeps,
  actor: RequestActor,
  input: NewPaymentRequest,
) {
  const { clinicId } = actor;
  const link = input.paymentLinkId
    ? isUuid(input.paymentLinkId)
      ? await findClinicLink(deps.db, clinicId, input.paymentLinkId)
      : undefined
    : null;
  if (link === undefined || (link && !link.isActive))
    throw new AppError('LINK_NOT_FOUND', LINK_MESSAGES.notFound);
  if (link?.securesAppointment)
    throw new AppError('VALIDATION_FAILED', LINK_MESSAGES.securesAppointmentNotRequested, {
      paymentLinkId: LINK_MESSAGES.securesAppointmentNotRequested,
    });
  if (input.requiresCardOnFile && !(await hasPolicyInForce(deps.db, clinicId)))
    throw new AppError('VALIDATION_FAILED', LINK_MESSAGES.noPolicyForCardOnFile, {
      requiresCardOnFile: LINK_MESSAGES.noPolicyForCardOnFile,
    });
  if (input.expiresOn !== null && input.expiresOn < londonDay(new Date()))
    throw new AppError('VALIDATION_FAILED', REQUEST_MESSAGES.expiryInPast, {
      expiresOn: REQUEST_MESSAGES.expiryInPast,
    });
  const clinic = await getClinicRow(deps.db, clinicId);
  const customAmount = link ? null : input.customAmount;

  return deps.db.transaction(async (tx) => {
    const stored = await storeRequest(tx, deps, clinic, {
      paymentLink: link,
      customAmount,
      treatmentTotal: link ? null : input.treatmentTotal,
      requiresCardOnFile: input.requiresCardOnFile,
      patient: { name: input.patientName, email: input.patientEmail, phone: input.patientPhone },
      message: input.message,
      expiresOn: input.expiresOn,
      remindersOn: input.remindersOn,
      // Sent without one, a link's request takes the link's reference (docs/decisions/0108-clinic-reference.md).
      clinicReference: input.clinicReference ?? link?.clinicReference ?? null,
    });
    await recordAudit(tx, {
      actorUserId: actor.actorUserId,
      action: 'request.sent',
      entityType: 'clinic',
      entityId: clinicId,
      details: {
        requestId: stored.id,
        patientEmail: input.patientEmail,
        amount: requestTerms({ customAmount }, link).amount,
      },
    });
    return stored;
  });
}

/** A request to store: a link's, or a custom amount in pence with, for a balance, its own title and type. */
export interface RequestToStore {
  paymentLink: { id: string; amount: number | null; title: string; type: PaymentType } | null;
  customAmount: number | null;
  /** Pence: a custom amount's treatment total when it is a deposit; else null (or left out). */
  treatmentTotal?: number | null;
  /** Whether this request itself asks for a card on file (a link's request asks when its link does). */
  requiresCardOnFile?: boolean;
  patient: { name: string; email: string; phone: string | null };
  message: string | null;
  /** A balance request's own terms (docs/decisions/0094-deposits-and-balances.md). */
  balance?: { title: string; originalPaymentId: string };
  /**
   * The last day to pay (YYYY-MM-DD, London); null or left out: the clinic's request expiry in days
   * from today (docs/decisions/0105-request-and-link-lifetimes.md).
   */
  expiresOn?: string | null;
  /** Whether it is reminded on the clinic's schedule while unpaid (0106); default yes. */
  remindersOn?: boolean;
  /** The clinic's reference (0108); null or left out: none. */
  clinicReference?: string | null;
}

/**
 * In `tx`: files the request under its patient, stores it, and queues the patient's notice in a
 * savepoint, so a notice that cannot be queued leaves the request standing (the delivery-delayed warning). Resolves
 * to its id and payment page URL, with that warning when the notice was not queued.
 */
export async function storeRequest(
  tx: Tx,
  deps: SendRequestDeps,
  clinic: ClinicRow,
  request: RequestToStore,
): Promise<{ id: string; paymentUrl: string; warning?: string }> {
  const { patient } = request;
  const patientId = await recordPatient(tx, clinic.id, patient, 'clinic');
  const row = await insertPaymentRequest(tx, {
    clinicId: clinic.id,
    patientId,
    paymentLinkId: request.paymentLink?.id ?? null,
    customAmount: request.customAmount,
    treatmentTotal: request.treatmentTotal ?? null,
    requiresCardOnFile: request.requiresCardOnFile ?? false,
    // A custom amount towards a treatment total is a deposit (docs/decisions/0094-deposits-and-balances.md).
    ...(request.treatmentTotal ? { type: 'deposit' as const } : {}),
    patientName: patient.name,
    patientEmail: patient.email,
    patientPhone: patient.phone,
    message: request.message,
    expiresAt: closesAfter(request.expiresOn ?? lastDayAfter(new Date(), clinic.requestExpiryDays)),
    remindersOn: request.remindersOn ?? true,
    clinicReference: request.clinicReference ?? null,
    ...(request.balance
      ? {
          title: request.balance.title,
          type: 'balance',
          originalPaymentId: request.balance.originalPaymentId,
        }
      : {}),
  });

  const paymentUrl = `${deps.publicUrl}/payment/${row.id}`;
  try {
    await tx.transaction((savepoint) =>
      queueRequestNotice(savepoint, deps, clinic, row, request.paymentLink),
    );
  } catch (error) {
    deps.onError(error);
    return { id: row.id, paymentUrl, warning: REQUEST_MESSAGES.deliveryDelayed };
  }
  return { id: row.id, paymentUrl };
}

/**
 * In `tx`: queues the patient's notice of a request, with its link, amount and what it is for; by
 * email, and by text to a phone that can take one, whatever the clinic's notification settings
 * (docs/decisions/0104-requests-go-whatever-the-settings.md). Resolves to the number of notices queued.
 */
function queueRequestNotice(
  tx: Tx,
  deps: Pick<SendRequestDeps, 'jobs' | 'publicUrl'>,
  clinic: ClinicRow,
  row: PaymentRequestRow,
  link: RequestToStore['paymentLink'],
  type: 'payment_request' | 'payment_reminder' = 'payment_request',
): Promise<number> {
  return queueNotice(tx, deps.jobs, requestNotice(deps, clinic, row, link, type));
}

/**
 * The patient's notice of a request, with its link, amount and what it is for, to go by email, and by
 * text to a phone that can take one, whatever the clinic's notification settings
 * (docs/decisions/0104-requests-go-whatever-the-settings.md).
 */
function requestNotice(
  deps: Pick<SendRequestDeps, 'publicUrl'>,
  clinic: ClinicRow,
  row: Pick<
    PaymentRequestRow,
    'id' | 'customAmount' | 'title' | 'type' | 'patientName' | 'patientEmail' | 'patientPhone' | 'message'
  >,
  link: Pick<NonNullable<RequestToStore['paymentLink']>, 'amount' | 'title' | 'type'> | null,
  type: 'payment_request' | 'payment_reminder',
): Notice {
  const { amount, title } = requestTerms(row, link);
  return {
    type,
    recipientType: 'patient',
    whateverTheSettings: true,
    clinic,
    patient: { name: row.patientName, email: row.patientEmail, phone: row.patientPhone },
    payment: {
      id: null,
      paymentRequestId: row.id,
      reference: null,
      amount: amount ?? 0,
      refundAmount: null,
      paymentLink: `${deps.publicUrl}/payment/${row.id}`,
      message: row.message ?? defaultNoticeMessage(title),
    },
  };
}

/** The clinic's request, or AppError PAYMENT_REQUEST_NOT_FOUND (404) for an unknown, malformed or another clinic's id. */
async function clinicRequestOrNotFound(db: Db, clinicId: string, requestId: string) {
  const row = isUuid(requestId) ? await findClinicRequestRow(db, clinicId, requestId) : undefined;
  if (!row) throw new AppError('PAYMENT_REQUEST_NOT_FOUND', REQUEST_MESSAGES.notFound);
  return row;
}

/**
 * Refuses (409) to send anything more for a request that is paid, cancelled or expired, saying which
 * of a resend or a reminder was refused.
 */
function refuseUnlessOpen(
  request: Pick<PaymentRequestRow, 'status' | 'cancelledAt' | 'expiresAt'>,
  type: 'payment_request' | 'payment_reminder',
) {
  const state = requestState(request, new Date());
  if (state === 'paid')
    throw new AppError(
      'PAYMENT_REQUEST_PAID',
      type === 'payment_reminder' ? REQUEST_MESSAGES.paidNoReminder : REQUEST_MESSAGES.alreadyPaid,
    );
  if (state !== 'open') throw new AppError('PAYMENT_REQUEST_CLOSED', REQUEST_MESSAGES.closed);
}

/**
 * Sends an open request's notice again, as a new request (`payment_request`) or as a reminder
 * (`payment_reminder`), with the request locked, so a payment recorded meanwhile stops it; audited
 * (`request.resent` or `request.reminded`, against the clinic, with the request's id and the number of
 * notices queued) in the same transaction.
 */
async function sendAgain(
  deps: Pick<SendRequestDeps, 'db' | 'jobs' | 'publicUrl'>,
  actor: RequestActor,
  requestId: string,
  type: 'payment_request' | 'payment_reminder',
): Promise<number> {
  const { clinicId } = actor;
  const row = await clinicRequestOrNotFound(deps.db, clinicId, requestId);
  const link = row.paymentLinkId
    ? ((await findClinicLink(deps.db, clinicId, row.paymentLinkId)) ?? null)
    : null;
  const clinic = await getClinicRow(deps.db, clinicId);
  return deps.db.transaction(async (tx) => {
    const locked = await lockPaymentRequest(tx, row.id);
    if (!locked) throw new AppError('PAYMENT_REQUEST_NOT_FOUND', REQUEST_MESSAGES.notFound);
    refuseUnlessOpen(locked, type);
    const notices = await queueRequestNotice(tx, deps, clinic, row, link, type);
    if (type === 'payment_reminder') await markRequestReminded(tx, row.id, new Date());
    await recordAudit(tx, {
      actorUserId: actor.actorUserId,
      action: type === 'payment_reminder' ? 'request.reminded' : 'request.resent',
      entityType: 'clinic',
      entityId: clinicId,
      details: { requestId: row.id, notices },
    });
    return notices;
  });
}

/**
 * POST /api/payment-requests/:requestId/resend: sends an unpaid request's link to the patient again,
 * on the channels of a new request, and says how many notices were queued; the notification log shows
 * each. Throws AppError PAYMENT_REQUEST_NOT_FOUND (404) for an unknown, malformed or another clinic's
 * request, PAYMENT_REQUEST_PAID (409) for one already paid and PAYMENT_REQUEST_CLOSED (409) for one
 * cancelled or expired (checked with the request locked). Audited as `request.resent` by `actor`.
 */
export async function resendPaymentRequest(
  deps: Pick<SendRequestDeps, 'db' | 'jobs' | 'publicUrl'>,
  actor: RequestActor,
  requestId: string,
): Promise<{ message: string; notices: number }> {
  const notices = await sendAgain(deps, actor, requestId, 'payment_request');
  return { message: REQUEST_MESSAGES.resent, notices };
}

/**
 * POST /api/payment-requests/:requestId/remind: reminds the patient of an open request now, on the
 * channels of the request (docs/decisions/0106-request-reminders.md); the schedule goes on as before.
 * Audited as `request.reminded` by `actor` (the scheduled sweep, sendDueReminders, is not: no one acts).
 * Throws as resendPaymentRequest does.
 */
export async function remindPaymentRequest(
  deps: Pick<SendRequestDeps, 'db' | 'jobs' | 'publicUrl'>,
  actor: RequestActor,
  requestId: string,
): Promise<{ message: string; notices: number }> {
  const notices = await sendAgain(deps, actor, requestId, 'payment_reminder');
  return { message: REQUEST_MESSAGES.reminded, notices };
}

/**
 * POST /api/payment-requests/:requestId/cancel: cancels an unpaid request
 * (docs/decisions/0105-request-and-link-lifetimes.md). Its page then says so and takes no payment, its
 * reminders stop, and its open payment intent is cancelled at the provider. The cancellation is
 * audited (`request.cancelled`, against the clinic, with the request's id) in the transaction that marks
 * it. Cancelling a cancelled request changes nothing and writes no entry. Throws
 * PAYMENT_REQUEST_NOT_FOUND (404), and PAYMENT_REQUEST_PAID (409) when it is paid, or its intent is
 * being paid; GatewayError (503) when the provider cannot say.
 */
export async function cancelPaymentRequest(
  deps: { db: Db; gateway: CardGateway; onError: (error: unknown) => void },
  actor: RequestActor,
  requestId: string,
): Promise<{ message: string }> {
  const { clinicId } = actor;
  const row = await clinicRequestOrNotFound(deps.db, clinicId, requestId);
  if (row.status === 'paid') throw new AppError('PAYMENT_REQUEST_PAID', REQUEST_MESSAGES.cannotCancelPaid);
  if (row.cancelledAt) return { message: REQUEST_MESSAGES.cancelled };
  // A payment under way is the patient's: the request is theirs to finish, not to cancel.
  // An intent the provider does not know (made under other keys) is nothing to wait for or cancel.
  const intent = row.paymentIntentId
    ? ((await knownPaymentIntent(deps.gateway, row.paymentIntentId)) ?? null)
    : null;
  if (intent && PAID_INTENT_STATUSES.has(intent.status))
    throw new AppError('PAYMENT_REQUEST_PAID', REQUEST_MESSAGES.cannotCancelPaid);
  const cancelled = await deps.db.transaction(async (tx) => {
    const locked = await lockPaymentRequest(tx, row.id);
    if (locked?.status === 'paid')
      throw new AppError('PAYMENT_REQUEST_PAID', REQUEST_MESSAGES.cannotCancelPaid);
    const marked = await markRequestCancelled(tx, row.id, new Date());
    if (marked)
      await recordAudit(tx, {
        actorUserId: actor.actorUserId,
        action: 'request.cancelled',
        entityType: 'clinic',
        entityId: clinicId,
        details: { requestId: row.id },
      });
    return marked;
  });
  // Marked first, so a new Pay Now is refused before the intent goes; a payment that still gets
  // through is recorded and refunded automatically (payments module).
  if (cancelled && intent && intent.status !== 'canceled') {
    try {
      await deps.gateway.cancelPaymentIntent(intent.id);
    } catch (error) {
      if (!(error instanceof GatewayError && error.code === 'payment_intent_unexpected_state'))
        deps.onError(error);
    }
  }
  return { message: REQUEST_MESSAGES.cancelled };
}

/**
 * POST /api/public/payments/:id/viewed: records the first time the patient opened a request's page
 * (docs/decisions/0105-request-and-link-lifetimes.md). Throws AppError PAYMENT_PAGE_NOT_FOUND (404,
 * 'Payment link not found', as the page's data answers) for anything but a request's id: a link's, an
 * unknown or a malformed one, which changes nothing.
 */
export async function recordRequestViewed(db: Db, id: string): Promise<void> {
  if (!(isUuid(id) && (await markRequestViewed(db, id, new Date()))))
    throw new AppError('PAYMENT_PAGE_NOT_FOUND', CHECKOUT_REFUSALS.notFound);
}

/**
 * GET /api/payment-requests/:requestId: where the request stands and its timeline: sent, each resend
 * and reminder (from the notification log: one step per moment, whatever the channels), the first
 * opening, and payment, cancellation or expiry. Throws PAYMENT_REQUEST_NOT_FOUND (404).
 */
export async function getPaymentRequest(
  db: Db,
  clinicId: string,
  requestId: string,
): Promise<PaymentRequestDetail> {
  const row = await clinicRequestOrNotFound(db, clinicId, requestId);
  const now = new Date();
  const state = requestState(row, now);
  const notices = await listNotificationsAbout(db, { paymentId: null, paymentRequestId: row.id });
  const timeline: RequestEvent[] = [{ kind: 'sent', at: row.sentAt.toISOString() }];
  // Notices queued in one transaction share its time: the request's own share the sending's, and each
  // later time is one resend or reminder, whatever the channels.
  const moments = new Set<string>([row.sentAt.toISOString()]);
  for (const notice of notices) {
    if (notice.recipientType !== 'patient' || moments.has(notice.createdAt)) continue;
    const kind =
      notice.type === 'payment_reminder' ? 'reminded' : notice.type === 'payment_request' ? 'resent' : null;
    if (!kind) continue;
    moments.add(notice.createdAt);
    timeline.push({ kind, at: notice.createdAt });
  }
  if (row.viewedAt) timeline.push({ kind: 'viewed', at: row.viewedAt.toISOString() });
  if (row.paidAt) timeline.push({ kind: 'paid', at: row.paidAt.toISOString() });
  if (row.cancelledAt) timeline.push({ kind: 'cancelled', at: row.cancelledAt.toISOString() });
  if (state === 'expired' && row.expiresAt)
    timeline.push({ kind: 'expired', at: row.expiresAt.toISOString() });
  timeline.sort((a, b) => a.at.localeCompare(b.at));
  return {
    id: row.id,
    state,
    expiresOn: row.expiresAt ? lastDayBefore(row.expiresAt) : null,
    remindersOn: row.remindersOn,
    timeline,
  };
}

/**
 * GET /api/payment-requests: one page of the clinic's requests, newest first, filtered by where they
 * stand and searched by patient name, email or phone, on the server; amounts in pence by the one
 * pricing rule (requestTerms).
 */
export async function listPaymentRequests(
  db: Db,
  clinicId: string,
  query: ListRequestsQuery,
): Promise<RequestList> {
  const now = new Date();
  const { rows, total } = await selectClinicRequests(db, {
    clinicId,
    filter: query.status,
    search: query.search || undefined,
    now,
    limit: REQUESTS_PAGE_SIZE,
    offset: (query.page - 1) * REQUESTS_PAGE_SIZE,
  });
  return {
    items: rows.map(({ request, link }) => {
      const terms = requestTerms(
        request,
        link?.title ? { amount: link.amount, title: link.title, type: link.type } : null,
      );
      return {
        id: request.id,
        patientName: request.patientName,
        patientEmail: request.patientEmail,
        amount: terms.amount,
        title: terms.title,
        sentAt: request.sentAt.toISOString(),
        state: requestState(request, now),
        expiresOn: request.expiresAt ? lastDayBefore(request.expiresAt) : null,
        viewedAt: request.viewedAt?.toISOString() ?? null,
        lastRemindedAt: request.lastRemindedAt?.toISOString() ?? null,
        clinicReference: request.clinicReference,
      };
    }),
    total,
    page: query.page,
    pageSize: REQUESTS_PAGE_SIZE,
  };
}

/**
 * How many requests one sweep claims per transaction: their notices are queued with a few statements
 * whatever the number (docs/decisions/0129-reminders-at-scale.md), so a batch takes a fraction of a
 * second, and each row stays locked only that long.
 */
const REMINDER_BATCH = 500;

/** What the reminder sweep needs: the database, the job queue (to queue the notices in bulk) and the public URL. */
export interface ReminderSweepDeps {
  db: Db;
  jobs: Pick<JobQueue, 'sendMany'>;
  /** e.g. 'https://pay.example.com': the patient's link is {publicUrl}/payment/{request id}. */
  publicUrl: string;
}

/**
 * The requests.send-reminders sweep (docs/decisions/0106-request-reminders.md): every request whose
 * next scheduled reminder is due at `now` gets one, by the channels of the request, in batches of
 * REMINDER_BATCH; each batch is claimed and its notices queued in one transaction, in a few statements
 * (docs/decisions/0129-reminders-at-scale.md), so each reminder is queued once whichever process
 * sweeps, and its delivery job once whatever is retried. Resolves to the number of requests reminded.
 * `now` is the clock (tests move it); `onlyRequestId` sweeps that one request alone; `batchSize`
 * (tests) replaces REMINDER_BATCH.
 */
export async function sendDueReminders(
  deps: ReminderSweepDeps,
  now: Date,
  options: { onlyRequestId?: string; batchSize?: number } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? REMINDER_BATCH;
  const clinics = new Map<string, ClinicRow>();
  let reminded = 0;
  for (;;) {
    const claimed = await deps.db.transaction(async (tx) => {
      const rows = await claimDueReminders(tx, now, batchSize, options.onlyRequestId);
      const notices: Notice[] = [];
      for (const row of rows) notices.push(reminderNotice(deps, await clinicOf(tx, clinics, row), row));
      await queueNotices(tx, deps.jobs, notices);
      return rows.length;
    });
    reminded += claimed;
    if (claimed < batchSize) return reminded;
  }
}

/** The claimed request's clinic, read once a sweep. */
async function clinicOf(tx: Tx, clinics: Map<string, ClinicRow>, row: ClaimedReminder): Promise<ClinicRow> {
  const known = clinics.get(row.clinicId);
  if (known) return known;
  const clinic = await getClinicRow(tx, row.clinicId);
  clinics.set(row.clinicId, clinic);
  return clinic;
}

/** A claimed request's reminder notice (`payment_reminder`), by the request's channels. */
function reminderNotice(deps: Pick<ReminderSweepDeps, 'publicUrl'>, clinic: ClinicRow, row: ClaimedReminder) {
  return requestNotice(deps, clinic, row, row.link, 'payment_reminder');
}

/**
 * The patient's payment page of one of the clinic's requests, e.g. {publicUrl}/payment/{id}. Throws
 * AppError PAYMENT_REQUEST_NOT_FOUND (404) for an unknown or malformed id, or another clinic's request.
 */
export async function paymentRequestUrl(
  deps: Pick<SendRequestDeps, 'db' | 'publicUrl'>,
  clinicId: string,
  requestId: string,
): Promise<{ id: string; url: string }> {
  const row = isUuid(requestId) ? await findClinicRequest(deps.db, clinicId, requestId) : undefined;
  if (!row) throw new AppError('PAYMENT_REQUEST_NOT_FOUND', REQUEST_MESSAGES.notFound);
  return { id: row.id, url: `${deps.publicUrl}/payment/${row.id}` };
}
