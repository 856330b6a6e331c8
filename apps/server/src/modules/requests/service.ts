/**
 * Sending a payment request (spec §4 "Payment request": created with status sent). The link, when one
 * is chosen, must be one of the clinic's active links; the amount is then the link's.
 */
import { LINK_MESSAGES, type NewPaymentRequest, REQUEST_MESSAGES } from '@clinicpay/shared';
import { paymentRequests } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/ids.js';
import { findClinic } from '../clinics/index.js';
import { findClinicLink } from '../links/index.js';
import { type NotifyDeps, notifyPatientOfRequest } from './notify.js';

export interface SendRequestDeps extends NotifyDeps {
  publicUrl: string;
}

export async function sendPaymentRequest(deps: SendRequestDeps, clinicId: string, input: NewPaymentRequest) {
  const link = input.paymentLinkId
    ? isUuid(input.paymentLinkId)
      ? await findClinicLink(deps.db, clinicId, input.paymentLinkId)
      : undefined
    : null;
  if (link === undefined || (link && !link.isActive)) throw new AppError('NOT_FOUND', LINK_MESSAGES.notFound);
  const clinic = await findClinic(deps.db, clinicId);
  if (!clinic) throw new AppError('NOT_FOUND', 'No clinic associated with this user');

  const [request] = await deps.db
    .insert(paymentRequests)
    .values({
      clinicId,
      paymentLinkId: link?.id ?? null,
      customAmount: link ? null : input.customAmount,
      patientName: input.patientName,
      patientEmail: input.patientEmail,
      patientPhone: input.patientPhone,
      message: input.message,
    })
    .returning();
  if (!request) throw new Error('payment request was not stored');

  const paymentUrl = `${deps.publicUrl}/payment/${request.id}`;
  const delivered = await notifyPatientOfRequest(deps, {
    clinic,
    requestId: request.id,
    patient: { name: input.patientName, email: input.patientEmail, phone: input.patientPhone },
    amount: link?.amount ?? input.customAmount ?? 0,
    title: link?.title ?? 'Custom Payment Request',
    message: input.message,
    paymentUrl,
  });
  return { id: request.id, paymentUrl, ...(delivered ? {} : { warning: REQUEST_MESSAGES.deliveryDelayed }) };
}
