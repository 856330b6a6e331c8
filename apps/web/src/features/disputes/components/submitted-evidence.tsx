import { DISPUTE_MESSAGES, type DisputeDetail } from '@clinicpay/shared';
import { formatLongDateTime } from '@/lib/dates';
import { EvidenceFileList } from './evidence-files';

/** Why the evidence can no longer change: when it was submitted, or why the dispute takes none now. */
export function evidenceClosedText(dispute: DisputeDetail, now = Date.now()): string {
  if (dispute.submittedAt) return `Submitted on ${formatLongDateTime(dispute.submittedAt)}`;
  if (
    dispute.outcome === 'open' &&
    dispute.evidenceDueBy &&
    new Date(dispute.evidenceDueBy).getTime() <= now
  ) {
    return DISPUTE_MESSAGES.deadlinePassed;
  }
  return DISPUTE_MESSAGES.evidenceClosed;
}

/**
 * The evidence of a dispute that takes no more: 'Submitted on …' or why it is closed, then the
 * explanation and the files, read-only.
 */
export function SubmittedEvidence({ dispute }: { dispute: DisputeDetail }) {
  return (
    <div className="flex flex-col gap-4 text-sm">
      <p className="font-medium">{evidenceClosedText(dispute)}</p>
      <section aria-labelledby="submitted-text-heading">
        <h3 id="submitted-text-heading" className="mb-1 font-medium">
          Your explanation
        </h3>
        {dispute.text ? (
          <p className="whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-slate-50 p-3">
            {dispute.text}
          </p>
        ) : (
          <p className="text-slate-600">No explanation was written.</p>
        )}
      </section>
      <section aria-labelledby="submitted-files-heading">
        <h3 id="submitted-files-heading" className="mb-1 font-medium">
          Files
        </h3>
        <EvidenceFileList files={dispute.files} />
      </section>
    </div>
  );
}
