/**
 * The public payment page's data and the payment intent behind Pay Now (spec §4 "Payment flow",
 * §5). The server decides the amount from the link or request; the platform fee from settings becomes
 * the application fee; the link, request, clinic and patient go into metadata for recording.
 */
import { createHash } from 'node:crypto';
import { CHECKOUT_MESSAGES, type PublicPaymentData, platformFeeFor } from '@clinicpay/shared';
import type { Db } from '../../db/client.js';
import { type CardGateway, GatewayError } from '../../gateway/gateway.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/ids.js';
import { clinicAddress } from '../clinics/index.js';
import { getPlatformFeeBasisPoints } from '../platform-settings/index.js';
import { type ClinicRow, findLinkWithClinic, findRequestWithClinic } from './queries.js';

const CUSTOM_REQUEST_TITLE = 'Custom Payment Request';

interface Payable {
  id: string;
  amount: number;
  title: string;
  type: PublicPaymentData['type'];
  clinic: ClinicRow;
  paymentLinkId: string | null;
  paymentRequestId: string | null;
  patient: { name: string; email: string; phone: string | null } | null;
  payability: PublicPaymentData['payability'];
}

/** A request id first, then a link id (spec §7); anything else is 'Payment link not found'. */
async function findPayable(db: Db, id: string): Promise<Payable> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', CHECKOUT_MESSAGES.notFound);
  const connected = (clinic: ClinicRow) =>
    clinic.stripeStatus === 'connected' && clinic.stripeAccountId !== null;

  const request = await findRequestWithClinic(db, id);
  if (request) {
    const amount = request.request.customAmount ?? request.link?.amount;
    if (!amount) throw new AppError('NOT_FOUND', CHECKOUT_MESSAGES.notFound);
    return {
      id,
      amount,
      title: request.link?.title ?? CUSTOM_REQUEST_TITLE,
      type: request.link?.type ?? 'other',
      clinic: request.clinic,
      paymentLinkId: request.request.paymentLinkId,
      paymentRequestId: request.request.id,
      patient: {
        name: request.request.patientName,
        email: request.request.patientEmail,
        phone: request.request.patientPhone,
      },
      payability:
        request.request.status === 'paid' ? 'paid' : connected(request.clinic) ? 'payable' : 'not_connected',
    };
  }

  const link = await findLinkWithClinic(db, id);
  if (!link) throw new AppError('NOT_FOUND', CHECKOUT_MESSAGES.notFound);
  return {
    id,
    amount: link.link.amount,
    title: link.link.title,
    type: link.link.type,
    clinic: link.clinic,
    paymentLinkId: link.link.id,
    paymentRequestId: null,
    patient: null,
    payability: !link.link.isActive ? 'archived' : connected(link.clinic) ? 'payable' : 'not_connected',
  };
}

/** Spec §3 "Public payment data": what the payment page shows, amount in pence. */
export async function getPublicPaymentData(db: Db, id: string): Promise<PublicPaymentData> {
  const payable = await findPayable(db, id);
  return {
    id: payable.id,
    amount: payable.amount,
    title: payable.title,
    type: payable.type,
    isRequest: payable.paymentRequestId !== null,
    patientName: payable.patient?.name ?? null,
    patientEmail: payable.patient?.email ?? null,
    patientPhone: payable.patient?.phone ?? null,
    payability: payable.payability,
    clinic: {
      id: payable.clinic.id,
      name: payable.clinic.clinicName ?? 'Unknown Clinic',
      logo: payable.clinic.logoUrl,
      email: payable.clinic.email,
      phone: payable.clinic.phone,
      address: clinicAddress(payable.clinic),
      stripeStatus: payable.clinic.stripeStatus ?? 'not_connected',
    },
  };
}

const REFUSALS: Record<Exclude<PublicPaymentData['payability'], 'payable'>, string> = {
  not_connected: CHECKOUT_MESSAGES.notConnected,
  archived: CHECKOUT_MESSAGES.archived,
  paid: CHECKOUT_MESSAGES.alreadyPaid,
};

/**
 * A repeat with the same payer gets the same intent; the same attempt with other details is another
 * request to the provider, which would refuse a reused idempotency key with different parameters.
 */
function payerFingerprint(input: CheckoutInput) {
  return createHash('sha256')
    .update(JSON.stringify([input.name, input.email, input.phone]))
    .digest('hex')
    .slice(0, 16);
}

export interface CheckoutInput {
  name: string;
  email: string;
  phone: string | null;
  attemptId: string;
}

/**
 * Creates the payment intent for a link or request. Throws AppError 404 for an unknown id and 409 for
 * an archived link, a paid request or a clinic that cannot take payments. One attempt id, one intent.
 */
export async function createCheckoutIntent(
  deps: { db: Db; gateway: CardGateway },
  id: string,
  input: CheckoutInput,
) {
  const payable = await findPayable(deps.db, id);
  if (payable.payability !== 'payable') throw new AppError('CONFLICT', REFUSALS[payable.payability]);
  const destination = payable.clinic.stripeAccountId;
  if (!destination) throw new AppError('CONFLICT', CHECKOUT_MESSAGES.notConnected);

  const applicationFeeAmount = platformFeeFor(payable.amount, await getPlatformFeeBasisPoints(deps.db));
  const metadata: Record<string, string> = {
    clinic_id: payable.clinic.id,
    payment_type: payable.type,
    title: payable.title,
    patient_name: input.name,
    patient_email: input.email,
    ...(input.phone ? { patient_phone: input.phone } : {}),
    ...(payable.paymentLinkId ? { payment_link_id: payable.paymentLinkId } : {}),
    ...(payable.paymentRequestId ? { payment_request_id: payable.paymentRequestId } : {}),
  };
  try {
    const intent = await deps.gateway.createPaymentIntent({
      amount: payable.amount,
      applicationFeeAmount,
      destinationAccountId: destination,
      metadata,
      receiptEmail: input.email,
      idempotencyKey: `checkout:${payable.id}:${input.attemptId}:${payerFingerprint(input)}`,
    });
    return { paymentIntentId: intent.id, clientSecret: intent.clientSecret, amount: intent.amount };
  } catch (error) {
    if (error instanceof GatewayError) throw new AppError('SERVICE_UNAVAILABLE', error.message);
    throw error;
  }
}
