/**
 * Sending a payment request (spec §4 "Payment request": created with status sent, with pending
 * notification_queue rows). The link, when one is chosen, must be one of the clinic's active links;
 * the amount is then the link's. The request and its notice (a row and a delivery job per channel:
 * always email, and a text to a phone that can take one, whatever the clinic's notification settings,
 * docs/decisions/0104-requests-go-whatever-the-settings.md) are stored in one transaction; the email and
 * text go out from the job queue after the answer.
 */
import {
  LINK_MESSAGES,
  type NewPaymentRequest,
  type PaymentType,
  REQUEST_MESSAGES,
  requestTerms,
} from '@clinicpay/shared';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/ids.js';
import type { JobQueue } from '../../jobs/index.js';
import { type ClinicRow, getClinicRow } from '../clinics/index.js';
import { findClinicLink } from '../links/index.js';
import { queueNotice } from '../notifications/index.js';
import { recordPatient } from '../patients/index.js';
import { hasPolicyInForce } from '../policies/index.js';
import {
  findClinicRequest,
  findClinicRequestRow,
  insertPaymentRequest,
  lockPaymentRequest,
  type PaymentRequestRow,
} from './queries.js';

export interface SendRequestDeps {
  db: Db;
  jobs: Pick<JobQueue, 'send'>;
  /** e.g. 'https://pay.example.com': the patient's link is {publicUrl}/payment/{request id}. */
  publicUrl: string;
  /** Told when the notice could not be queued (the request still stands). */
  onError: (error: unknown) => void;
}

/**
 * Stores the request and queues the patient's notice. Resolves to its id and payment page URL, with
 * the spec §8 warning when the notice could not be queued. Throws NOT_FOUND for a link that is not
 * one of the clinic's active links, and VALIDATION_FAILED (400) for a link that only saves a card
 * (docs/decisions/0095-secure-your-appointment.md): it is shared as a link, never requested; and for a
 * card on file asked for while the clinic has no policy in force.
 */
export async function sendPaymentRequest(deps: SendRequestDeps, clinicId: string, input: NewPaymentRequest) {
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
  const clinic = await getClinicRow(deps.db, clinicId);

  return deps.db.transaction((tx) =>
    storeRequest(tx, deps, clinic, {
      paymentLink: link,
      customAmount: link ? null : input.customAmount,
      treatmentTotal: link ? null : input.treatmentTotal,
      requiresCardOnFile: input.requiresCardOnFile,
      patient: { name: input.patientName, email: input.patientEmail, phone: input.patientPhone },
      message: input.message,
    }),
  );
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
): Promise<number> {
  const { amount, title } = requestTerms(row, link);
  return queueNotice(tx, deps.jobs, {
    type: 'payment_request',
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
      message: row.message ?? `Payment for ${title}`,
    },
  });
}

/**
 * POST /api/payment-requests/:requestId/resend: sends an unpaid request's link to the patient again,
 * on the channels of a new request, and says how many notices were queued; the notification log shows
 * each. Throws AppError PAYMENT_REQUEST_NOT_FOUND (404) for an unknown, malformed or another clinic's
 * request, and PAYMENT_REQUEST_PAID (409) for one already paid (checked with the request locked).
 */
export async function resendPaymentRequest(
  deps: Pick<SendRequestDeps, 'db' | 'jobs' | 'publicUrl'>,
  clinicId: string,
  requestId: string,
): Promise<{ message: string; notices: number }> {
  const row = isUuid(requestId) ? await findClinicRequestRow(deps.db, clinicId, requestId) : undefined;
  if (!row) throw new AppError('PAYMENT_REQUEST_NOT_FOUND', REQUEST_MESSAGES.notFound);
  const link = row.paymentLinkId
    ? ((await findClinicLink(deps.db, clinicId, row.paymentLinkId)) ?? null)
    : null;
  const clinic = await getClinicRow(deps.db, clinicId);
  return deps.db.transaction(async (tx) => {
    const locked = await lockPaymentRequest(tx, row.id);
    if (locked?.status !== 'sent') throw new AppError('PAYMENT_REQUEST_PAID', REQUEST_MESSAGES.alreadyPaid);
    const notices = await queueRequestNotice(tx, deps, clinic, row, link);
    return { message: REQUEST_MESSAGES.resent, notices };
  });
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
