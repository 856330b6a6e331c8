import type { DisputeSummary } from '@clinicpay/shared';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { formatLongDateTime } from '@/lib/dates';
import { type DisputeStage, disputeStage } from '../lib/dispute-stage';

const STAGE_LOOK: Record<DisputeStage, { label: string; tone: BadgeTone }> = {
  needs_response: { label: 'Needs response', tone: 'yellow' },
  under_review: { label: 'Under review', tone: 'blue' },
  won: { label: 'Won', tone: 'green' },
  lost: { label: 'Lost', tone: 'grey' },
};

/** 'Respond by 9 December 2026 at 23:59' (London time), or null when the provider gave no deadline. */
export function respondByText(evidenceDueBy: string | null): string | null {
  return evidenceDueBy ? `Respond by ${formatLongDateTime(evidenceDueBy)}` : null;
}

/**
 * A dispute's status in words: a badge (Needs response, Under review, Won, Lost), and while the clinic
 * still has to respond, the deadline in London time.
 */
export function DisputeStatus({
  dispute,
}: {
  dispute: Pick<DisputeSummary, 'status' | 'outcome' | 'submittedAt' | 'evidenceDueBy'>;
}) {
  const stage = disputeStage(dispute);
  const { label, tone } = STAGE_LOOK[stage];
  const deadline = stage === 'needs_response' ? respondByText(dispute.evidenceDueBy) : null;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Badge tone={tone}>{label}</Badge>
      {deadline ? <span className="text-sm font-medium text-amber-900">{deadline}</span> : null}
    </span>
  );
}
