/**
 * Disputes and early fraud warnings (docs/decisions/0086-disputes.md): what the clinic's Disputes
 * pages, the dashboard banner and the admin's list show, and the evidence the clinic sends. Every
 * amount is integer pence; every date is an ISO 8601 timestamp. Stripe's dispute object:
 * docs.stripe.com/api/disputes/object; evidence: docs.stripe.com/disputes/responding.
 */
import { z } from 'zod';
import { formatPence } from './money.js';

/** Stripe's dispute statuses (docs.stripe.com/api/disputes/object#dispute_object-status). */
export const DISPUTE_STATUSES = [
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'needs_response',
  'under_review',
  'won',
  'lost',
  'prevented',
] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/**
 * Where a dispute stands for the clinic: open (the bank has not decided), won (the clinic keeps the
 * money: a dispute won, an inquiry closed without a chargeback, or one prevented), lost.
 */
export type DisputeOutcome = 'open' | 'won' | 'lost';

/** The outcome of a dispute in one of Stripe's statuses. */
export function disputeOutcome(status: DisputeStatus): DisputeOutcome {
  if (status === 'won' || status === 'warning_closed' || status === 'prevented') return 'won';
  if (status === 'lost') return 'lost';
  return 'open';
}

/** Whether the clinic can still send evidence for a dispute in this status (Stripe accepts it then). */
export function acceptsEvidence(status: DisputeStatus): boolean {
  return status === 'needs_response' || status === 'warning_needs_response';
}

/** How a payment with a dispute is shown beside its refund status, in history, details, CSV and admin. */
export const PAYMENT_DISPUTE_STATUSES = ['disputed', 'dispute_won', 'dispute_lost'] as const;
export type PaymentDisputeStatus = (typeof PAYMENT_DISPUTE_STATUSES)[number];

/** The payment's dispute status for a dispute's outcome. */
export function paymentDisputeStatus(outcome: DisputeOutcome): PaymentDisputeStatus {
  return outcome === 'open' ? 'disputed' : outcome === 'won' ? 'dispute_won' : 'dispute_lost';
}

/**
 * Stripe's dispute reasons in plain English (docs.stripe.com/disputes/categories); any other reason
 * reads as 'Other'.
 */
export const DISPUTE_REASON_LABELS: Record<string, string> = {
  bank_cannot_process: 'The bank could not process the payment',
  check_returned: 'The payment was returned',
  credit_not_processed: 'The patient says a promised refund or credit was not made',
  customer_initiated: 'The patient asked their bank to reverse the payment',
  debit_not_authorized: 'The patient says they did not authorise the payment',
  duplicate: 'The patient says they were charged twice',
  fraudulent: 'The cardholder says they did not make this payment (fraud)',
  general: 'The bank gave no specific reason',
  incorrect_account_details: 'The account details were wrong',
  insufficient_funds: 'There were not enough funds',
  noncompliant: 'The bank says the payment broke card network rules',
  product_not_received: 'The patient says they did not receive the treatment or service',
  product_unacceptable: 'The patient says the treatment or service was not as described',
  subscription_canceled: 'The patient says they cancelled before being charged',
  unrecognized: 'The patient does not recognise the payment',
};

/** A dispute reason in plain English. */
export function disputeReasonLabel(reason: string): string {
  return DISPUTE_REASON_LABELS[reason] ?? 'Other';
}

/**
 * The kinds of file the clinic may attach, one of each, named as Stripe's evidence fields
 * (docs.stripe.com/api/disputes/update#update_dispute-evidence).
 */
export const EVIDENCE_FILE_KINDS = [
  'receipt',
  'customer_communication',
  'service_documentation',
  'refund_policy',
  'cancellation_policy',
  'customer_signature',
  'uncategorized_file',
] as const;
export type EvidenceFileKind = (typeof EVIDENCE_FILE_KINDS)[number];

export const EVIDENCE_FILE_KIND_LABELS: Record<EvidenceFileKind, string> = {
  receipt: 'Receipt or invoice',
  customer_communication: 'Messages with the patient',
  service_documentation: 'Proof the treatment or service was given',
  refund_policy: 'Refund policy',
  cancellation_policy: 'Cancellation policy',
  customer_signature: "The patient's signature",
  uncategorized_file: 'Other document',
};

/**
 * Stripe's limits on evidence files (docs.stripe.com/disputes/best-practices, /file-upload): PDF, PNG or JPEG, at most
 * 4.5 MB together.
 */
export const EVIDENCE_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const EVIDENCE_MAX_TOTAL_BYTES = 4_500_000;
/** The longest text Stripe takes in one evidence field (uncategorized_text: 20,000 characters). */
export const EVIDENCE_MAX_TEXT = 20_000;

export const DISPUTE_MESSAGES = {
  notFound: 'Dispute not found',
  noDisputes: 'No disputes',
  refundRefused: 'This payment is disputed, so it cannot be refunded. Respond to the dispute instead.',
  /** A payment whose dispute was lost: the bank has given the money back, and nothing is left to answer. */
  refundRefusedLost:
    'This payment was lost to a dispute: the bank returned the money to the patient, so it cannot be refunded.',
  /** Shown with a payment under an inquiry, which may still be refunded (docs/decisions/0139-refunds-during-an-inquiry.md). */
  inquiryRefundable:
    "The patient's bank is asking about this payment. No money has been taken back, and you can still refund it.",
  evidenceClosed: 'Evidence can no longer be sent for this dispute',
  alreadySubmitted: 'Evidence for this dispute has already been submitted',
  deadlinePassed: 'The deadline for evidence has passed',
  textTooLong: `Evidence text must be at most ${EVIDENCE_MAX_TEXT.toLocaleString('en-GB')} characters`,
  nothingToSubmit: 'Add an explanation or a file before submitting',
  fileTooLarge: 'Evidence files must be at most 4.5 MB together',
  fileType: 'Evidence files must be PDF, PNG or JPEG',
  fileUnreadable: 'This file is damaged or incomplete. Please upload it again.',
  fileKind: 'Choose what the file shows',
  fileMissing: 'Choose a file to upload',
  draftSaved: 'Draft saved',
  submitted: 'Evidence submitted to the card provider',
  fileAdded: 'File added',
  fileRemoved: 'File removed',
  fraudWarningRefunded: 'Payment refunded in full',
  providerDidNotAnswer: 'The card provider did not answer. Please try again in a few minutes.',
  banner: (count: number) =>
    count === 1 ? 'A payment has been disputed' : `${count} payments have been disputed`,
  fee: (pence: number) => `The card provider charges a ${formatPence(pence)} dispute fee.`,
  noOpenDisputes: 'No open disputes',
  noClosedDisputes: 'No closed disputes',
  fraudWarning: (patientName: string, reference: string) =>
    `The card issuer warned that a payment from ${patientName} (${reference}) may be fraudulent. Refunding it in full now usually prevents a dispute and its fee.`,
  submitWarning:
    'Your explanation and files will be sent to the card provider. After that, the evidence cannot be changed.',
  highRateNote:
    "High: 0.75% or more of the clinic's payments disputed. Card networks monitor businesses whose dispute rate reaches 0.75%.",
} as const;

export const disputeSummarySchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  /** The payment's ClinicPay reference. */
  paymentReference: z.string(),
  patientName: z.string(),
  /** Disputed amount, pence. */
  amount: z.number().int(),
  reason: z.string(),
  reasonLabel: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  outcome: z.enum(['open', 'won', 'lost']),
  /** Whether this is an inquiry (no money moved yet: Stripe's warning_* statuses). */
  inquiry: z.boolean(),
  /** ISO timestamp; null when the provider gives none. */
  evidenceDueBy: z.string().nullable(),
  /** The dispute fee in pence that the clinic bears (docs/decisions/0086-disputes.md). */
  fee: z.number().int(),
  /** ISO timestamp of the evidence's submission; null while not submitted. */
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type DisputeSummary = z.infer<typeof disputeSummarySchema>;

export const disputeListSchema = z.object({ items: z.array(disputeSummarySchema) });
export type DisputeList = z.infer<typeof disputeListSchema>;

export const evidenceFileSchema = z.object({
  id: z.string(),
  kind: z.enum(EVIDENCE_FILE_KINDS),
  filename: z.string(),
  contentType: z.enum(EVIDENCE_FILE_TYPES),
  /** Bytes. */
  size: z.number().int(),
});
export type EvidenceFile = z.infer<typeof evidenceFileSchema>;

/** What ClinicPay already knows and sends with the clinic's evidence. */
export const knownEvidenceSchema = z.object({
  receipt: z.object({
    reference: z.string(),
    /** Pence. */
    amount: z.number().int(),
    /** ISO timestamp. */
    paidAt: z.string(),
    title: z.string(),
  }),
  patient: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
  /** The payment link or request the patient paid. */
  source: z.object({
    kind: z.enum(['link', 'request']),
    title: z.string(),
    description: z.string().nullable(),
  }),
  /** The IP address the patient paid from, when known. */
  payerIp: z.string().nullable(),
  /**
   * The clinic's payment terms the patient accepted before paying (docs/decisions/0107-payment-terms.md):
   * version, when (ISO) and their words; null when none were accepted.
   */
  terms: z.object({ version: z.number().int(), acceptedAt: z.string(), text: z.string() }).nullable(),
  emails: z.array(
    z.object({ recipient: z.string(), subject: z.string(), status: z.string(), sentAt: z.string() }),
  ),
});
export type KnownEvidence = z.infer<typeof knownEvidenceSchema>;

export const disputeDetailSchema = disputeSummarySchema.extend({
  known: knownEvidenceSchema,
  /** The clinic's explanation, saved as a draft until submitted. */
  text: z.string(),
  files: z.array(evidenceFileSchema),
  /** Whether evidence can still be saved or submitted now. */
  canRespond: z.boolean(),
  /**
   * Whether the payment can be refunded now: the dispute allows it (an open inquiry,
   * docs/decisions/0139-refunds-during-an-inquiry.md) and something of it is left to refund.
   */
  paymentRefundable: z.boolean(),
});
export type DisputeDetail = z.infer<typeof disputeDetailSchema>;

/** PUT /api/disputes/:disputeId/evidence: the draft. */
export const saveEvidenceBodySchema = z.object({
  text: z.string().max(EVIDENCE_MAX_TEXT, DISPUTE_MESSAGES.textTooLong),
});
export type SaveEvidenceBody = z.infer<typeof saveEvidenceBodySchema>;

/** An early fraud warning (docs.stripe.com/api/radar/early_fraud_warnings/object) on a clinic's payment. */
export const fraudWarningSchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  paymentReference: z.string(),
  patientName: z.string(),
  /** Pence still refundable. */
  refundableAmount: z.number().int(),
  fraudType: z.string(),
  createdAt: z.string(),
});
export type FraudWarning = z.infer<typeof fraudWarningSchema>;

/** GET /api/disputes/alerts: what the dashboard banner shows. */
export const disputeAlertsSchema = z.object({
  openDisputes: z.array(disputeSummarySchema),
  fraudWarnings: z.array(fraudWarningSchema),
});
export type DisputeAlerts = z.infer<typeof disputeAlertsSchema>;

/** GET /api/admin/disputes: every open dispute, and each clinic's dispute rate. */
export const adminDisputesSchema = z.object({
  open: z.array(disputeSummarySchema.extend({ clinicId: z.string(), clinicName: z.string() })),
  rates: z.array(
    z.object({
      clinicId: z.string(),
      clinicName: z.string(),
      payments: z.number().int(),
      disputes: z.number().int(),
      /** Disputes per payment, as a percentage with two decimals (e.g. 0.75). */
      ratePercent: z.number(),
    }),
  ),
});
export type AdminDisputes = z.infer<typeof adminDisputesSchema>;
