/**
 * The clinic's payment history, dashboard figures and payment details (docs/product.md#clinic-dashboard,
 * docs/product.md#payment-history; docs/product.md#display-payment, docs/product.md#stats; stats, search and
 * filters in docs/product.md#constants); the CSV report is report.ts. Every amount is integer pence; days and
 * months are Europe/London calendar days. Another clinic's payment, or an id that is none, is 'Payment not
 * found' (404).
 */
import {
  CLINIC_TIME_ZONE,
  type ClinicStats,
  type DisplayPayment,
  isRequestStatus,
  PAYMENT_MESSAGES,
  type PaymentDetails,
  type PaymentFilters,
  type PaymentHistoryPage,
  type PaymentHistoryQuery,
} from '@clinicpay/shared';
import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, format, startOfDay, startOfMonth } from 'date-fns';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/ids.js';
import { balanceOf, paymentBalance } from '../balances/index.js';
import { listNotificationsAbout } from '../notifications/index.js';
import { cardSavedWith } from '../saved-cards/index.js';
import {
  findClinicPayment,
  findClinicUnpaidRequest,
  type HistoryPageAt,
  type HistoryPosition,
  type HistoryRow,
  type HistoryWhere,
  selectClinicStats,
  selectFailedAttemptsPage,
  selectHistoryPage,
  selectPaymentRefunds,
} from './queries.js';

export interface PaymentsContext {
  db: Db;
  /** From the session, never from the request. */
  clinicId: string;
  /** The app's public origin, for payment page URLs. */
  publicUrl: string;
}

/** The UTC instant a Europe/London calendar day (YYYY-MM-DD) starts. */
export function londonDayStart(isoDate: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Date(new TZDate(Number(year), Number(month) - 1, Number(day), CLINIC_TIME_ZONE).getTime());
}

/** Today's Europe/London date as YYYY-MM-DD. */
export function londonToday(now: Date = new Date()): string {
  return format(new TZDate(now, CLINIC_TIME_ZONE), 'yyyy-MM-dd');
}

/** Turns the shared filters into SQL bounds: `from` day's start, and the start of the day after `to`. */
export function historyWhere(clinicId: string, filters: PaymentFilters): HistoryWhere {
  // A search that looks like a phone number ('07700 900-123', '+44 7700') is also matched by its digits.
  // A UK number typed with its leading 0 is matched without it, so '07700 900123' finds a phone stored
  // in E.164 ('+447700900123', decision 0018) as well as one stored as digits by earlier versions.
  const looksLikePhone = /^[\d\s+().-]+$/.test(filters.search ?? '') && /\d/.test(filters.search ?? '');
  const digits = looksLikePhone ? (filters.search ?? '').replace(/\D/g, '').replace(/^0(?=\d)/, '') : '';
  return {
    clinicId,
    search: filters.search,
    searchDigits: digits && digits !== filters.search ? digits : undefined,
    fromUtc: filters.from ? londonDayStart(filters.from) : undefined,
    beforeUtc: filters.to ? addDays(new TZDate(londonDayStart(filters.to), CLINIC_TIME_ZONE), 1) : undefined,
    type: filters.type,
    status: filters.status,
  };
}

function toDisplayPayment(row: Omit<HistoryRow, 'kind'>): DisplayPayment {
  const isRequest = isRequestStatus(row.status);
  return {
    id: row.id,
    patientName: row.patient_name || 'Unknown Patient',
    patientEmail: row.patient_email,
    patientPhone: row.patient_phone,
    amount: Number(row.amount ?? 0),
    platformFee: row.platform_fee === null ? null : Number(row.platform_fee),
    date: new Date(row.date).toISOString(),
    status: row.status,
    type: row.type,
    linkTitle: row.title ?? '',
    paymentLinkId: row.payment_link_id,
    reference: row.reference,
    refundedAmount: Number(row.refunded),
    isRequest,
    disputeStatus: row.dispute_status ?? null,
    failureMessage: null,
    clinicReference: row.clinic_reference,
  };
}

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A cursor (historyCursorSchema): 'a' (after) or 'b' (before), then the entry's kind and id. */
const cursorOf = (direction: 'a' | 'b', entry: HistoryPosition) => `${direction}${entry.kind}${entry.id}`;

function pageAt(query: PaymentHistoryQuery): HistoryPageAt {
  if (!query.cursor) return { offset: (query.page - 1) * query.pageSize };
  const entry: HistoryPosition = { kind: query.cursor[1] === 'r' ? 'r' : 'p', id: query.cursor.slice(2) };
  return query.cursor.startsWith('a') ? { after: entry } : { before: entry };
}

/**
 * GET /api/payments: one page of the clinic's payments and unpaid requests ('sent'), newest first,
 * filtered by search, London date range, type and status (docs/product.md#constants), with the total
 * and the cursors of the pages after and before it. With a cursor the page is read from the cursor's
 * place, so paging on costs what the first page does (docs/benchmarks.md). Amounts in pence.
 */
export async function listPayments(
  context: PaymentsContext,
  query: PaymentHistoryQuery,
): Promise<PaymentHistoryPage> {
  const { page, pageSize } = query;
  if (query.status === 'failed') return listFailedAttempts(context, query);
  const { rows, total } = await selectHistoryPage(
    context.db,
    historyWhere(context.clinicId, query),
    pageSize,
    pageAt(query),
  );
  const first = rows[0];
  const last = rows.at(-1);
  return {
    items: rows.map(toDisplayPayment),
    page,
    pageSize,
    total,
    nextCursor: last ? cursorOf('a', last) : null,
    previousCursor: first ? cursorOf('b', first) : null,
  };
}

/**
 * The Failed filter: the clinic's declined attempts (docs/decisions/0101-failed-attempts.md), newest
 * first, filtered by search (name or email), dates and type, paged by number (no cursors).
 */
async function listFailedAttempts(
  context: PaymentsContext,
  query: PaymentHistoryQuery,
): Promise<PaymentHistoryPage> {
  const { page, pageSize } = query;
  const { rows, total } = await selectFailedAttemptsPage(
    context.db,
    historyWhere(context.clinicId, query),
    pageSize,
    (page - 1) * pageSize,
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      patientName: row.patientName || 'Unknown Patient',
      patientEmail: row.patientEmail,
      patientPhone: row.patientPhone,
      amount: row.amount,
      platformFee: null,
      date: row.failedAt.toISOString(),
      status: 'failed' as const,
      type: row.type,
      linkTitle: row.title,
      paymentLinkId: row.paymentLinkId,
      reference: null,
      refundedAmount: 0,
      isRequest: false,
      disputeStatus: null,
      failureMessage: row.failureMessage,
      clinicReference: null,
    })),
    page,
    pageSize,
    total,
    nextCursor: null,
    previousCursor: null,
  };
}

/**
 * The London day and month around `now` as UTC instants. startOfDay/startOfMonth on a TZDate work in
 * London time, so a summer 23:30 UTC belongs to the next London day.
 */
export function statsBounds(now: Date) {
  const london = new TZDate(now, CLINIC_TIME_ZONE);
  const today = startOfDay(london);
  const month = startOfMonth(london);
  return {
    now,
    todayStart: new Date(today.getTime()),
    tomorrowStart: new Date(addDays(today, 1).getTime()),
    monthStart: new Date(month.getTime()),
    nextMonthStart: new Date(addMonths(month, 1).getTime()),
  };
}

/**
 * GET /api/payments/stats: the four dashboard cards (docs/product.md#constants), in pence. Today's Payments
 * and Month Total are paid and partially refunded payments net of refunds; Pending Today is the requests
 * sent today still waiting (not paid, cancelled or past their last day to pay); Month Refunded is refunded payments' whole amount plus partial refunds' amount.
 */
export async function clinicStats(context: PaymentsContext, now: Date = new Date()): Promise<ClinicStats> {
  const sums = await selectClinicStats(context.db, context.clinicId, statsBounds(now));
  return {
    totalReceivedToday: sums.receivedToday,
    totalPendingToday: sums.pendingToday,
    totalReceivedMonth: sums.receivedMonth,
    totalRefundedMonth: sums.refundedMonth,
  };
}

/**
 * GET /api/payments/:id: a payment or unpaid request of this clinic with its refunds and what may
 * still be refunded (amount paid minus pending and succeeded refunds, for paid and partially refunded
 * payments no chargeback holds; else 0). Throws AppError NOT_FOUND 'Payment not found' for another
 * clinic's, unknown or malformed id.
 */
export async function getPaymentDetails(context: PaymentsContext, id: string): Promise<PaymentDetails> {
  if (!isUuid(id)) throw new AppError('PAYMENT_NOT_FOUND', PAYMENT_MESSAGES.notFound);
  const row =
    (await findClinicPayment(context.db, context.clinicId, id)) ??
    (await findClinicUnpaidRequest(context.db, context.clinicId, id));
  if (!row) throw new AppError('PAYMENT_NOT_FOUND', PAYMENT_MESSAGES.notFound);

  const display = toDisplayPayment(row);
  const refunds = display.isRequest ? [] : await selectPaymentRefunds(context.db, context.clinicId, id);
  const committed = refunds
    .filter((refund) => refund.status !== 'failed')
    .reduce((sum, refund) => sum + Number(refund.amount), 0);
  // As the refund rule has it (refunds/service.ts): an inquiry leaves the payment refundable.
  const disputeRefusesRefund =
    display.disputeStatus === 'dispute_lost' ||
    (display.disputeStatus === 'disputed' && row.dispute_charge_refundable !== true);
  const refundable =
    (display.status === 'paid' || display.status === 'partially_refunded') && !disputeRefusesRefund
      ? Math.max(0, display.amount - Math.max(committed, display.refundedAmount))
      : 0;
  const pageId = row.payment_request_id ?? row.payment_link_id;
  return {
    ...display,
    description: row.description,
    message: row.message,
    paymentUrl: pageId ? `${context.publicUrl}/payment/${pageId}` : null,
    isCustomAmount: row.payment_link_id === null || row.custom_amount !== null,
    refundableAmount: refundable,
    disputeRefusesRefund,
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amount: Number(refund.amount),
      status: refund.status,
      createdAt: new Date(refund.created_at).toISOString(),
      reason: refund.reason ?? null,
    })),
    notifications: await listNotificationsAbout(context.db, {
      paymentId: display.isRequest ? null : id,
      paymentRequestId: row.payment_request_id,
    }),
    disputeId: row.dispute_id,
    card:
      row.card_brand && row.card_last4
        ? { brand: row.card_brand, last4: row.card_last4, threeDSecure: row.three_d_secure }
        : null,
    termsAccepted:
      row.terms_id && row.terms_version !== null && row.terms_accepted_at
        ? {
            id: row.terms_id,
            version: Number(row.terms_version),
            acceptedAt: new Date(row.terms_accepted_at).toISOString(),
            ip: row.payer_ip,
          }
        : null,
    requestSentAt: isoOrNull(row.request_sent_at),
    disputeOpenedAt: isoOrNull(row.dispute_opened_at),
    balance: display.isRequest ? null : await paymentBalance(context, context.clinicId, id),
    savedCard: display.isRequest ? null : await cardSavedWith(context.db, context.clinicId, id),
    balanceOf: display.isRequest
      ? null
      : await balanceOf(context.db, context.clinicId, {
          type: row.type,
          originalPaymentId: row.original_payment_id ?? null,
        }),
  };
}
