/** Hand-made clinics and payments for the admin statistics tests: every figure is known in advance. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { clinics, payments } from '../src/db/schema/index.js';

type Status = 'paid' | 'partially_refunded' | 'refunded' | 'pending';

export async function insertClinic(
  app: FastifyInstance,
  values: Partial<typeof clinics.$inferInsert> = {},
): Promise<string> {
  const [row] = await app.database.db
    .insert(clinics)
    .values({ clinicName: 'Test Clinic', ...values })
    .returning({ id: clinics.id });
  if (!row) throw new Error('clinic not inserted');
  return row.id;
}

export interface PaymentValues {
  clinicId: string;
  paidAt: string;
  amountPaid: number;
  status?: Status;
  refundAmount?: number;
  platformFee?: number;
  stripeFee?: number | null;
  paymentLinkId?: string;
  patientName?: string;
}

export async function insertPayment(app: FastifyInstance, values: PaymentValues): Promise<string> {
  const platformFee = values.platformFee ?? 0;
  const [row] = await app.database.db
    .insert(payments)
    .values({
      clinicId: values.clinicId,
      paymentLinkId: values.paymentLinkId,
      patientName: values.patientName ?? 'Ada Patient',
      patientEmail: 'ada@patient.example',
      amountPaid: values.amountPaid,
      platformFee,
      stripeFee: values.stripeFee ?? null,
      refundAmount: values.refundAmount ?? 0,
      netAmount: values.amountPaid - platformFee,
      status: values.status ?? 'paid',
      type: 'deposit',
      title: 'Consultation',
      paymentRef: `REF-${randomUUID()}`,
      stripePaymentId: `pi_${randomUUID()}`,
      paidAt: new Date(values.paidAt),
    })
    .returning({ id: payments.id });
  if (!row) throw new Error('payment not inserted');
  return row.id;
}
