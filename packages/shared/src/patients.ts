/**
 * Patients (docs/decisions/0089-patients.md): the clinic's own record of each person it has asked for
 * or taken payment from, one per email address, never shared between clinics. What the Patients page
 * lists and a patient's page shows. Amounts in pence; dates are ISO 8601 timestamps.
 */
import { z } from 'zod';
import { PAYMENT_DISPUTE_STATUSES } from './disputes.js';
import { PAYMENT_TYPES } from './payment-constants.js';
import { REQUEST_STATES } from './payment-requests.js';
import { DISPLAY_STATUSES } from './payments.js';

export const PATIENT_MESSAGES = {
  noPatients: 'No patients yet. A patient is added when you send them a payment request or they pay.',
  noMatches: 'No patients match your search',
  pastTheEnd: 'This page is past the last one: go back with Previous.',
  notFound: 'Patient not found',
  noPayments: 'No payments yet',
  noRequests: 'No payment requests sent',
  tooManyMatches:
    'More than 1,000 patients match: only the first 1,000 are shown. Search for more of a name, email or phone.',
} as const;

export const PATIENT_PAGE_SIZE = 25;

/** A search counts at most this many matches (40 pages); more says so, and asks for a narrower search. */
export const PATIENT_SEARCH_COUNT_LIMIT = 1_000;

export const patientListQuerySchema = z.object({
  /** Matched anywhere in the name, email or phone, ignoring case. */
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type PatientListQuery = z.infer<typeof patientListQuerySchema>;

export const patientSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** Payments that count as the clinic's (paid, partly or fully refunded). */
  paymentCount: z.number().int(),
  /** What those payments took, after refunds, in pence. */
  totalPaid: z.number().int(),
  /** The latest payment or request, or when the patient was added. */
  lastActivityAt: z.string(),
});
export type PatientSummary = z.infer<typeof patientSummarySchema>;

export const patientListSchema = z.object({
  items: z.array(patientSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The patients, or a search's matches up to PATIENT_SEARCH_COUNT_LIMIT. */
  total: z.number().int(),
  /** True when a search matched more than PATIENT_SEARCH_COUNT_LIMIT patients. */
  moreMatches: z.boolean(),
});
export type PatientList = z.infer<typeof patientListSchema>;

export const patientPaymentSchema = z.object({
  id: z.string(),
  reference: z.string(),
  title: z.string(),
  type: z.enum(PAYMENT_TYPES),
  amount: z.number().int(),
  refundedAmount: z.number().int(),
  status: z.enum(DISPLAY_STATUSES),
  disputeStatus: z.enum(PAYMENT_DISPUTE_STATUSES).nullable(),
  paidAt: z.string(),
});
export type PatientPayment = z.infer<typeof patientPaymentSchema>;

export const patientRequestSchema = z.object({
  id: z.string(),
  title: z.string(),
  amount: z.number().int(),
  sentAt: z.string(),
  /** null while unpaid. */
  paidAt: z.string().nullable(),
  /** Where it stands, as on the Requests page: waiting, paid, past its last day to pay, or cancelled. */
  state: z.enum(REQUEST_STATES),
});
export type PatientRequest = z.infer<typeof patientRequestSchema>;

export const patientDetailSchema = z.object({
  patient: patientSummarySchema.extend({ createdAt: z.string() }),
  /** Newest first; at most PATIENT_HISTORY_LIMIT. */
  payments: z.array(patientPaymentSchema),
  /** Newest first; at most PATIENT_HISTORY_LIMIT. */
  requests: z.array(patientRequestSchema),
});
export type PatientDetail = z.infer<typeof patientDetailSchema>;

/** How many of a patient's payments, and of their requests, the patient's page shows. */
export const PATIENT_HISTORY_LIMIT = 100;
