import { acceptsEvidence, type DisputeSummary } from '@clinicpay/shared';

/**
 * Where a dispute stands for the clinic: waiting for its evidence, with the card provider (evidence sent,
 * or none asked for), won or lost.
 */
export type DisputeStage = 'needs_response' | 'under_review' | 'won' | 'lost';

/** The stage of a dispute from its status, outcome and whether its evidence was submitted. */
export function disputeStage(
  dispute: Pick<DisputeSummary, 'status' | 'outcome' | 'submittedAt'>,
): DisputeStage {
  if (dispute.outcome === 'won') return 'won';
  if (dispute.outcome === 'lost') return 'lost';
  return acceptsEvidence(dispute.status) && !dispute.submittedAt ? 'needs_response' : 'under_review';
}
