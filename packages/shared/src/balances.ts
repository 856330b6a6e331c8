/**
 * Deposits with the balance later (docs/decisions/0094-deposits-and-balances.md): what a payment that
 * is a deposit shows (the treatment total, what has been paid and the balance due), and what a balance
 * payment shows of the deposit it settles. Amounts in pence.
 */
import { z } from 'zod';
import { formatPence } from './money.js';

export const BALANCE_MESSAGES = {
  balanceDue: (due: number) => `Balance due ${formatPence(due)}`,
  settled: 'Balance settled',
  notSettled: 'Part of the balance is still due',
  treatmentTotal: 'Treatment total',
  paidSoFar: 'Paid so far',
  requestBalance: 'Request balance',
  chargeBalance: 'Charge balance to saved card',
  requested: 'Balance requested: the patient has been sent a payment link by email',
  requestedAlso: 'and text',
  requestOpen: 'A balance request has been sent and is waiting for the patient',
  chargeUnderWay: 'The balance is being charged to the saved card',
  paymentOnItsWay: 'The patient has paid the balance request; the payment is being recorded',
  noBalanceDue: 'No balance is due on this payment',
  requestFailed: 'Failed to request the balance',
  chargeConfirm: (amount: number, card: string) =>
    `Charge ${formatPence(amount)} to the patient’s ${card} now, without asking them?`,
  settles: (reference: string) => `Balance of ${reference}`,
  paymentsPaused: 'Card payments to your clinic are paused, so the balance cannot be requested now',
} as const;

export const paymentBalanceSchema = z.object({
  /** Pence: the treatment's whole price. */
  treatmentTotal: z.number().int(),
  /** Pence: the deposit and every balance payment made towards it. */
  paid: z.number().int(),
  /** Pence: what is still to pay; 0 once settled. */
  due: z.number().int(),
  /** The balance request waiting for the patient, if one was sent. */
  request: z.object({ id: z.string(), url: z.string(), sentAt: z.string() }).nullable(),
  /** Whether a charge of the balance to the saved card is under way (or waits for the patient). */
  chargeUnderWay: z.boolean(),
  /** The card saved with the deposit under a consent to charge the balance, while it can be charged. */
  card: z
    .object({
      patientId: z.string(),
      cardId: z.string(),
      /** e.g. 'Visa ending 4242' */
      label: z.string(),
      /** Pence: the most the patient agreed to for the balance. */
      maximumAmount: z.number().int(),
    })
    .nullable(),
});
export type PaymentBalance = z.infer<typeof paymentBalanceSchema>;

/** What a balance payment shows of the deposit it pays towards. */
export const balanceOfSchema = z.object({
  paymentId: z.string(),
  reference: z.string(),
  /** Whether the deposit's balance is now paid in full. */
  settled: z.boolean(),
});
export type BalanceOf = z.infer<typeof balanceOfSchema>;

/** POST /api/payments/:id/balance-request: the request sent. */
export const balanceRequestResponseSchema = z.object({
  id: z.string(),
  paymentUrl: z.string(),
  warning: z.string().optional(),
});
