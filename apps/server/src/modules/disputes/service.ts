/**
 * Disputes and early fraud warnings (docs/decisions/0086-disputes.md): recording the provider's
 * disputes on the clinic's payments, moving the clinic's money when the provider withdraws or
 * reinstates the funds, the clinic's evidence (a draft, files, one submission before the deadline),
 * the notices and reminders, the one-click refund a fraud warning offers, and the admin's view.
 * Amounts in pence; dates ISO 8601.
 */
import {
  type AdminDisputes,
  acceptsEvidence,
  DISPUTE_MESSAGES,
  DISPUTE_STATUSES,
  type DisputeAlerts,
  type DisputeDetail,
  type DisputeStatus,
  type DisputeSummary,
  disputeOutcome,
  disputeReasonLabel,
  EVIDENCE_FILE_KINDS,
  EVIDENCE_MAX_TOTAL_BYTES,
  type EvidenceFileKind,
  formatPence,
  paymentDisputeStatus,
  type RefundResult,
} from '@clinicpay/shared';
import type { Db, Tx } from '../../db/client.js';
import type { Dispute, DisputeEvidence } from '../../gateway/gateway.js';
import { GatewayError, GatewayOutcomeUnknownError } from '../../gateway/gateway.js';
import type { CardGateway } from '../../gateway/index.js';
import { AppError, fromGatewayError } from '../../http/app-error.js';
import { isUuid } from '../../http/ids.js';
import type { JobQueue } from '../../jobs/index.js';
import { queueEmail } from '../../mail/email-job.js';
import { recordAudit } from '../audit/index.js';
import { findClinic, findClinicAccountEmail } from '../clinics/index.js';
import { listNotificationsAbout } from '../notifications/index.js';
import { type PaymentRow, setPaymentDisputeStatus } from '../payments/index.js';
import { termsById } from '../policies/index.js';
import { createRefund } from '../refunds/index.js';
import {
  type DisputeMailFacts,
  disputeNoticeEmail,
  disputeReminderEmail,
  fraudWarningEmail,
} from './emails.js';
import { checkEvidenceFile } from './evidence-file.js';
import { moveDisputeFunds, remindDispute } from './jobs.js';
import {
  type DisputeListRow,
  type DisputeRow,
  deleteEvidenceFile,
  findClinicDispute,
  findClinicFraudWarning,
  findDispute,
  findPaymentSource,
  insertFraudWarning,
  lockDispute,
  markFraudWarningsHandled,
  paymentLeftToRefund,
  putEvidenceFile,
  selectClinicDisputes,
  selectDisputeCounts,
  selectEvidenceFileSizes,
  selectEvidenceFiles,
  selectOpenDisputes,
  selectOpenFraudWarnings,
  setProviderFileId,
  updateDispute,
  upsertDispute,
} from './queries.js';

export interface DisputeDeps {
  db: Db;
  gateway: CardGateway;
  jobs: Pick<JobQueue, 'send'>;
  /** Where links in emails point (the dispute's page). */
  publicUrl: string;
  onError: (error: unknown) => void;
}

/** Days before the deadline on which an unanswered dispute's clinic is reminded. */
export const REMINDER_DAYS_BEFORE = [3, 1] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

const notFound = () => new AppError('DISPUTE_NOT_FOUND', DISPUTE_MESSAGES.notFound);

/** One of Stripe's statuses; an unknown one is read as needs_response (open, awaiting the clinic). */
function knownStatus(status: string): DisputeStatus {
  return (DISPUTE_STATUSES as readonly string[]).includes(status)
    ? (status as DisputeStatus)
    : 'needs_response';
}

/** Whether the clinic can still save or submit evidence for the dispute now. */
export function canRespond(row: DisputeRow, now = new Date()): boolean {
  return (
    acceptsEvidence(knownStatus(row.status)) &&
    row.submittedAt === null &&
    (row.evidenceDueBy === null || row.evidenceDueBy.getTime() > now.getTime())
  );
}

/** Refuses a change to the evidence with the reason it cannot be made. */
function assertCanRespond(row: DisputeRow, now = new Date()): void {
  if (row.submittedAt !== null)
    throw new AppError('EVIDENCE_ALREADY_SUBMITTED', DISPUTE_MESSAGES.alreadySubmitted);
  if (!acceptsEvidence(knownStatus(row.status)))
    throw new AppError('EVIDENCE_CLOSED', DISPUTE_MESSAGES.evidenceClosed);
  if (row.evidenceDueBy !== null && row.evidenceDueBy.getTime() <= now.getTime())
    throw new AppError('EVIDENCE_CLOSED', DISPUTE_MESSAGES.deadlinePassed);
}

function toSummary(row: DisputeListRow): DisputeSummary {
  const status = knownStatus(row.status);
  return {
    id: row.id,
    paymentId: row.paymentId,
    paymentReference: row.paymentRef,
    patientName: row.patientName,
    amount: row.amount,
    reason: row.reason,
    reasonLabel: disputeReasonLabel(row.reason),
    status,
    outcome: disputeOutcome(status),
    inquiry: status.startsWith('warning_'),
    evidenceDueBy: row.evidenceDueBy?.toISOString() ?? null,
    fee: row.fee,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function clinicEmail(db: Db | Tx, clinicId: string): Promise<string | undefined> {
  const clinic = await findClinic(db as Db, clinicId);
  return clinic?.email ?? (await findClinicAccountEmail(db as Db, clinicId)) ?? undefined;
}

function mailFacts(to: string, row: DisputeRow, payment: PaymentRow, publicUrl: string): DisputeMailFacts {
  return {
    to,
    patientName: payment.patientName,
    paymentReference: payment.paymentRef,
    amount: row.amount,
    reason: row.reason,
    fee: row.fee,
    evidenceDueBy: row.evidenceDueBy,
    inquiry: row.status.startsWith('warning_'),
    url: `${publicUrl}/dashboard/disputes/${row.id}`,
  };
}

/**
 * Records the provider's dispute on the payment, in the event's transaction: the row is created or
 * brought up to the provider's state, the payment shows the dispute's state, and for a new dispute
 * the clinic is emailed and reminded before the deadline (REMINDER_DAYS_BEFORE). When the provider has
 * withdrawn or reinstated funds that ClinicPay has not matched yet, the job that moves the clinic's
 * money is queued.
 */
export async function recordProviderDispute(
  tx: Tx,
  deps: Pick<DisputeDeps, 'jobs' | 'publicUrl'>,
  payment: PaymentRow,
  dispute: Dispute,
): Promise<void> {
  const status = knownStatus(dispute.status);
  const outcome = disputeOutcome(status);
  const {
    row: recorded,
    created,
    previousStatus,
  } = await upsertDispute(tx, {
    clinicId: payment.clinicId,
    paymentId: payment.id,
    providerDisputeId: dispute.id,
    amount: dispute.amount,
    reason: dispute.reason,
    status,
    evidenceDueBy: dispute.evidenceDueBy,
    fee: dispute.fee,
    fundsWithdrawn: dispute.fundsWithdrawn,
    fundsReinstated: dispute.fundsReinstated,
    chargeRefundable: dispute.chargeRefundable,
    closedAt: outcome === 'open' ? null : new Date(),
  });
  let row = recorded;
  await setPaymentDisputeStatus(
    tx,
    payment.id,
    paymentDisputeStatus(disputeOutcome(knownStatus(row.status))),
  );
  // An inquiry the bank turned into a chargeback asks for evidence again, by a new deadline: the clinic
  // is told and reminded as for a new dispute, and may answer even if it answered the inquiry.
  const escalated =
    previousStatus?.startsWith('warning_') === true &&
    !row.status.startsWith('warning_') &&
    row.closedAt === null;
  // Whether the provider's count of submissions starts again for the chargeback is not documented, so
  // the inquiry's count is kept and only submissions beyond it count as the chargeback's.
  if (escalated) {
    const reset = { submittedAt: null, submissionsBeforeChargeback: dispute.submissionCount };
    await updateDispute(tx, row.id, reset);
    row = { ...row, ...reset };
  }
  // Evidence submitted outside ClinicPay (the provider's dashboard), or a submission whose answer was lost.
  if (dispute.submissionCount > row.submissionsBeforeChargeback && row.submittedAt === null)
    await updateDispute(tx, row.id, { submittedAt: new Date() });
  if (created || escalated) {
    await markFraudWarningsHandled(tx, payment.id);
    const to = await clinicEmail(tx, payment.clinicId);
    if (to)
      await queueEmail(deps.jobs, await disputeNoticeEmail(mailFacts(to, row, payment, deps.publicUrl)), {
        tx,
      });
    for (const days of REMINDER_DAYS_BEFORE) {
      const at = row.evidenceDueBy ? new Date(row.evidenceDueBy.getTime() - days * DAY_MS) : null;
      if (at && at.getTime() > Date.now())
        await deps.jobs.send(remindDispute, { disputeId: row.id }, { tx, startAfter: at });
    }
  }
  const owesReversal = row.fundsWithdrawn > 0 && row.transferReversalId === null;
  const owesReinstatement =
    row.fundsReinstated > 0 && row.reversedAmount > 0 && row.reinstatementTransferId === null;
  if (owesReversal || owesReinstatement)
    await deps.jobs.send(moveDisputeFunds, { disputeId: row.id }, { tx, singletonKey: row.id });
}

/**
 * The disputes.move-funds job: when the provider withdrew a dispute's funds from the platform, the
 * clinic's transfer is reversed for the disputed amount (at most what is left of it); when the
 * provider reinstated them, the clinic is paid back what was reversed, with a new transfer. Each
 * move has its own idempotency key, so a retry never moves money twice. Audited.
 */
export async function moveFunds(deps: DisputeDeps, disputeId: string): Promise<void> {
  const row = await findDispute(deps.db, disputeId);
  if (!row) return;
  const source = await findPaymentSource(deps.db, row.paymentId);
  if (!source) return;
  const payment = source.payment;

  if (row.fundsWithdrawn > 0 && row.transferReversalId === null) {
    // The disputed amount, or what is left of the transfer after the payment's refunds took their part
    // back: the provider's own figure, which the gateway reverses at most (so no rounding of ours can
    // ask for a penny more than is there).
    const reversal = (await deps.gateway.reverseTransfer({
      paymentIntentId: payment.stripePaymentId,
      amount: row.fundsWithdrawn,
      idempotencyKey: `dispute-reversal:${row.id}`,
      metadata: { clinicpay_dispute_id: row.id, clinicpay_payment_id: payment.id },
    })) ?? { id: 'none', amount: 0 };
    await deps.db.transaction(async (tx) => {
      const locked = await lockDispute(tx, row.id);
      if (!locked || locked.transferReversalId !== null) return;
      await updateDispute(tx, row.id, { transferReversalId: reversal.id, reversedAmount: reversal.amount });
      await recordAudit(tx, {
        actorUserId: null,
        action: 'dispute.transfer_reversed',
        entityType: 'payment',
        entityId: payment.id,
        details: { disputeId: row.id, amount: reversal.amount, reversalId: reversal.id, fee: row.fee },
      });
    });
  }

  const current = await findDispute(deps.db, disputeId);
  if (!current || current.fundsReinstated <= 0 || current.reversedAmount <= 0) return;
  if (current.reinstatementTransferId !== null) return;
  const transfer = await deps.gateway.createTransfer({
    destinationAccountId: await destinationOf(deps, payment),
    paymentIntentId: payment.stripePaymentId,
    amount: current.reversedAmount,
    idempotencyKey: `dispute-reinstatement:${current.id}`,
    metadata: { clinicpay_dispute_id: current.id, clinicpay_payment_id: payment.id },
  });
  await deps.db.transaction(async (tx) => {
    const locked = await lockDispute(tx, current.id);
    if (!locked || locked.reinstatementTransferId !== null) return;
    await updateDispute(tx, current.id, {
      reinstatementTransferId: transfer.id,
      reinstatedAmount: transfer.amount,
    });
    await recordAudit(tx, {
      actorUserId: null,
      action: 'dispute.transfer_reinstated',
      entityType: 'payment',
      entityId: payment.id,
      details: { disputeId: current.id, amount: transfer.amount, transferId: transfer.id },
    });
  });
}

/** The connected account the payment's charge paid: the one to pay back. */
async function destinationOf(deps: DisputeDeps, payment: PaymentRow): Promise<string> {
  const intent = await deps.gateway.retrievePaymentIntent(payment.stripePaymentId);
  if (!intent.destinationAccountId)
    throw new GatewayError(`Payment intent ${payment.stripePaymentId} has no destination account`);
  return intent.destinationAccountId;
}

/**
 * The disputes.remind job: emails the clinic again while its dispute still awaits evidence before the
 * deadline; a dispute answered, closed or past its deadline gets nothing.
 */
export async function sendReminder(deps: Pick<DisputeDeps, 'db' | 'jobs' | 'publicUrl'>, disputeId: string) {
  const row = await findDispute(deps.db, disputeId);
  if (!row || !canRespond(row)) return;
  const source = await findPaymentSource(deps.db, row.paymentId);
  const to = await clinicEmail(deps.db, row.clinicId);
  if (!source || !to) return;
  await queueEmail(deps.jobs, await disputeReminderEmail(mailFacts(to, row, source.payment, deps.publicUrl)));
}

/** GET /api/disputes: the clinic's disputes, open first (soonest deadline first), then closed, newest first. */
export async function listDisputes(db: Db, clinicId: string): Promise<{ items: DisputeSummary[] }> {
  const items = (await selectClinicDisputes(db, clinicId)).map(toSummary);
  const open = items
    .filter((item) => item.outcome === 'open')
    .sort((a, b) => (a.evidenceDueBy ?? '9').localeCompare(b.evidenceDueBy ?? '9'));
  return { items: [...open, ...items.filter((item) => item.outcome !== 'open')] };
}

async function clinicDisputeOrNotFound(db: Db, clinicId: string, disputeId: string) {
  if (!isUuid(disputeId)) throw notFound();
  const row = await findClinicDispute(db, clinicId, disputeId);
  if (!row) throw notFound();
  return row;
}

/** The terms the payment's payer accepted, as evidence (docs/decisions/0107-payment-terms.md); null when none. */
async function acceptedTermsRecord(db: Db, payment: PaymentRow) {
  if (!payment.termsId || !payment.termsAcceptedAt) return null;
  const terms = await termsById(db, payment.termsId);
  return terms
    ? { version: terms.version, acceptedAt: payment.termsAcceptedAt.toISOString(), text: terms.text }
    : null;
}

const EMAIL_SUBJECTS: Record<string, string> = {
  payment_request: 'Payment request',
  payment_reminder: 'Payment reminder',
  payment_confirmation: 'Payment receipt',
  refund_confirmation: 'Refund confirmation',
};

/**
 * GET /api/disputes/:disputeId: the dispute with what ClinicPay knows as evidence (receipt, patient,
 * link or request, payer's IP, emails sent to the patient), the draft and the files, and whether the
 * payment can be refunded now. Throws DISPUTE_NOT_FOUND (unknown, malformed or another clinic's id).
 */
export async function getDispute(db: Db, clinicId: string, disputeId: string): Promise<DisputeDetail> {
  const row = await clinicDisputeOrNotFound(db, clinicId, disputeId);
  const source = await findPaymentSource(db, row.paymentId);
  if (!source) throw notFound();
  const { payment } = source;
  const deliveries = await listNotificationsAbout(db, {
    paymentId: payment.id,
    paymentRequestId: payment.paymentRequestId,
  });
  const files = await selectEvidenceFiles(db, row.id);
  return {
    ...toSummary(row),
    known: {
      receipt: {
        reference: payment.paymentRef,
        amount: payment.amountPaid,
        paidAt: payment.paidAt.toISOString(),
        title: payment.title,
      },
      patient: { name: payment.patientName, email: payment.patientEmail, phone: payment.patientPhone },
      source: {
        kind: payment.paymentRequestId ? 'request' : 'link',
        title: source.linkTitle ?? payment.title,
        description: source.requestMessage ?? source.linkDescription ?? null,
      },
      payerIp: payment.payerIp,
      terms: await acceptedTermsRecord(db, payment),
      emails: deliveries
        .filter((delivery) => delivery.channel === 'email' && delivery.recipientType === 'patient')
        .map((delivery) => ({
          recipient: delivery.recipient ?? '',
          subject: EMAIL_SUBJECTS[delivery.type] ?? delivery.type,
          status: delivery.status,
          sentAt: delivery.sentAt ?? delivery.createdAt,
        })),
    },
    text: row.evidenceText,
    files: files.map((file) => ({
      id: file.id,
      kind: file.kind as EvidenceFileKind,
      filename: file.filename,
      contentType: file.contentType as DisputeDetail['files'][number]['contentType'],
      size: file.size,
    })),
    canRespond: canRespond(row),
    paymentRefundable:
      row.chargeRefundable &&
      row.closedAt === null &&
      (payment.status === 'paid' || payment.status === 'partially_refunded') &&
      (await paymentLeftToRefund(db, payment.id)) > 0,
  };
}

/**
 * PUT /api/disputes/:disputeId/evidence: saves the clinic's explanation as a draft. Throws
 * DISPUTE_NOT_FOUND, EVIDENCE_ALREADY_SUBMITTED or EVIDENCE_CLOSED (no longer accepted, or past the
 * deadline).
 */
export async function saveEvidence(db: Db, clinicId: string, disputeId: string, text: string) {
  await clinicDisputeOrNotFound(db, clinicId, disputeId);
  await db.transaction(async (tx) => {
    const row = await lockDispute(tx, disputeId);
    if (!row) throw notFound();
    assertCanRespond(row);
    await updateDispute(tx, disputeId, { evidenceText: text });
  });
  return getDispute(db, clinicId, disputeId);
}

/**
 * POST /api/disputes/:disputeId/evidence/files: adds a file of one kind (replacing that kind's file),
 * checked by content: PDF, PNG or JPEG, whole, and the dispute's files at most 4.5 MB together.
 * Nothing is sent to the provider until the evidence is submitted. Throws AppError
 * VALIDATION_FAILED (unknown kind), EVIDENCE_FILE_TYPE, EVIDENCE_FILE_UNREADABLE,
 * EVIDENCE_FILE_TOO_LARGE, and as saveEvidence.
 */
export async function addEvidenceFile(
  db: Db,
  clinicId: string,
  disputeId: string,
  file: { kind: string; filename: string; content: Buffer },
) {
  await clinicDisputeOrNotFound(db, clinicId, disputeId);
  if (!(EVIDENCE_FILE_KINDS as readonly string[]).includes(file.kind))
    throw new AppError('VALIDATION_FAILED', DISPUTE_MESSAGES.fileKind, { kind: DISPUTE_MESSAGES.fileKind });
  if (file.content.length > EVIDENCE_MAX_TOTAL_BYTES)
    throw new AppError('EVIDENCE_FILE_TOO_LARGE', DISPUTE_MESSAGES.fileTooLarge);
  const contentType = await checkEvidenceFile(file.content);
  await db.transaction(async (tx) => {
    const row = await lockDispute(tx, disputeId);
    if (!row) throw notFound();
    assertCanRespond(row);
    const others = (await selectEvidenceFileSizes(tx, disputeId)).filter((other) => other.kind !== file.kind);
    const total = others.reduce((sum, other) => sum + other.size, 0) + file.content.length;
    if (total > EVIDENCE_MAX_TOTAL_BYTES)
      throw new AppError('EVIDENCE_FILE_TOO_LARGE', DISPUTE_MESSAGES.fileTooLarge);
    await putEvidenceFile(tx, {
      disputeId,
      kind: file.kind,
      filename: file.filename.slice(0, 200) || 'evidence',
      contentType,
      size: file.content.length,
      content: file.content,
    });
  });
  return getDispute(db, clinicId, disputeId);
}

/** DELETE /api/disputes/:disputeId/evidence/files/:fileId. Throws DISPUTE_NOT_FOUND, and as saveEvidence. */
export async function removeEvidenceFile(db: Db, clinicId: string, disputeId: string, fileId: string) {
  await clinicDisputeOrNotFound(db, clinicId, disputeId);
  if (!isUuid(fileId)) throw notFound();
  await db.transaction(async (tx) => {
    const row = await lockDispute(tx, disputeId);
    if (!row) throw notFound();
    assertCanRespond(row);
    if (!(await deleteEvidenceFile(tx, disputeId, fileId))) throw notFound();
  });
  return getDispute(db, clinicId, disputeId);
}

/**
 * The evidence sent to the provider: what ClinicPay knows (the patient, the payer's IP, what was paid
 * for and when, the receipt and the emails sent, as text) with the clinic's explanation first, and
 * the clinic's files by kind.
 */
function evidenceFor(detail: DisputeDetail, files: Record<string, string>): DisputeEvidence {
  const { known } = detail;
  const receipt = `ClinicPay receipt ${known.receipt.reference}: ${formatPence(known.receipt.amount)} paid on ${known.receipt.paidAt.slice(0, 10)} for ${known.receipt.title}.`;
  const emails = known.emails.map(
    (email) =>
      `${email.subject} emailed to ${email.recipient} on ${email.sentAt.slice(0, 10)} (${email.status}).`,
  );
  const terms = known.terms
    ? `Before paying, the patient ticked that they had read and accepted the clinic's payment terms, version ${known.terms.version}, on ${known.terms.acceptedAt.slice(0, 16).replace('T', ' ')} UTC${known.payerIp ? ` from IP address ${known.payerIp}` : ''}. The terms read:\n${known.terms.text}`
    : '';
  const text = [detail.text.trim(), receipt, terms, ...emails].filter(Boolean).join('\n\n');
  return {
    customerName: known.patient.name,
    customerEmailAddress: known.patient.email || undefined,
    ...(known.payerIp ? { customerPurchaseIp: known.payerIp } : {}),
    productDescription: [known.source.title, known.source.description].filter(Boolean).join(': '),
    serviceDate: known.receipt.paidAt.slice(0, 10),
    uncategorizedText: text.slice(0, 20_000),
    files,
  };
}

/**
 * POST /api/disputes/:disputeId/submit: uploads the clinic's files and submits the evidence to the
 * provider (disputes.update with submit), once. The submission is claimed first, so a second one
 * answers EVIDENCE_ALREADY_SUBMITTED; if the provider refuses, the claim is released and
 * EVIDENCE_CLOSED (409) answers with its reason; if it cannot be reached, PROVIDER_UNAVAILABLE (503). Throws as saveEvidence, and
 * VALIDATION_FAILED when there is neither text nor a file.
 */
export async function submitEvidence(deps: DisputeDeps, clinicId: string, disputeId: string) {
  assertCanRespond(await clinicDisputeOrNotFound(deps.db, clinicId, disputeId));
  const detail = await getDispute(deps.db, clinicId, disputeId);
  if (!detail.text.trim() && detail.files.length === 0)
    throw new AppError('VALIDATION_FAILED', DISPUTE_MESSAGES.nothingToSubmit, {
      text: DISPUTE_MESSAGES.nothingToSubmit,
    });
  const claimedAt = new Date();
  const row = await deps.db.transaction(async (tx) => {
    const locked = await lockDispute(tx, disputeId);
    if (!locked) throw notFound();
    assertCanRespond(locked);
    await updateDispute(tx, disputeId, { submittedAt: claimedAt });
    return locked;
  });
  try {
    const files: Record<string, string> = {};
    for (const file of await selectEvidenceFiles(deps.db, disputeId)) {
      let providerFileId = file.providerFileId;
      if (!providerFileId) {
        providerFileId = (
          await deps.gateway.uploadDisputeEvidenceFile({
            content: file.content,
            filename: file.filename,
            contentType: file.contentType,
          })
        ).id;
        await setProviderFileId(deps.db, file.id, providerFileId);
      }
      files[file.kind] = providerFileId;
    }
    const dispute = await deps.gateway.updateDispute({
      disputeId: row.providerDisputeId,
      evidence: evidenceFor(detail, files),
      submit: true,
    });
    await deps.db.transaction(async (tx) => {
      await updateDispute(tx, disputeId, { status: knownStatus(dispute.status) });
    });
  } catch (error) {
    // Released, so the clinic can try again; if the provider did take it, its charge.dispute.updated
    // event records the submission (recordProviderDispute).
    await deps.db.transaction(async (tx) => {
      await updateDispute(tx, disputeId, { submittedAt: null });
    });
    if (error instanceof GatewayOutcomeUnknownError)
      throw new AppError('PROVIDER_UNAVAILABLE', DISPUTE_MESSAGES.providerDidNotAnswer);
    // The provider refused the evidence (its deadline passed, the dispute closed): its reason, as a 409.
    if (error instanceof GatewayError) throw new AppError('EVIDENCE_CLOSED', error.message);
    throw fromGatewayError(error);
  }
  return getDispute(deps.db, clinicId, disputeId);
}

/**
 * GET /api/disputes/alerts: open disputes the clinic can still answer, and fraud warnings not handled
 * on payments with something left to refund and no dispute.
 */
export async function disputeAlerts(db: Db, clinicId: string): Promise<DisputeAlerts> {
  const disputes = await selectClinicDisputes(db, clinicId);
  const warnings = await selectOpenFraudWarnings(db, clinicId);
  return {
    openDisputes: disputes.filter((row) => canRespond(row)).map(toSummary),
    fraudWarnings: warnings.map(({ warning, payment, leftToRefund }) => ({
      id: warning.id,
      paymentId: payment.id,
      paymentReference: payment.paymentRef,
      patientName: payment.patientName,
      refundableAmount: leftToRefund,
      fraudType: warning.fraudType,
      createdAt: warning.createdAt.toISOString(),
    })),
  };
}

/**
 * POST /api/fraud-warnings/:warningId/refund: refunds the warned payment in full, through the refund
 * rule. In full is `amount` (pence), the sum the clinic confirmed, when given; else what is left of the
 * payment once its refunds made and under way are taken off, worked out under the payment's lock. The
 * warning shows while something is left to refund (disputeAlerts), so a sum less than what is left
 * leaves it with the rest, and a refund that fails later brings it back. Throws FRAUD_WARNING_NOT_FOUND, and what
 * createRefund throws (PAYMENT_DISPUTED, PAYMENT_NOT_REFUNDABLE, REFUND_EXCEEDS_PAYMENT when less is
 * left than was confirmed, REFUND_FAILED, …).
 */
export async function refundFraudWarning(
  deps: DisputeDeps,
  input: { clinicId: string; userId: string; warningId: string; amount?: number | undefined },
): Promise<RefundResult> {
  const warning = isUuid(input.warningId)
    ? await findClinicFraudWarning(deps.db, input.clinicId, input.warningId)
    : undefined;
  if (!warning) throw new AppError('FRAUD_WARNING_NOT_FOUND', 'Fraud warning not found');
  const result = await createRefund(
    { db: deps.db, gateway: deps.gateway, jobs: deps.jobs, onError: deps.onError },
    {
      clinicId: input.clinicId,
      userId: input.userId,
      paymentId: warning.paymentId,
      amount: input.amount ?? 'remaining',
    },
  );
  return result;
}

/**
 * Records an early fraud warning on the payment, in the event's transaction, once; the clinic is
 * emailed unless the payment is already refunded in full or disputed (then the warning is recorded
 * as handled).
 */
export async function recordFraudWarning(
  tx: Tx,
  deps: Pick<DisputeDeps, 'jobs' | 'publicUrl'>,
  payment: PaymentRow,
  warning: { id: string; fraudType: string; actionable: boolean },
): Promise<void> {
  const handled =
    !warning.actionable || payment.refundAmount >= payment.amountPaid || payment.disputeStatus !== null;
  const row = await insertFraudWarning(tx, {
    clinicId: payment.clinicId,
    paymentId: payment.id,
    providerWarningId: warning.id,
    fraudType: warning.fraudType,
    handledAt: handled ? new Date() : null,
  });
  if (!row || handled) return;
  const to = await clinicEmail(tx, payment.clinicId);
  if (to)
    await queueEmail(
      deps.jobs,
      await fraudWarningEmail({
        to,
        patientName: payment.patientName,
        paymentReference: payment.paymentRef,
        amount: payment.amountPaid - payment.refundAmount,
        url: `${deps.publicUrl}/dashboard`,
      }),
      { tx },
    );
}

/**
 * GET /api/admin/disputes: every open dispute across clinics (soonest deadline first) and each
 * disputed clinic's dispute rate: disputes per recorded payment, as a percentage with two decimals.
 */
export async function adminDisputes(db: Db): Promise<AdminDisputes> {
  const open = await selectOpenDisputes(db);
  const counts = await selectDisputeCounts(db);
  return {
    open: open.map((row) => ({
      ...toSummary(row),
      clinicId: row.clinicId,
      clinicName: row.clinicName ?? 'Unnamed clinic',
    })),
    rates: counts.map((count) => ({
      clinicId: count.clinic_id,
      clinicName: count.clinic_name ?? 'Unnamed clinic',
      payments: count.payments,
      disputes: count.disputes,
      ratePercent: count.payments > 0 ? Math.round((count.disputes / count.payments) * 10_000) / 100 : 0,
    })),
  };
}
