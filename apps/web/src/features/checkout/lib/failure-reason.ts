/**
 * The card provider's own reason for a failed attempt ('Your card was declined.'), handed to the
 * failed page in the navigation's state (issue #14): it belongs to that one attempt, so a failed page
 * opened later, or from a link, shows only the spec's general reasons.
 */
export interface FailedPageState {
  reason: string;
}

export function failedPageState(reason: string | undefined): FailedPageState | undefined {
  return reason ? { reason } : undefined;
}

/** The reason in a location's state, or null when there is none. */
export function failureReasonFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('reason' in state)) return null;
  return typeof state.reason === 'string' && state.reason ? state.reason : null;
}
