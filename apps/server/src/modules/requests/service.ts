/**
 * Sending a payment request (spec §4 "Payment request": created with status sent, with pending
 * notification_queue rows). The link, when one is chosen, must be one of the clinic's active links;
 * the amount is then the link's. The request and its notice (a row and a delivery job per channel)
 * are stored in one transaction; the email and text go out from the job queue after the answer.
 */
import { LINK_MESSAGES, type NewPaymentRequest, REQUEST_MESSAGES, requestTerms } from '@clinicpay/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/ids.js';
import type { JobQueue } from '../../jobs/index.js';
import { getClinicRow } from '../clinics/index.js';
import { findClinicLink } from '../links/index.js';
import { queueNotice } from '../notifications/index.js';
import { recordPatient } from '../patients/index.js';
import { findClinicRequest, insertPaymentRequest } from './queries.js';

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
 * one of the clinic's active links.
 */
export async function sendPaymentRequest(deps: SendRequestDeps, clinicId: string, input: NewPaymentRequest) {
  const link = input.paymentLinkId
    ? isUuid(input.paymentLinkId)
      ? await findClinicLink(deps.db, clinicId, input.paymentLinkId)
      : undefined
    : null;
  if (link === undefined || (link && !link.isActive))
    throw new AppError('LINK_NOT_FOUND', LINK_MESSAGES.notFound);
  const clinic = await getClinicRow(deps.db, clinicId);

  return deps.db.transaction(async (tx) => {
    const patientId = await recordPatient(
      tx,
      clinicId,
      {
        name: input.patientName,
        email: input.patientEmail,
        phone: input.patientPhone,
      },
      'clinic',
    );
    const request = await insertPaymentRequest(tx, {
      clinicId,
      patientId,
      paymentLinkId: link?.id ?? null,
      customAmount: link ? null : input.customAmount,
      patientName: input.patientName,
      patientEmail: input.patientEmail,
      patientPhone: input.patientPhone,
      message: input.message,
    });

    const paymentUrl = `${deps.publicUrl}/payment/${request.id}`;
    const { amount, title } = requestTerms({ customAmount: link ? null : input.customAmount }, link);
    let queued = true;
    try {
      // In a savepoint: a notice that cannot be queued leaves the request standing (spec §8 warning).
      await tx.transaction((savepoint) =>
        queueNotice(savepoint, deps.jobs, {
          type: 'payment_request',
          recipientType: 'patient',
          clinic,
          patient: { name: input.patientName, email: input.patientEmail, phone: input.patientPhone },
          payment: {
            id: null,
            paymentRequestId: request.id,
            reference: null,
            amount: amount ?? 0,
            refundAmount: null,
            paymentLink: paymentUrl,
            message: input.message ?? `Payment for ${title}`,
          },
        }),
      );
    } catch (error) {
      deps.onError(error);
      queued = false;
    }
    return { id: request.id, paymentUrl, ...(queued ? {} : { warning: REQUEST_MESSAGES.deliveryDelayed }) };
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
